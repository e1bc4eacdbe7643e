import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { refusalOf, remainingOf, GiftCardWallet } from '../../gift-cards/index.js';
import { PaymentMethod } from '../../payments/index.js';
import type { Order } from '../entities/order.entity.js';
import type { OrderChange } from '../order-change.js';
import { OrderChanges } from '../order-changes.js';
import { OrderLookup } from '../order-lookup.js';
import { OrderPayments } from '../order-payments.js';
import { OrderRecalculator } from '../order-recalculator.js';
import type { OrderView } from '../order.serializer.js';
import type { CartCaller } from './cart-caller.js';
import { CartPresenter } from './cart-presenter.js';

/**
 * A gift card on a cart: a payment of the store's store credit method (as Spree pays with gift
 * cards) for as much of what is left to pay as the card holds, spent when the order is placed.
 * A cart (or a staff draft order) carries one card; applying another replaces it.
 */
@Injectable()
export class CartGiftCards {
  constructor(
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly recalculator: OrderRecalculator,
    private readonly presenter: CartPresenter,
    private readonly payments: OrderPayments,
    private readonly wallet: GiftCardWallet,
    private readonly ids: PublicIdCodec,
  ) {}

  /** Applies the card with `code`; 422 `validation_error` on `code` saying why it is refused. */
  apply(caller: CartCaller, cartId: string, code: unknown): Promise<OrderView> {
    return this.changes.run(this.lookup.cart(caller, cartId), undefined, async (change) => {
      await this.applyIn(change, code);
      return this.presenter.present(change, caller);
    });
  }

  /** Takes the card off; 404 `record_not_found` when the cart does not carry it. */
  remove(caller: CartCaller, cartId: string, giftCardPublicId: string): Promise<OrderView> {
    return this.changes.run(this.lookup.cart(caller, cartId), undefined, async (change) => {
      await this.removeIn(change, giftCardPublicId);
      return this.presenter.present(change, caller);
    });
  }

  /** `apply` within a change (a cart or a draft order), which it leaves recalculated. */
  async applyIn(change: OrderChange, code: unknown): Promise<void> {
    if (typeof code !== 'string' || code.trim() === '') throw refused("can't be blank");
    const { manager, order } = change;
    const card = await this.wallet.byCode(manager, order.storeId, code);
    if (!card) throw refused('is not a valid gift card code');
    const refusal = refusalOf(card, order.currency);
    if (refusal !== null) throw refused(refusal);
    await this.drop(manager, order);
    const left = await this.payments.amountLeft(manager, order);
    const amount = left.min(remainingOf(card)).round();
    if (amount.isZero() || amount.isNegative()) throw refused('has nothing left to pay');
    await this.payments.add(manager, order, {
      methodId: await this.methodId(manager, order),
      giftCardId: card.id,
      amount: amount.toString(),
      coversBalance: false,
    });
    await this.payments.fitBalancePayments(manager, order);
    await this.recalculator.recalculate(change);
  }

  /** `remove` within a change, which it leaves recalculated. */
  async removeIn(change: OrderChange, giftCardPublicId: string): Promise<void> {
    const { manager, order } = change;
    const id = this.ids.decode(ID_PREFIX.giftCard, giftCardPublicId);
    if (id === undefined || !(await this.drop(manager, order, id))) {
      throw new StoreError('record_not_found', 'The order has no such gift card');
    }
    await this.payments.fitBalancePayments(manager, order);
    await this.recalculator.recalculate(change);
  }

  /** Deletes the cart's unprocessed gift card payments (of card `id` only, when given). */
  private async drop(manager: EntityManager, order: Order, id?: string): Promise<boolean> {
    const [, count]: [unknown, number] = await manager.query(
      `DELETE FROM payments WHERE order_id = $1 AND state = 'checkout' AND gift_card_id IS NOT NULL
         AND ($2::bigint IS NULL OR gift_card_id = $2)`,
      [order.id, id ?? null],
    );
    return count > 0;
  }

  private async methodId(manager: EntityManager, order: Order): Promise<string> {
    const method = await manager.findOneBy(PaymentMethod, {
      storeId: order.storeId,
      type: 'store_credit',
      active: true,
    });
    if (!method) throw refused('cannot be used: this store takes no gift cards');
    return method.id;
  }
}

function refused(message: string): StoreError {
  return new StoreError('validation_error', `The gift card ${message}`, { code: [message] });
}
