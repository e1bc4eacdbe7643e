import type { CategoryView } from '../../catalog/index.js';
import type { ResourceNode } from '../json-api/resource.js';
import { pick } from './pick.js';

/** A v3 category view, with whichever of its relations were expanded. */
export type TaxonView = Partial<CategoryView> & { id: string };

const ATTRIBUTES = [
  'name',
  'permalink',
  'position',
  'depth',
  'is_root',
  'is_child',
  'is_leaf',
  'description',
  'meta_title',
  'meta_description',
  'meta_keywords',
] as const;

/**
 * A category as v2's `taxon`. With its `ancestors` expanded (root first), the taxon knows its
 * whole lineage: `parent` (and the parent's parent…), `pretty_name` (`Categories -> Apparel ->
 * Shirts`) and `taxonomy`. Without them only a root knows these; `parent` and `taxonomy` are then
 * left out rather than shown wrong. `children` are there when expanded (a leaf has none).
 *
 * The store keeps trees of categories, not taxonomies: a taxon's `taxonomy` is the tree of its
 * root category (see `taxonomyResource`).
 */
export function taxonResource(view: TaxonView): ResourceNode {
  return taxonNode(view, view.ancestors ? lineageOf(view.ancestors) : undefined);
}

/** `lineage`: the nodes of the taxon's ancestors, root first, when known. */
function taxonNode(view: TaxonView, lineage: ResourceNode[] | undefined): ResourceNode {
  const node: ResourceNode = { type: 'taxon', id: view.id, attributes: pick(view, ATTRIBUTES) };
  const known = view.is_root ? [] : lineage;
  if (known) {
    node.attributes.pretty_name = [
      ...known.map((ancestor) => ancestor.attributes.name),
      view.name,
    ].join(' -> ');
  }
  node.attributes.seo_title = view.meta_title || view.name;
  const root = known && (known[0] ?? node);
  const children = view.children ?? (view.is_leaf ? [] : undefined);
  node.relationships = {
    ...(known ? { parent: known.at(-1) ?? null } : {}),
    ...(children
      ? { children: () => children.map((child) => taxonNode(child, known && [...known, node])) }
      : {}),
    ...(root ? { taxonomy: () => taxonomyResource(root) } : {}),
  };
  return node;
}

/** The nodes of a chain of ancestors (root first), each with the ones above it as its lineage. */
function lineageOf(ancestors: CategoryView[]): ResourceNode[] {
  const nodes: ResourceNode[] = [];
  for (const ancestor of ancestors) nodes.push(taxonNode(ancestor, [...nodes]));
  return nodes;
}

/**
 * The tree under a root category as v2's `taxonomy`: named as the root and identified by the
 * root's permalink (unique in the store; the root's own id is the root taxon's).
 */
export function taxonomyResource(root: ResourceNode): ResourceNode {
  return {
    type: 'taxonomy',
    id: String(root.attributes.permalink),
    attributes: pick(root.attributes, ['name', 'position']),
    relationships: { root },
  };
}
