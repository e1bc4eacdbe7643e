import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { Money } from '../../common/money/money.js';
import { type GiftCardRecord, GiftCardSerializer, GiftCardWallet } from '../gift-cards/index.js';
import { OrderChanges } from './order-changes.js';
import type { OrderTarget } from './order-lookup.js';
import { OrderPayments } from './order-payments.js';
import type { PlacedOrder } from './order-placing.js';
import { OrderRecalculator } from './order-recalculator.js';
import type { PaymentPlan } from './payment-plan.js';

/** The order was to be paid with a gift card whose balance is gone; the placing is undone. */
export class GiftCardLost extends Error {
  constructor(
    readonly giftCardId: string,
    readonly code: string,
  ) {
    super('The gift card no longer covers its payment');
  }
}

/**
 * The gift cards of an order being placed: spent in the placing's transaction by conditional
 * updates, so that two orders racing for one card's last balance cannot both spend it. A
 * completion that loses is undone (its card authorizations voided), and the card taken off the
 * cart for the shopper to pay the rest another way.
 */
@Injectable()
export class OrderGiftCardClaims {
  constructor(
    private readonly wallet: GiftCardWallet,
    private readonly cards: GiftCardSerializer,
    private readonly changes: OrderChanges,
    private readonly payments: OrderPayments,
    private readonly recalculator: OrderRecalculator,
  ) {}

  /**
   * Spends what the plan charges each gift card, and shows the cards as spent in the placed
   * order's snapshot; throws `GiftCardLost`.
   */
  async claim(manager: EntityManager, placed: PlacedOrder, plan: PaymentPlan): Promise<void> {
    const { order } = placed.snapshot;
    const spentCards = new Map<string, GiftCardRecord>();
    for (const charge of plan.local) {
      if (charge.giftCardId === null) continue;
      const spent = await this.wallet.spend(manager, {
        giftCardId: charge.giftCardId,
        amount: charge.amount,
        orderId: order.id,
        customerId: order.customerId,
      });
      if (!spent) {
        const card = await this.wallet.byId(manager, order.storeId, charge.giftCardId);
        throw new GiftCardLost(charge.giftCardId, card?.code ?? '');
      }
      spentCards.set(spent.id, spent);
    }
    if (spentCards.size === 0) return;
    placed.snapshot = {
      ...placed.snapshot,
      payments: placed.snapshot.payments.map((payment) =>
        payment.gift_card_id === null
          ? payment
          : { ...payment, gift_card: spentCards.get(payment.gift_card_id) ?? payment.gift_card },
      ),
    };
  }

  /**
   * Takes the card off the cart and answers the 422 `cart_cannot_complete` to throw, naming the
   * gift card and the cart's total, which is left to pay another way.
   */
  async recover(target: OrderTarget, lost: GiftCardLost): Promise<StoreError> {
    const total = await this.changes.run(target, undefined, async (change) => {
      const { manager, order } = change;
      await manager.query(
        `DELETE FROM payments WHERE order_id = $1 AND state = 'checkout' AND gift_card_id = $2`,
        [order.id, lost.giftCardId],
      );
      await this.payments.fitBalancePayments(manager, order);
      await this.recalculator.recalculate(change);
      return Money.of(order.total, order.currency).toString();
    });
    const id = this.cards.publicId(lost.giftCardId);
    return new StoreError(
      'cart_cannot_complete',
      `The gift card ${lost.code} no longer has the balance it was to pay with; it was taken off the cart: pay its total ${total} another way`,
      {
        reason: ['gift_card_unavailable'],
        gift_card_id: [id],
        gift_card: [`${lost.code} no longer has the balance it was to pay with`],
        total: [total],
      },
    );
  }
}
