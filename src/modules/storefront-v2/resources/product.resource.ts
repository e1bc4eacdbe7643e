import type { OptionValueView, ProductView } from '../../catalog/index.js';
import type { ResourceNode } from '../json-api/resource.js';
import { imageResources } from './image.resource.js';
import { pick } from './pick.js';
import { taxonResource } from './taxon.resource.js';
import {
  optionTypeResource,
  optionValueResource,
  priceAttributes,
  variantResource,
} from './variant.resource.js';

/** A v3 product view, with whichever of its relations were expanded. */
export type ProductNodeView = Partial<ProductView> & { id: string };

const ATTRIBUTES = [
  'name',
  'slug',
  'description',
  'available_on',
  'available',
  'purchasable',
  'in_stock',
  'backorderable',
  'meta_title',
  'meta_description',
  'meta_keywords',
  'tags',
  'created_at',
  'updated_at',
] as const;

/**
 * A product as v2's `product`: the price and `sku` of its default variant (the first), its
 * variants (`default_variant` and `primary_variant` are that first one), option types with the
 * option values its variants use (one node per value, shared), and its categories as `taxons`.
 * Its image media are its `images`; each variant's are those attached to it (one node per image,
 * shared).
 */
export function productResource(view: ProductNodeView): ResourceNode {
  const variantViews = view.variants ?? (view.default_variant ? [view.default_variant] : []);
  const defaultView = view.default_variant ?? variantViews[0];
  const node: ResourceNode = {
    type: 'product',
    id: view.id,
    attributes: {
      ...pick(view, ATTRIBUTES),
      sku: defaultView?.sku ?? null,
      ...priceAttributes(view.price ?? undefined),
    },
  };

  const valuesByType = new Map<string, ResourceNode[]>();
  const optionTypes = new Map(
    (view.option_types ?? []).map((type) => [
      type.id,
      optionTypeResource(type, () => byPosition(valuesByType.get(type.id) ?? [])),
    ]),
  );
  const optionValues = new Map<string, ResourceNode>();
  const optionValueNode = (value: OptionValueView): ResourceNode => {
    let valueNode = optionValues.get(value.id);
    if (!valueNode) {
      const type =
        optionTypes.get(value.option_type_id) ??
        optionTypeResource({
          id: value.option_type_id,
          name: value.option_type_name,
          label: value.option_type_label,
        });
      valueNode = optionValueResource(value, type);
      optionValues.set(value.id, valueNode);
      valuesByType.set(value.option_type_id, [
        ...(valuesByType.get(value.option_type_id) ?? []),
        valueNode,
      ]);
    }
    return valueNode;
  };

  const images = imageResources(view.media);
  const variants = variantViews.map((variant) =>
    variantResource(variant, {
      product: node,
      optionValues: optionValueNode,
      images: images
        .filter((image) => image.variantIds.includes(variant.id))
        .map((image) => image.node),
    }),
  );
  const defaultVariant = variants.find((variant) => variant.id === defaultView?.id) ?? null;
  node.relationships = {
    variants,
    default_variant: defaultVariant,
    primary_variant: defaultVariant,
    option_types: [...optionTypes.values()],
    taxons: (view.categories ?? []).map((category) => taxonResource(category)),
    images: images.map((image) => image.node),
  };
  return node;
}

function byPosition(nodes: ResourceNode[]): ResourceNode[] {
  return [...nodes].sort(
    (a, b) => Number(a.attributes.position ?? 0) - Number(b.attributes.position ?? 0),
  );
}
