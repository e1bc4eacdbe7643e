import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { checkoutRequirements } from './domain/checkout-progress.js';
import { derivePaymentState, deriveShipmentState } from './domain/order-states.js';
import { OrderExtensions } from './order-extensions.js';
import { isPlaced, OrderLookup, type OrderTarget } from './order-lookup.js';
import { closeOrder, moveShipments } from './order-closing.js';
import { type PaymentMethodType, PaymentGateways } from '../payments/index.js';
import { type CaptureOutcome, CardPayments } from './card-payments.js';
import type { Order } from './entities/order.entity.js';
import { OrderChange } from './order-change.js';
import { conflict, OrderChanges } from './order-changes.js';
import { NO_PARTS } from './order-events.js';
import {
  AuthorizationMismatch,
  OrderPayments,
  PaymentRefused,
  REFUSAL_CODES,
  type RemoteCharge,
} from './order-payments.js';
import { OrderRecalculator } from './order-recalculator.js';
import { recordStateChange } from './state-history.js';
import { OrderSerializer, type OrderView } from './order.serializer.js';
import { PaymentSerializer } from './payment.serializer.js';
import {
  checkoutFactsOf,
  type OrderContext,
  type OrderParts,
  type OrderSnapshot,
  OrderSnapshots,
} from './order-snapshot.js';
import { OrderStock } from './order-stock.js';

/** The rehearsal of a completion, undone once it planned what the cards are to be charged. */
class Rehearsed {
  constructor(
    readonly order: Order,
    readonly remote: RemoteCharge[],
  ) {}
}

/**
 * Places an order: one change checks what checkout still needs, takes the stock, charges
 * the payments, fixes the final totals and states, and records `order.completed`. A refused
 * payment undoes all of it and is then recorded as failed. Completing a placed order again
 * returns it unchanged.
 *
 * Card payments (remote gateways) are never called while the order's or the stock's rows are
 * held: a rehearsal of the placing (rolled back) plans what each card is charged; the cards are
 * claimed (`processing`, committed) and authorized, each reference committed at once; the
 * placing change then checks the authorizations still fit and places the order with them held;
 * after it commits they are captured and the order settled, which publishes the change's events.
 * A placing that fails (stock ran out, the cart changed) voids the authorizations and gives the
 * payments back to checkout. What a crash leaves held is finished by `PaymentRecoverySweeper`.
 */
