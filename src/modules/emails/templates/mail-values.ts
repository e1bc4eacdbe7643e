import type { ObjectShape } from './value-shapes.js';

/** Every mail can name the store and its branding (see `EmailBranding`). */
export const COMMON_VALUES = {
  store: { name: 'text', url: 'text' },
  brand: {
    logo_url: 'text',
    accent_color: 'text',
    footer_text: 'text',
    support_email: 'text',
  },
} as const satisfies ObjectShape;

const ADDRESS = {
  name: 'text',
  company: 'text',
  address1: 'text',
  address2: 'text',
  city: 'text',
  zipcode: 'text',
  state: 'text',
  country: 'text',
  phone: 'text',
} as const satisfies ObjectShape;

/** One line of an order or a shipment; amounts are formatted in the order's currency. */
const LINE = {
  name: 'text',
  sku: 'text',
  options: 'text',
  quantity: 'number',
  unit_price: 'text',
  total: 'text',
  thumbnail_url: 'text',
  downloads: [{ filename: 'text', url: 'text' }],
} as const satisfies ObjectShape;

export const ORDER = {
  number: 'text',
  email: 'text',
  customer_name: 'text',
  completed_at: 'text',
  currency: 'text',
  lines: [LINE],
  discounts: [{ label: 'text', amount: 'text' }],
  delivery_method: 'text',
  bill_address: ADDRESS,
  ship_address: ADDRESS,
  has_downloads: 'flag',
  item_total: 'text',
  adjustment_total: 'text',
  promo_total: 'text',
  shipping_total: 'text',
  tax_total: 'text',
  total: 'text',
} as const satisfies ObjectShape;

export const SHIPMENT = {
  number: 'text',
  tracking_number: 'text',
  tracking_url: 'text',
  delivery_method: 'text',
  lines: [LINE],
} as const satisfies ObjectShape;

export const REFUND = {
  amount: 'text',
  reason: 'text',
  payment_method: 'text',
} as const satisfies ObjectShape;

/**
 * What a reimbursement gave back: the returned units by line, and each way it was given (null or
 * empty when not): refunds, a store credit, an exchange's new units, and what an exchange leaves
 * the shopper to pay through its payment session.
 */
export const REIMBURSEMENT = {
  number: 'text',
  total: 'text',
  shipping_total: 'text',
  returned: [{ name: 'text', options: 'text', quantity: 'number', amount: 'text' }],
  refunds: [REFUND],
  store_credit: 'text',
  exchange: { lines: [LINE], total: 'text' },
  balance_due: { amount: 'text', payment_session_id: 'text' },
} as const satisfies ObjectShape;

export const GIFT_CARD = {
  code: 'text',
  amount: 'text',
  message: 'text',
  sender_name: 'text',
  expires_on: 'text',
} as const satisfies ObjectShape;

/** A webhook endpoint as staff are told of it (its subscriptions comma-separated). */
export const WEBHOOK_ENDPOINT = {
  id: 'text',
  name: 'text',
  url: 'text',
  subscriptions: 'text',
  failures: 'number',
} as const satisfies ObjectShape;

/** What a mail handing over a one-time token names: a link carrying it, or the token itself. */
export const TOKEN = {
  email: 'text',
  link: 'text',
  token: 'text',
  expires_in: 'text',
} as const satisfies ObjectShape;

/** The values a mail's templates may name: its own beside the common ones. */
export function valuesOf(own: ObjectShape): ObjectShape {
  return { ...COMMON_VALUES, ...own };
}
