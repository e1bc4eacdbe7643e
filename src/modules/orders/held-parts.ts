import { Decimal } from 'decimal.js';
import type { PromotionWrite } from './order-promotions.js';
import type { RecalculationWrites } from './order-recalculation-writes.js';
import type { DiscountSnapshot, OrderParts } from './order-snapshot.js';

/**
 * The order's parts as read by the statement that also carried the held writes (`holdWrites`):
 * that read sees the tables as they were before it, so what the writes change is taken from
 * them — the lines' tax and discount totals, and the discounts of line promotion adjustments.
 */
export function withHeldParts(parts: OrderParts, held: RecalculationWrites): OrderParts {
  const totals = new Map((held.lineTaxes ?? []).map((line) => [line.id, line]));
  const lines =
    totals.size === 0
      ? parts.lines
      : parts.lines.map((line) => {
          const next = totals.get(line.id);
          return next
            ? {
                ...line,
                additional_tax_total: next.additionalTaxTotal,
                included_tax_total: next.includedTaxTotal,
                promo_total: next.promoTotal,
              }
            : line;
        });
  const discounts = held.promotions
    ? heldDiscounts(parts.discounts, held.promotions)
    : parts.discounts;
  return { ...parts, lines, discounts };
}

/**
 * One discount per promotion of the adjustments written, and the codes on the cart (as read)
 * whose promotion now gives nothing; in promotion order, as the read lists them.
 */
function heldDiscounts(read: DiscountSnapshot[], written: PromotionWrite[]): DiscountSnapshot[] {
  const coded = new Map(
    read.filter((discount) => discount.code !== null).map((d) => [d.promotion_id, d]),
  );
  const applied = new Map<string, DiscountSnapshot>();
  for (const promo of written) {
    const discount = applied.get(promo.promotionId);
    if (discount) {
      discount.amount = new Decimal(discount.amount).plus(promo.amount).toString();
      continue;
    }
    const code = coded.get(promo.promotionId);
    applied.set(promo.promotionId, {
      promotion_id: promo.promotionId,
      name: promo.label,
      description: promo.description,
      code: code?.code ?? null,
      amount: promo.amount,
      applied: true,
      refusal: code?.refusal ?? null,
    });
  }
  const waiting = [...coded.values()]
    .filter((discount) => !applied.has(discount.promotion_id))
    .map((discount) => ({ ...discount, applied: false, amount: '0' }));
  return [...applied.values(), ...waiting].sort((a, b) =>
    BigInt(a.promotion_id) < BigInt(b.promotion_id) ? -1 : 1,
  );
}
