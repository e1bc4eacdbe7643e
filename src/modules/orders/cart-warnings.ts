import { CODE_REFUSAL_MESSAGES } from '../promotions/index.js';
import type { LineItemView } from './line-item.serializer.js';
import type { OrderSnapshot } from './order-snapshot.js';

/** Something a shopper should know about a cart before paying. */
export type CartWarning = LineWarning | DiscountCodeWarning | PromotionDroppedWarning;

/** An automatic promotion that discounted the cart and no longer does after this change. */
export interface PromotionDroppedWarning {
  code: 'promotion_no_longer_applies';
  message: string;
  promotion_id: string;
}

/** A promotion by its key and name. */
export interface NamedPromotion {
  id: string;
  name: string;
}

const dropped = new WeakMap<object, NamedPromotion[]>();

/**
 * Notes, for the answer to the change under way, the promotions whose discounts the cart's
 * recalculation took away (`order`: the change's order, as its snapshot will carry it; it lives
 * for one change, whose recalculations add to the note).
 */
export function noteDroppedPromotions(order: object, promotions: NamedPromotion[]): void {
  if (promotions.length === 0) return;
  const noted = dropped.get(order) ?? [];
  const known = new Set(noted.map((promotion) => promotion.id));
  dropped.set(order, [...noted, ...promotions.filter((promotion) => !known.has(promotion.id))]);
}

/** A line completing would fail on. */
export interface LineWarning {
  /** `insufficient_stock`: the line wants more than is left (stock fell after it was added);
   * `delivery_unavailable`: no delivery method serves the shipping address. */
  code: 'insufficient_stock' | 'delivery_unavailable';
  message: string;
  line_item_id: string;
  variant_id: string;
}

/**
 * A code entered on the cart whose promotion gives nothing: the cart does not qualify (yet, or
 * any more), or the code can no longer be used (`reason`, as `details.code` would say it).
 */
export interface DiscountCodeWarning {
  code: 'discount_code_not_applied';
  message: string;
  discount_code: string;
  promotion_id: string;
  reason: string | null;
}

/**
 * The warnings of a cart, line by line, then its codes; `lines` are the views of
 * `snapshot.lines`, in order; `promotionId` gives a promotion's public id.
 */
export function cartWarnings(
  snapshot: OrderSnapshot,
  lines: LineItemView[],
  promotionId: (id: string) => string,
): CartWarning[] {
  const warnings: CartWarning[] = [];
  const warn = (index: number, code: LineWarning['code'], message: string) =>
    warnings.push({
      code,
      message,
      line_item_id: lines[index].id,
      variant_id: lines[index].variant_id as string,
    });
  for (const shortfall of snapshot.shortfalls) {
    const index = snapshot.lines.findIndex((line) => line.id === shortfall.line_id);
    if (index < 0) continue;
    const { name } = snapshot.lines[index];
    warn(
      index,
      'insufficient_stock',
      shortfall.available > 0
        ? `Only ${shortfall.available} of ${name} left in stock`
        : `${name} is out of stock`,
    );
  }
  if (snapshot.shipAddress !== null && snapshot.shipments.length === 0) {
    snapshot.lines.forEach((line, index) =>
      warn(index, 'delivery_unavailable', `${line.name} cannot be delivered to this address`),
    );
  }
  const coded = new Set(
    snapshot.discounts.map((discount) => discount.code !== null && discount.promotion_id),
  );
  for (const promotion of dropped.get(snapshot.order) ?? []) {
    if (coded.has(promotion.id)) continue;
    warnings.push({
      code: 'promotion_no_longer_applies',
      message: `The promotion "${promotion.name}" no longer applies to this cart`,
      promotion_id: promotionId(promotion.id),
    });
  }
  for (const discount of snapshot.discounts) {
    if (discount.applied || discount.code === null) continue;
    const reason = discount.refusal && CODE_REFUSAL_MESSAGES[discount.refusal];
    warnings.push({
      code: 'discount_code_not_applied',
      message: `The code "${discount.code}" ${reason ?? 'does not apply to this cart'}`,
      discount_code: discount.code,
      promotion_id: promotionId(discount.promotion_id),
      reason,
    });
  }
  return warnings;
}
