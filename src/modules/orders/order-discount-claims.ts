import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { StoreError } from '../../common/errors/store-error.js';
import { Money } from '../../common/money/money.js';
import { CODE_REFUSAL_MESSAGES, type LostPromotion, PromotionUsage } from '../promotions/index.js';
import type { Order } from './entities/order.entity.js';
import { OrderChanges } from './order-changes.js';
import type { OrderTarget } from './order-lookup.js';
import { OrderRecalculator } from './order-recalculator.js';
import type { OrderSnapshot } from './order-snapshot.js';

/** The order was priced with promotions it can no longer get; the placing is undone. */
export class DiscountsLost extends Error {
  constructor(readonly lost: LostPromotion[]) {
    super('The order lost a discount it was priced with');
  }
}

/**
 * The promotion uses of an order being placed: counted in the placing's transaction, so that a
 * limit holds however many completions race for it. A completion that loses a discount is
 * undone, and the cart recalculated without it for the shopper to pay the new total.
 */
@Injectable()
export class OrderDiscountClaims {
  constructor(
    private readonly usage: PromotionUsage,
    private readonly changes: OrderChanges,
    private readonly recalculator: OrderRecalculator,
    private readonly ids: PublicIdCodec,
  ) {}

  /** Counts the uses of the discounts `snapshot` was priced with; throws `DiscountsLost`. */
  async claim(manager: EntityManager, order: Order, snapshot: OrderSnapshot): Promise<void> {
    if (!snapshot.discounts.some((discount) => discount.applied)) return;
    const lost = await this.usage.claim(manager, order);
    if (lost.length > 0) throw new DiscountsLost(lost);
  }

  /**
   * Recalculates the cart without what it lost and answers the 422 `cart_cannot_complete` to
   * throw, naming each discount, why it was lost, and the cart's new total.
   */
  async recover(target: OrderTarget, { lost }: DiscountsLost): Promise<StoreError> {
    const total = await this.changes.run(target, undefined, async (change) => {
      await this.recalculator.recalculate(change);
      return Money.of(change.order.total, change.order.currency).toString();
    });
    const reasons = lost.map((promotion) => CODE_REFUSAL_MESSAGES[promotion.reason]);
    return new StoreError(
      'cart_cannot_complete',
      `The cart lost a discount (${lost
        .map((promotion, index) => `${promotion.code ?? promotion.name} ${reasons[index]}`)
        .join('; ')}); its total is now ${total}: complete it again to pay the new total`,
      {
        reason: 'discount_unavailable',
        total,
        discounts: lost.map((promotion, index) => ({
          promotion_id: this.ids.encode(ID_PREFIX.promotion, promotion.promotionId),
          name: promotion.name,
          code: promotion.code,
          reason: reasons[index],
        })),
      },
    );
  }
}
