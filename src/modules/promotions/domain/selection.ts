import { Money } from '../../../common/money/money.js';
import { lineAmount } from './amounts.js';
import { applyPromotion } from './application.js';
import { discountTotals } from './discount-totals.js';
import { type Eligibility, evaluateEligibility } from './eligibility.js';
import { DiscountLedger } from './ledger.js';
import type {
  Adjustment,
  AppliedPromotion,
  CartSnapshot,
  NotAppliedPromotion,
  NotAppliedReason,
  PromotionDefinition,
  PromotionOutcome,
} from './types.js';

const ids = new Intl.Collator('en', { numeric: true });
const DIGITS = /^\d+$/;

/** Higher priority first, then by id ("9" before "10"). */
export function byPriority(a: PromotionDefinition, b: PromotionDefinition): number {
  return b.priority - a.priority || compareIds(a.id, b.id);
}

function compareIds(a: string, b: string): number {
  // Ids are digit strings (bigint keys): ordered by length, then by text, they are in numeric order.
  if (DIGITS.test(a) && DIGITS.test(b)) {
    return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  }
  return ids.compare(a, b);
}

/** The promotions in `byPriority` order; cached lists usually come sorted and are not copied. */
function inPriorityOrder(
  promotions: readonly PromotionDefinition[],
): readonly PromotionDefinition[] {
  for (let i = 1; i < promotions.length; i++) {
    if (byPriority(promotions[i - 1], promotions[i]) > 0) return [...promotions].sort(byPriority);
  }
  return promotions;
}

interface Verdict {
  promotion: PromotionDefinition;
  eligibility: Eligibility;
}

/**
 * Which promotions the cart gets and what each takes off. Eligibility is judged on the cart as it
 * is, in priority order; then the best exclusive promotion that gives something applies alone, or
 * else every eligible non-exclusive one applies in turn to what the earlier ones left.
 */
export function calculatePromotions(
  cart: CartSnapshot,
  promotions: readonly PromotionDefinition[],
): PromotionOutcome {
  const itemTotal = Money.sum(cart.lines.map(lineAmount), cart.currency);
  const verdicts: Verdict[] = inPriorityOrder(promotions).map((promotion) => ({
    promotion,
    eligibility: evaluateEligibility(promotion, cart, itemTotal),
  }));
  const ledger = DiscountLedger.of(cart);
  const apply = ({ promotion, eligibility }: Verdict, to: DiscountLedger): Adjustment[] =>
    eligibility.eligible ? applyPromotion(promotion, eligibility.matchingLines, cart, to) : [];
  const winner = verdicts.find(
    (verdict) => verdict.promotion.exclusive && apply(verdict, ledger.fork()).length > 0,
  );
  const winnerRank = winner ? verdicts.indexOf(winner) : verdicts.length;
  const skipReason = ({ promotion, eligibility }: Verdict, rank: number) => {
    if (!eligibility.eligible) return eligibility.reason;
    if (promotion.exclusive) {
      // Exclusive promotions ranked above the winner were tried and gave nothing.
      if (rank < winnerRank) return 'nothing_to_discount';
      if (rank > winnerRank) return 'excluded_by_exclusive_promotion';
    } else if (winner) return 'excluded_by_exclusive_promotion';
    return undefined;
  };

  const applied: AppliedPromotion[] = [];
  const notApplied: NotAppliedPromotion[] = [];
  verdicts.forEach((verdict, rank) => {
    const promotionId = verdict.promotion.id;
    let reason: NotAppliedReason | undefined = skipReason(verdict, rank);
    if (reason === undefined) {
      const adjustments = apply(verdict, ledger);
      const amount = Money.sum(
        adjustments.map((adjustment) => adjustment.amount),
        cart.currency,
      );
      if (adjustments.length > 0) applied.push({ promotionId, amount, adjustments });
      else reason = 'nothing_to_discount';
    }
    if (reason !== undefined) notApplied.push({ promotionId, reason });
  });
  return { applied, notApplied, ...discountTotals(cart, ledger) };
}
