import type { Money } from '../../../common/money/money.js';

/** Amounts per ISO 4217 currency as decimal strings, e.g. `{ USD: '50.00', JPY: '5000' }`. */
export type CurrencyAmounts = Readonly<Record<string, string>>;

/** A percentage as a decimal string from "0" to "100", e.g. "12.5". */
export type Percent = string;

export interface CartLine {
  id: string;
  variantId: string;
  productId: string;
  /** The categories of the line's product together with all their ancestors. */
  categoryIds: readonly string[];
  unitPrice: Money;
  /** A positive integer. */
  quantity: number;
}

export interface CartShipment {
  id: string;
  cost: Money;
}

export interface CartCustomer {
  signedIn: boolean;
  id?: string;
  tagIds: readonly string[];
  /** Orders the customer has already placed (this cart excluded). */
  placedOrderCount: number;
}

export interface ShipAddress {
  countryIso: string;
  zoneIds: readonly string[];
}

/** What the calculator sees of a cart; every amount is in `currency`. */
export interface CartSnapshot {
  currency: string;
  lines: readonly CartLine[];
  shipments: readonly CartShipment[];
  customer: CartCustomer;
  shipAddress?: ShipAddress;
}

/**
 * How a product or category rule reads its list (Spree's `match_policy` of the Product and Taxon
 * rules): `any` needs one listed id in the cart, `all` every one, `none` none of them.
 */
export type ListMatch = 'any' | 'all' | 'none';

/** Spree::Promotion::Rules::ItemTotal: the cart's item total within inclusive bounds. */
export interface ItemTotalRule {
  type: 'item_total';
  min?: CurrencyAmounts;
  max?: CurrencyAmounts;
}

/** Spree::Promotion::Rules::Product. Its lines are the ones line actions discount. */
export interface ProductRule {
  type: 'product';
  productIds: readonly string[];
  /** Defaults to `any`. */
  match?: ListMatch;
}

/** Spree::Promotion::Rules::Taxon: a listed category or any of its descendants. */
export interface CategoryRule {
  type: 'category';
  categoryIds: readonly string[];
  /** Defaults to `any`. */
  match?: ListMatch;
}

/** At least `min` units on the lines the promotion's product and category rules match. */
export interface QuantityRule {
  type: 'quantity';
  min: number;
}

/** Spree::Promotion::Rules::UserLoggedIn. */
export interface SignedInRule {
  type: 'signed_in';
}

/** Spree::Promotion::Rules::User: one of the listed customers, signed in. */
export interface CustomerRule {
  type: 'customer';
  customerIds: readonly string[];
}

/** A customer carrying at least one of the listed tags. */
export interface CustomerTagRule {
  type: 'customer_tag';
  tagIds: readonly string[];
}

/** Spree::Promotion::Rules::FirstOrder. */
export interface FirstOrderRule {
  type: 'first_order';
}

/** Spree::Promotion::Rules::Currency. */
export interface CurrencyRule {
  type: 'currency';
  currencies: readonly string[];
}

/** Spree::Promotion::Rules::Country: the shipping address is in one of the countries. */
export interface CountryRule {
  type: 'country';
  countryIsos: readonly string[];
}

/** The shipping address is in one of the zones. */
export interface ZoneRule {
  type: 'zone';
  zoneIds: readonly string[];
}

export type PromotionRule =
  | ItemTotalRule
  | ProductRule
  | CategoryRule
  | QuantityRule
  | SignedInRule
  | CustomerRule
  | CustomerTagRule
  | FirstOrderRule
  | CurrencyRule
  | CountryRule
  | ZoneRule;

/** Rules whose verdict depends on a single line: they pick the lines that line actions discount. */
export type LineRule = ProductRule | CategoryRule;

/** CreateAdjustment with FlatPercentItemTotal: a percentage of the item total. */
export interface OrderPercentAction {
  type: 'order_percent';
  percent: Percent;
}

/** CreateAdjustment with FlatRate: an amount off the item total. */
export interface OrderFixedAction {
  type: 'order_fixed';
  amount: CurrencyAmounts;
}