@Injectable()
export class OrderCompletion {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly recalculator: OrderRecalculator,
    private readonly snapshots: OrderSnapshots,
    private readonly serializer: OrderSerializer,
    private readonly stock: OrderStock,
    private readonly payments: OrderPayments,
    private readonly extensions: OrderExtensions,
    private readonly paymentIds: PaymentSerializer,
    private readonly cards: CardPayments,
    private readonly gateways: PaymentGateways,
  ) {}

  async complete(
    target: OrderTarget,
    expectedVersion: number | undefined,
    render: (context: OrderContext) => Promise<OrderView> = (context) => this.render(context),
  ): Promise<OrderView> {
    const manager = this.dataSource.manager;
    const current = await this.lookup.read(manager, target);
    if (isPlaced(current)) return render({ manager, order: current });
    try {
      if (!(await this.paysByRemoteGateway(current))) {
        return await this.changes.run(target, expectedVersion, async (change) => {
          await this.place(change, new Map());
          return render(change);
        });
      }
      return await this.completeWithCards(target, expectedVersion, render);
    } catch (error) {
      if (!(error instanceof PaymentRefused)) throw error;
      await this.recordRefusal(target, error);
      throw new StoreError(REFUSAL_CODES[error.reason], error.message, {
        payment_id: [this.paymentIds.publicId(error.paymentId)],
      });
    }
  }

  /** Authorize, place, capture: see the class. */
  private async completeWithCards(
    target: OrderTarget,
    expectedVersion: number | undefined,
    render: (context: OrderContext) => Promise<OrderView>,
  ): Promise<OrderView> {
    const manager = this.dataSource.manager;
    const { order: cart, remote } = await this.rehearse(target, expectedVersion);
    if (!(await this.cards.claim(cart, remote))) {
      const now = await this.lookup.read(manager, target);
      if (isPlaced(now)) return render({ manager, order: now });
      throw conflict(now, 'The cart is being completed by another request');
    }
    const held = remote.map((charge) => charge.paymentId);
    try {
      for (const paymentId of held) await this.cards.authorize(paymentId);
    } catch (error) {
      const refused = error instanceof PaymentRefused ? error.paymentId : undefined;
      await this.cards.release(
        cart,
        held.filter((id) => id !== refused),
      );
      throw error;
    }
    const authorized = new Map(remote.map((charge) => [charge.paymentId, charge.amount]));
    let before: OrderParts | undefined;
    try {
      await this.changes.run(target, cart.stateLockVersion, async (change) => {
        await this.place(change, authorized);
        change.deferPublishing();
        before = change.before;
      });
    } catch (error) {
      await this.cards.release(cart, held);
      if (error instanceof AuthorizationMismatch) {
        throw conflict(cart, 'The cart changed while its payment was being authorized');
      }
      throw error;
    }
    const outcomes: CaptureOutcome[] = [];
    for (const paymentId of held) outcomes.push(await this.cards.capture(paymentId));
    const order = await this.cards.settlePlaced(cart.id, outcomes, before);
    return render({ manager, order });
  }

  /** Whether a payment waiting to be charged goes through a remote gateway (a card). */
  private async paysByRemoteGateway(order: Order): Promise<boolean> {
    const rows: { type: PaymentMethodType; store_credit_id: string | null }[] =
      await this.dataSource.query(
        `SELECT pm.type, p.store_credit_id::text AS store_credit_id
         FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id
         WHERE p.order_id = $1 AND p.state = 'checkout'`,
        [order.id],
      );
    return rows.some(
      (row) =>
        row.store_credit_id === null &&
        row.type !== 'store_credit' &&
        this.gateways.for(row.type).remote,
    );
  }

  /**
   * Runs the placing in a transaction that is rolled back, to learn what each card would be
   * charged (and that the cart can be placed at all: a cart that cannot is refused before any
   * card is authorized). Holds the rows it touches only for that short transaction.
   */
  private async rehearse(
    target: OrderTarget,
    expectedVersion: number | undefined,
  ): Promise<Rehearsed> {
    try {
      await this.dataSource.transaction(async (manager) => {
        const order = await this.lookup.read(manager, target);
        if (expectedVersion !== undefined && expectedVersion !== order.stateLockVersion) {
          throw conflict(order, 'The order changed since that version was read', {
            state_lock_version: order.stateLockVersion,
          });
        }
        const version = order.stateLockVersion;
        const remote = await this.place(new OrderChange(manager, order, NO_PARTS), undefined);
        order.stateLockVersion = version;
        throw new Rehearsed(order, remote);
      });
    } catch (outcome) {
      if (outcome instanceof Rehearsed) return outcome;
      throw outcome;
    }
    throw new Error('A rehearsal always ends by being undone');
  }

  /**
   * Places the order within its change; `authorized` holds the card payments authorized for it
   * (by amount), undefined when rehearsing. Answers the card charges planned.
   */
  private async place(
    change: OrderChange,
    authorized: ReadonlyMap<string, string> | undefined,
  ): Promise<RemoteCharge[]> {
    const { manager, order } = change;
    await this.recalculator.recalculate(change);
    const snapshot = await this.snapshots.load(manager, order);
    ensureCompletable(snapshot);
    await this.ensureNoOtherCompletion(change, authorized);
    await this.stock.take(manager, order.storeId, order.id);
    const { paid, remote } = await this.payments.process(manager, order, authorized);
    if (authorized === undefined) return remote;
    // A session the shopper opened but never completed can no longer pay for the order.
    await manager.query(
      `UPDATE payment_sessions SET status = 'canceled', updated_at = now()
       WHERE order_id = $1 AND status = 'pending'`,
      [order.id],
    );

    const previousState = order.state;
    order.paymentTotal = paid.toString();
    order.paymentState = derivePaymentState({
      total: order.total,
      paymentTotal: order.paymentTotal,
      currency: order.currency,
      canceled: false,
      lastPaymentFailed: false,
    });
    order.shipmentState = deriveShipmentState(
      await moveShipments(manager, order, order.paymentState === 'paid' ? 'ready' : 'pending'),
    );
    await this.extensions.orderPlaced(change);
    await closeOrder(manager, order, 'complete', previousState);
    change.announce('completed');
    return remote;
  }

  /** 409 while a payment of the order is held by another completion (or a payment session). */
  private async ensureNoOtherCompletion(
    { manager, order }: OrderChange,
    authorized: ReadonlyMap<string, string> | undefined,
  ): Promise<void> {
    const [other]: unknown[] = await manager.query(
      `SELECT 1 FROM payments WHERE order_id = $1 AND state = 'processing' AND NOT (id = ANY($2))
       LIMIT 1`,
      [order.id, [...(authorized?.keys() ?? [])]],
    );
    if (other) throw conflict(order, 'The cart is being completed by another request');
  }

  private render(context: OrderContext): Promise<OrderView> {
    return this.serializer.render(context);
  }

  private async recordRefusal(target: OrderTarget, refusal: PaymentRefused): Promise<void> {
    await this.changes.run(target, undefined, async ({ manager, order }) => {
      await this.payments.recordRefusal(manager, order, refusal);
      await manager.query(
        `UPDATE orders SET payment_state = 'failed', state = 'payment', updated_at = now() WHERE id = $1`,
        [order.id],
      );
      if (order.state !== 'payment') {
        await recordStateChange(manager, {
          order,
          name: 'order',
          from: order.state,
          to: 'payment',
        });
      }
    });
  }
}

/** `cart_empty` without lines; `cart_cannot_transition` naming what else is missing. */
function ensureCompletable(snapshot: OrderSnapshot): void {
  if (snapshot.lines.length === 0) {
    throw new StoreError('cart_empty', 'The cart has no items');
  }
  const requirements = checkoutRequirements(checkoutFactsOf(snapshot));
  if (requirements.length > 0) {
    throw new StoreError(
      'cart_cannot_transition',
      `The cart cannot be completed yet: ${requirements.map((requirement) => requirement.message).join('; ')}`,
      { requirements },
    );
  }
}
