import type { Money } from '../../../common/money/money.js';
import { amountIn, assertPositiveInteger } from './amounts.js';
import { checkLineRule } from './line-rules.js';
import type {
  CartSnapshot,
  CurrencyAmounts,
  ItemTotalRule,
  NotAppliedReason,
  PromotionRule,
} from './types.js';

/** What the rules read beyond the cart itself. */
export interface RuleContext {
  cart: CartSnapshot;
  /** Every line's amount before any discount. */
  itemTotal: Money;
  /** Units on the lines the promotion's product and category rules match. */
  matchingQuantity: number;
}

/** Why the cart fails the rule, or undefined when it passes. */
export function checkRule(rule: PromotionRule, context: RuleContext): NotAppliedReason | undefined {
  const { cart } = context;
  const { customer, shipAddress } = cart;
  const unless = (holds: boolean, reason: NotAppliedReason) => (holds ? undefined : reason);
  switch (rule.type) {
    case 'item_total':
      return checkItemTotal(rule, context.itemTotal);
    case 'product':
    case 'category':
      return checkLineRule(rule, cart.lines);
    case 'quantity':
      return unless(
        context.matchingQuantity >= assertPositiveInteger(rule.min, 'A quantity rule minimum'),
        'quantity_below_minimum',
      );
    case 'signed_in':
      return unless(customer.signedIn, 'not_signed_in');
    case 'customer':
      return unless(
        customer.signedIn && customer.id !== undefined && rule.customerIds.includes(customer.id),
        'customer_not_eligible',
      );
    case 'customer_tag':
      return unless(
        customer.tagIds.some((tag) => rule.tagIds.includes(tag)),
        'customer_tag_missing',
      );
    case 'first_order':
      return unless(customer.placedOrderCount === 0, 'not_first_order');
    case 'currency':
      return unless(rule.currencies.includes(cart.currency), 'currency_not_eligible');
    case 'country':
      if (!shipAddress) return 'ship_address_missing';
      return unless(rule.countryIsos.includes(shipAddress.countryIso), 'country_not_eligible');
    case 'zone':
      if (!shipAddress) return 'ship_address_missing';
      return unless(
        shipAddress.zoneIds.some((zone) => rule.zoneIds.includes(zone)),
        'zone_not_eligible',
      );
  }
}

function checkItemTotal(rule: ItemTotalRule, itemTotal: Money): NotAppliedReason | undefined {
  const bound = (amounts: CurrencyAmounts | undefined) =>
    amounts && (amountIn(amounts, itemTotal.currency) ?? null);
  const min = bound(rule.min);
  const max = bound(rule.max);
  // A bound set for other currencies only: the promotion was not meant for this one.
  if (min === null || max === null) return 'amount_not_set_for_currency';
  if (min && itemTotal.compare(min) < 0) return 'item_total_below_minimum';
  if (max && itemTotal.compare(max) > 0) return 'item_total_above_maximum';
  return undefined;
}