/** CreateItemAdjustments with PercentOnLineItem: a percentage off each matching line. */
export interface LinePercentAction {
  type: 'line_percent';
  percent: Percent;
  /** Discounts at most this many units of each line. */
  maxQuantity?: number;
}

/** CreateItemAdjustments with FlatRate: an amount off each matching line or each of its units. */
export interface LineFixedAction {
  type: 'line_fixed';
  amount: CurrencyAmounts;
  per: 'line' | 'unit';
  /** With `per: 'unit'`: discounts at most this many units of each line. */
  maxQuantity?: number;
}

/** Spree::Promotion::Actions::FreeShipping: every shipment's cost. */
export interface FreeShippingAction {
  type: 'free_shipping';
}

/**
 * For every `buyQuantity + getQuantity` matching units, the `getQuantity` cheapest of them are
 * free, or `percent` off.
 */
export interface BuyXGetYAction {
  type: 'buy_x_get_y';
  buyQuantity: number;
  getQuantity: number;
  /** Defaults to "100": the units are free. */
  percent?: Percent;
}

export type PromotionAction =
  | OrderPercentAction
  | OrderFixedAction
  | LinePercentAction
  | LineFixedAction
  | FreeShippingAction
  | BuyXGetYAction;

/** Spree's `match_policy`: every rule must hold, or one is enough. */
export type MatchPolicy = 'all' | 'any';

/**
 * A promotion the cart may get. Status, window, usage limits and codes are the caller's to check:
 * it passes the active automatic promotions and those whose code the cart carries.
 */
export interface PromotionDefinition {
  id: string;
  name: string;
  /** Shown beside the discount; the calculator does not read it. */
  description?: string | null;
  code?: string;
  /** Higher first. */
  priority: number;
  /** Applies alone rather than stacking with the others. */
  exclusive: boolean;
  matchPolicy: MatchPolicy;
  rules: readonly PromotionRule[];
  actions: readonly PromotionAction[];
}

/** Why a promotion does not apply; a code the cart can surface as a warning. */
export type NotAppliedReason =
  | 'item_total_below_minimum'
  | 'item_total_above_maximum'
  | `${'no_matching' | 'missing_required' | 'excluded'}_${'product' | 'category'}`
  | 'quantity_below_minimum'
  | 'not_signed_in'
  | 'customer_not_eligible'
  | 'customer_tag_missing'
  | 'not_first_order'
  | 'currency_not_eligible'
  | 'ship_address_missing'
  | 'country_not_eligible'
  | 'zone_not_eligible'
  /** An item-total rule or a fixed action has no amount in the cart's currency. */
  | 'amount_not_set_for_currency'
  /** Eligible, but nothing it discounts is left above zero (or there is nothing, e.g. no shipment). */
  | 'nothing_to_discount'
  | 'excluded_by_exclusive_promotion';

/** A discount (≥ 0) on one line item or shipment. */
export interface Adjustment {
  adjustableType: 'line_item' | 'shipment';
  adjustableId: string;
  amount: Money;
}

export interface AppliedPromotion {
  promotionId: string;
  /** The sum of its adjustments. */
  amount: Money;
  /** Non-zero only, lines in cart order then shipments; an order action's parts are on its lines. */
  adjustments: Adjustment[];
}

export interface NotAppliedPromotion {
  promotionId: string;
  reason: NotAppliedReason;
}

export interface LineDiscount {
  lineId: string;
  /** unit price × quantity, rounded to the currency */
  amount: Money;
  /** Every applied promotion's part, ≤ `amount`. */
  discount: Money;
  discountedAmount: Money;
}

export interface ShipmentDiscount {
  shipmentId: string;
  cost: Money;
  discount: Money;
  discountedCost: Money;
}

export interface PromotionOutcome {
  /** In the order they were applied. */
  applied: AppliedPromotion[];
  /** In evaluation order. */
  notApplied: NotAppliedPromotion[];
  /** Every line, in cart order. */
  lines: LineDiscount[];
  /** Every shipment, in cart order. */
  shipments: ShipmentDiscount[];
  itemDiscountTotal: Money;
  shippingDiscountTotal: Money;
  discountTotal: Money;
}
