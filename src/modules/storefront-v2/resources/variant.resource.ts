import type { OptionTypeView, OptionValueView, VariantView } from '../../catalog/index.js';
import type { ResourceNode } from '../json-api/resource.js';
import { pick } from './pick.js';

type PriceView = VariantView['price'];

/** A v3 price as v2's flat `price`, `currency` and `compare_at_price`, each with its display twin. */
export function priceAttributes(price: PriceView | undefined): Record<string, unknown> {
  return {
    currency: price?.currency ?? null,
    price: price?.amount ?? null,
    display_price: price?.display_amount ?? null,
    compare_at_price: price?.compare_at_amount ?? null,
    display_compare_at_price: price?.display_compare_at_amount ?? null,
  };
}

/** An option type as v2's `option_type`; its `option_values` are given by whoever knows them. */
export function optionTypeResource(
  view: Pick<OptionTypeView, 'id' | 'name' | 'label'> & Partial<OptionTypeView>,
  optionValues?: () => ResourceNode[],
): ResourceNode {
  return {
    type: 'option_type',
    id: view.id,
    attributes: {
      name: view.name,
      presentation: view.label,
      ...pick(view, ['position', 'kind']),
    },
    ...(optionValues ? { relationships: { option_values: optionValues } } : {}),
  };
}

/** An option value as v2's `option_value`, with its option type. */
export function optionValueResource(view: OptionValueView, optionType: ResourceNode): ResourceNode {
  return {
    type: 'option_value',
    id: view.id,
    attributes: {
      name: view.name,
      presentation: view.label,
      ...pick(view as unknown as Record<string, unknown>, ['position', 'color_code']),
    },
    relationships: { option_type: optionType },
  };
}

/** The option value nodes of a product: one node per value, shared by its variants. */
export type OptionValueNodes = (view: OptionValueView) => ResourceNode;

/** Option value nodes for values seen on their own (each with the option type the value names). */
export const standaloneOptionValues: OptionValueNodes = (view) =>
  optionValueResource(
    view,
    optionTypeResource({
      id: view.option_type_id,
      name: view.option_type_name,
      label: view.option_type_label,
    }),
  );

/**
 * A variant as v2's `variant`: its price with display twins, dimensions as numbers (or null), and
 * `options` (type name, value name, presentation) beside the `option_values` relationship. The
 * store has no master variant: every variant is one a shopper can buy (`is_master` is false).
 */
export function variantResource(
  view: VariantView,
  related: {
    product?: ResourceNode;
    optionValues?: OptionValueNodes;
    images?: ResourceNode[];
  } = {},
): ResourceNode {
  const optionValues = related.optionValues ?? standaloneOptionValues;
  return {
    type: 'variant',
    id: view.id,
    attributes: {
      ...pick(view as unknown as Record<string, unknown>, [
        'sku',
        'options_text',
        'weight',
        'height',
        'width',
        'depth',
        'position',
        'track_inventory',
        'purchasable',
        'in_stock',
        'backorderable',
      ]),
      is_master: false,
      options: view.option_values.map((value) => ({
        name: value.option_type_name,
        value: value.name,
        presentation: value.label,
      })),
      ...priceAttributes(view.price),
    },
    relationships: {
      ...(related.product ? { product: related.product } : {}),
      option_values: view.option_values.map(optionValues),
      images: related.images ?? [],
    },
  };
}
