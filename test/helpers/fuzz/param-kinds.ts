import { ID_PREFIX } from '../../../src/common/ids/id-prefixes.js';

/** The id prefix of the records a path segment lists (`/products/{id}` → `prod`). */
const SEGMENT_PREFIX: Record<string, string> = {
  stock_locations: ID_PREFIX.stockLocation,
  stock_items: ID_PREFIX.stockItem,
  products: ID_PREFIX.product,
  variants: ID_PREFIX.variant,
  prices: ID_PREFIX.price,
  option_types: ID_PREFIX.optionType,
  categories: ID_PREFIX.category,
  addresses: ID_PREFIX.address,
  customers: ID_PREFIX.customer,
  api_keys: ID_PREFIX.apiKey,
  roles: ID_PREFIX.role,
  staff_users: ID_PREFIX.staffUser,
  carts: ID_PREFIX.cart,
  items: ID_PREFIX.lineItem,
  remove_line_item: ID_PREFIX.lineItem,
  orders: ID_PREFIX.order,
  fulfillments: ID_PREFIX.fulfillment,
  payments: ID_PREFIX.payment,
  refunds: ID_PREFIX.refund,
  payment_sessions: ID_PREFIX.paymentSession,
  digitals: ID_PREFIX.digital,
  zones: ID_PREFIX.zone,
  webhook_endpoints: ID_PREFIX.webhookEndpoint,
  deliveries: ID_PREFIX.webhookDelivery,
  store_credits: ID_PREFIX.storeCredit,
  wishlists: ID_PREFIX.wishlist,
  delivery_methods: ID_PREFIX.deliveryMethod,
  tax_rates: ID_PREFIX.taxRate,
  tax_categories: ID_PREFIX.taxCategory,
  allowed_origins: ID_PREFIX.allowedOrigin,
  payment_methods: ID_PREFIX.paymentMethod,
  markets: 'market',
  delivery_rates: ID_PREFIX.deliveryRate,
  parents: ID_PREFIX.category,
};

/** Path parameters that are not ids: what kind of value they take. */
const VALUE_PARAMS: Record<string, string> = {
  id_or_slug: 'slug',
  path: 'permalink',
  iso: 'iso',
  number: 'number',
  token: 'token',
  code: 'code',
};

/**
 * What a path parameter names: an id prefix (`prod`) or a value kind (`slug`, `iso`...), judged
 * from its name (`{variant_id}`) or, for `{id}`, from the segment before it.
 */
export function kindOf(path: string, param: string): string {
  if (VALUE_PARAMS[param]) return VALUE_PARAMS[param];
  if (param.endsWith('_id')) {
    const resource = param.slice(0, -3);
    const segments = Object.keys(SEGMENT_PREFIX);
    const plural =
      segments.find((segment) => segment === `${resource}s`) ??
      segments.find(
        (segment) => segment.endsWith(`_${resource}s`) || `${resource}s`.endsWith(`_${segment}`),
      );
    if (resource === 'endpoint') return ID_PREFIX.webhookEndpoint;
    if (resource === 'session') return ID_PREFIX.paymentSession;
    if (plural) return SEGMENT_PREFIX[plural];
  }
  const parts = path.split('/');
  const segment = parts[parts.indexOf(`{${param}}`) - 1];
  if (segment === 'products' && path.startsWith('/api/v2/')) return 'slug';
  return SEGMENT_PREFIX[segment] ?? param;
}

/** The id prefix of what an operation's path is about: `/api/v3/admin/products/bulk_status` → `prod`. */
export function resourceKindOf(path: string): string | undefined {
  const segment = path
    .split('/')
    .filter((part) => SEGMENT_PREFIX[part])
    .pop();
  return segment && SEGMENT_PREFIX[segment];
}

/** The prefix of a public id (`prod_k3G7` → `prod`), or undefined for other strings. */
export function prefixOf(value: string): string | undefined {
  return /^([a-z]+)_[A-Za-z0-9]{3,}$/.exec(value)?.[1];
}
