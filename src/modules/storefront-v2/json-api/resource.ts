/** A resource's type and id, as JSON:API relationships and `included` name it. */
export interface ResourceIdentifier {
  type: string;
  id: string;
}

/** What a relationship points at: one resource, none, or a list (possibly empty). */
export type Related = ResourceNode | null | ResourceNode[];

/**
 * A resource with the resources it relates to, from which a document is rendered: relationships
 * hold the related nodes themselves (or a function giving them, for cycles and for what only an
 * `include` needs), so `include` paths can walk the graph.
 */
export interface ResourceNode extends ResourceIdentifier {
  attributes: Record<string, unknown>;
  relationships?: Record<string, Related | (() => Related)>;
}

export function relatedOf(node: ResourceNode, name: string): Related {
  const related = node.relationships?.[name];
  if (related === undefined) return null;
  return typeof related === 'function' ? related() : related;
}
