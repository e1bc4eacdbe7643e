import type { JsonApiQuery } from './json-api-query.js';
import { type Related, relatedOf, type ResourceIdentifier, type ResourceNode } from './resource.js';

/** A resource object as a document carries it. */
export interface ResourceObject extends ResourceIdentifier {
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: ResourceIdentifier | null | ResourceIdentifier[] }>;
}

export interface JsonApiDocument {
  data: ResourceObject | ResourceObject[];
  included?: ResourceObject[];
  meta?: Record<string, unknown>;
  links?: Record<string, string | null>;
}

/** Top-level members besides `data` and `included`. */
export interface DocumentExtras {
  meta?: Record<string, unknown>;
  links?: Record<string, string | null>;
}

/**
 * Renders a JSON:API document: the primary resource(s), trimmed to the requested sparse
 * fieldsets, and under `included` every resource the include paths reach, each once (and never
 * one that is already primary data).
 */
export function renderDocument(
  primary: ResourceNode | ResourceNode[],
  query: JsonApiQuery,
  extras: DocumentExtras = {},
): JsonApiDocument {
  const primaries = Array.isArray(primary) ? primary : [primary];
  const seen = new Set(primaries.map(keyOf));
  const included: ResourceObject[] = [];
  for (const path of query.include) {
    for (const node of primaries) {
      walk(node, path, (reached) => {
        const key = keyOf(reached);
        if (seen.has(key)) return;
        seen.add(key);
        included.push(resourceObject(reached, query));
      });
    }
  }
  const data = Array.isArray(primary)
    ? primary.map((node) => resourceObject(node, query))
    : resourceObject(primary, query);
  return {
    data,
    ...(query.include.length > 0 ? { included } : {}),
    ...(extras.meta ? { meta: extras.meta } : {}),
    ...(extras.links ? { links: extras.links } : {}),
  };
}

/** Calls `visit` with every resource along `path` (the intermediate ones too, as JSON:API asks). */
function walk(node: ResourceNode, path: string[], visit: (node: ResourceNode) => void): void {
  if (path.length === 0) return;
  const [name, ...rest] = path;
  for (const related of nodesOf(relatedOf(node, name))) {
    visit(related);
    walk(related, rest, visit);
  }
}

function resourceObject(node: ResourceNode, query: JsonApiQuery): ResourceObject {
  const wanted = query.fields.get(node.type);
  const keep = (name: string) => wanted === undefined || wanted.has(name);
  const attributes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(node.attributes)) {
    if (keep(name)) attributes[name] = value;
  }
  const object: ResourceObject = { id: node.id, type: node.type, attributes };
  if (node.relationships) {
    const relationships: NonNullable<ResourceObject['relationships']> = {};
    for (const name of Object.keys(node.relationships)) {
      if (keep(name)) relationships[name] = { data: identifiersOf(relatedOf(node, name)) };
    }
    object.relationships = relationships;
  }
  return object;
}

function identifiersOf(related: Related): ResourceIdentifier | null | ResourceIdentifier[] {
  if (related === null) return null;
  if (Array.isArray(related)) return related.map(({ type, id }) => ({ type, id }));
  return { type: related.type, id: related.id };
}

function nodesOf(related: Related): ResourceNode[] {
  if (related === null) return [];
  return Array.isArray(related) ? related : [related];
}

function keyOf(node: ResourceIdentifier): string {
  return `${node.type}:${node.id}`;
}
