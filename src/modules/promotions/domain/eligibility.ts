import type { Money } from '../../../common/money/money.js';
import { lineMatches } from './line-rules.js';
import { checkRule } from './rules.js';
import type {
  CartLine,
  CartSnapshot,
  LineRule,
  NotAppliedReason,
  PromotionDefinition,
  PromotionRule,
} from './types.js';

export type Eligibility =
  { eligible: true; matchingLines: CartLine[] } | { eligible: false; reason: NotAppliedReason };

function isLineRule(rule: PromotionRule): rule is LineRule {
  return rule.type === 'product' || rule.type === 'category';
}

/**
 * The lines line actions discount (Spree's `actionable?`): with no product or category rule every
 * line; otherwise those every such rule matches (`all`) or one of them does (`any`).
 */
export function matchingLines(promotion: PromotionDefinition, cart: CartSnapshot): CartLine[] {
  const lineRules = promotion.rules.filter(isLineRule);
  if (lineRules.length === 0) return [...cart.lines];
  const matches = (line: CartLine) => (rule: LineRule) => lineMatches(rule, line);
  return cart.lines.filter((line) =>
    promotion.matchPolicy === 'all'
      ? lineRules.every(matches(line))
      : lineRules.some(matches(line)),
  );
}

/** Whether the cart, as it is before any discount, qualifies for the promotion. */
export function evaluateEligibility(
  promotion: PromotionDefinition,
  cart: CartSnapshot,
  itemTotal: Money,
): Eligibility {
  const lines = matchingLines(promotion, cart);
  if (!actionAmountsSetFor(promotion, cart.currency)) {
    return { eligible: false, reason: 'amount_not_set_for_currency' };
  }
  const context = {
    cart,
    itemTotal,
    matchingQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
  const failures = promotion.rules
    .map((rule) => checkRule(rule, context))
    .filter((reason) => reason !== undefined);
  const passes =
    promotion.matchPolicy === 'all'
      ? failures.length === 0
      : promotion.rules.length === 0 || failures.length < promotion.rules.length;
  return passes
    ? { eligible: true, matchingLines: lines }
    : { eligible: false, reason: failures[0] };
}

function actionAmountsSetFor(promotion: PromotionDefinition, currency: string): boolean {
  return promotion.actions.every(
    (action) => !('amount' in action) || action.amount[currency] !== undefined,
  );
}
