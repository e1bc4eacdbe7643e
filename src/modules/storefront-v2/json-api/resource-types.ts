/**
 * The resource types of the Storefront v2 API and, for each, its relationships and the type each
 * one points at. `include` paths and sparse fieldsets are checked against this graph, so a path
 * is valid whether or not the resource at hand has anything there.
 */
export const RESOURCE_TYPES = {
  cart: {
    line_items: 'line_item',
    variants: 'variant',
    promotions: 'promotion',
    payments: 'payment',
    shipments: 'shipment',
    user: 'user',
    billing_address: 'address',
    shipping_address: 'address',
  },
  line_item: { variant: 'variant', digital_links: 'digital_link' },
  variant: { product: 'product', option_values: 'option_value', images: 'image' },
  product: {
    variants: 'variant',
    default_variant: 'variant',
    primary_variant: 'variant',
    option_types: 'option_type',
    taxons: 'taxon',
    images: 'image',
  },
  option_type: { option_values: 'option_value' },
  option_value: { option_type: 'option_type' },
  image: {},
  promotion: {},
  digital_link: {},
  payment: { payment_method: 'payment_method', source: 'payment_source' },
  payment_source: {},
  payment_method: {},
  credit_card: { payment_method: 'payment_method' },
  shipment: {
    shipping_rates: 'shipping_rate',
    selected_shipping_rate: 'shipping_rate',
    stock_location: 'stock_location',
  },
  shipping_rate: { shipping_method: 'shipping_method' },
  shipping_method: {},
  stock_location: {},
  user: { default_billing_address: 'address', default_shipping_address: 'address' },
  address: { country: 'country', state: 'state' },
  country: { states: 'state' },
  state: {},
  taxon: { parent: 'taxon', children: 'taxon', taxonomy: 'taxonomy', products: 'product' },
  taxonomy: { root: 'taxon' },
  wishlist: { wished_items: 'wished_item' },
  wished_item: { variant: 'variant' },
} as const satisfies Record<string, Record<string, string>>;

export type ResourceType = keyof typeof RESOURCE_TYPES;

export function isResourceType(type: string): type is ResourceType {
  return Object.hasOwn(RESOURCE_TYPES, type);
}

/** The type a relationship of `type` points at, or undefined when `type` has no such relationship. */
export function relationshipTarget(type: ResourceType, name: string): ResourceType | undefined {
  const relationships: Record<string, ResourceType> = RESOURCE_TYPES[type];
  return Object.hasOwn(relationships, name) ? relationships[name] : undefined;
}
