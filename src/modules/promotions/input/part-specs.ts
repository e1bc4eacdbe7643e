/** How one preference of a rule or action is written and checked. */
export type PreferenceKind =
  | 'percent'
  | 'amounts'
  | 'positive_integer'
  | 'list_match'
  | 'per'
  | 'currencies'
  | 'country_codes'
  | 'tags'
  | RecordKind;

/** Preferences that list records of the store by public id. */
export type RecordKind = 'product_ids' | 'category_ids' | 'customer_ids' | 'zone_ids';

export interface PreferenceSpec {
  key: string;
  kind: PreferenceKind;
  required?: boolean;
  default?: unknown;
}

export interface PartSpec {
  type: string;
  label: string;
  description: string;
  preferences: readonly PreferenceSpec[];
}

const percent = (required = true, fallback?: string): PreferenceSpec => ({
  key: 'percent',
  kind: 'percent',
  required,
  ...(fallback ? { default: fallback } : {}),
});
const ids = (kind: RecordKind): PreferenceSpec => ({ key: kind, kind, required: true });
const listMatch: PreferenceSpec = { key: 'match_policy', kind: 'list_match', default: 'any' };
const maxQuantity: PreferenceSpec = { key: 'max_quantity', kind: 'positive_integer' };

/** The rule types, each a rule of the calculator (`domain/types.ts`). */
export const RULE_SPECS: readonly PartSpec[] = [
  {
    type: 'item_total',
    label: 'Item total',
    description: 'The cart’s item total is within the bounds set for its currency (inclusive)',
    preferences: [
      { key: 'amount_min', kind: 'amounts' },
      { key: 'amount_max', kind: 'amounts' },
    ],
  },
  {
    type: 'product',
    label: 'Products',
    description: 'The cart holds any, all or none of the products; line actions discount them',
    preferences: [ids('product_ids'), listMatch],
  },
  {
    type: 'category',
    label: 'Categories',
    description: 'The cart holds products of any, all or none of the categories (or below them)',
    preferences: [ids('category_ids'), listMatch],
  },
  {
    type: 'quantity',
    label: 'Quantity',
    description: 'At least this many units on the lines the product and category rules match',
    preferences: [{ key: 'min_quantity', kind: 'positive_integer', required: true }],
  },
  {
    type: 'signed_in',
    label: 'Signed-in customer',
    description: 'The cart belongs to a signed-in customer',
    preferences: [],
  },
  {
    type: 'customer',
    label: 'Customers',
    description: 'The cart belongs to one of the customers, signed in',
    preferences: [ids('customer_ids')],
  },
  {
    type: 'customer_tag',
    label: 'Customer tags',
    description: 'The customer carries at least one of the tags',
    preferences: [{ key: 'tags', kind: 'tags', required: true }],
  },
  {
    type: 'first_order',
    label: 'First order',
    description: 'The customer has placed no order yet',
    preferences: [],
  },
  {
    type: 'currency',
    label: 'Currency',
    description: 'The cart is in one of the currencies',
    preferences: [{ key: 'currencies', kind: 'currencies', required: true }],
  },
  {
    type: 'country',
    label: 'Country',
    description: 'The shipping address is in one of the countries (ISO 3166-1 alpha-2)',
    preferences: [{ key: 'country_codes', kind: 'country_codes', required: true }],
  },
  {
    type: 'zone',
    label: 'Zone',
    description: 'The shipping address is in one of the zones',
    preferences: [ids('zone_ids')],
  },
];

/** The action types, each an action of the calculator. */
export const ACTION_SPECS: readonly PartSpec[] = [
  {
    type: 'order_percent',
    label: 'Percent off the order',
    description: 'A percentage of the item total, spread over the lines',
    preferences: [percent()],
  },
  {
    type: 'order_fixed',
    label: 'Amount off the order',
    description: 'An amount (per currency) off the item total, spread over the lines',
    preferences: [{ key: 'amount', kind: 'amounts', required: true }],
  },
  {
    type: 'line_percent',
    label: 'Percent off matching lines',
    description:
      'A percentage off each line the product and category rules match (all lines without)',
    preferences: [percent(), maxQuantity],
  },
  {
    type: 'line_fixed',
    label: 'Amount off matching lines',
    description: 'An amount (per currency) off each matching line, or off each of its units',
    preferences: [
      { key: 'amount', kind: 'amounts', required: true },
      { key: 'per', kind: 'per', default: 'line' },
      maxQuantity,
    ],
  },
  {
    type: 'free_shipping',
    label: 'Free shipping',
    description: 'Every shipment’s cost',
    preferences: [],
  },
  {
    type: 'buy_x_get_y',
    label: 'Buy X get Y',
    description:
      'For every buy + get matching units, the get cheapest ones are free (or percent off)',
    preferences: [
      { key: 'buy_quantity', kind: 'positive_integer', required: true },
      { key: 'get_quantity', kind: 'positive_integer', required: true },
      percent(false, '100'),
    ],
  },
];

/** Record id lists Spree's rules carry beside their preferences rather than in them. */
export const TOP_LEVEL_IDS = ['product_ids', 'category_ids', 'customer_ids'] as const;
