import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { checkoutRequirements } from './domain/checkout-progress.js';
import { derivePaymentState, deriveShipmentState } from './domain/order-states.js';
import { OrderExtensions } from './order-extensions.js';
import { isPlaced, OrderLookup, type OrderTarget } from './order-lookup.js';
import { closeOrder, moveShipments } from './order-closing.js';
import type { OrderChange } from './order-change.js';
import { OrderChanges } from './order-changes.js';
import { OrderPayments, PaymentRefused, REFUSAL_CODES } from './order-payments.js';
import { OrderRecalculator } from './order-recalculator.js';
import { recordStateChange } from './state-history.js';
import { OrderSerializer, type OrderView } from './order.serializer.js';
import { PaymentSerializer } from './payment.serializer.js';
import {
  checkoutFactsOf,
  type OrderContext,
  type OrderSnapshot,
  OrderSnapshots,
} from './order-snapshot.js';
import { OrderStock } from './order-stock.js';

/**
 * Places an order: one change checks what checkout still needs, takes the stock, charges
 * the payments, fixes the final totals and states, and records `order.completed`. A refused
 * payment undoes all of it and is then recorded as failed. Completing a placed order again
 * returns it unchanged.
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
      return await this.changes.run(target, expectedVersion, async (change) => {
        await this.place(change);
        return render(change);
      });
    } catch (error) {
      if (!(error instanceof PaymentRefused)) throw error;
      await this.recordRefusal(target, error);
      throw new StoreError(REFUSAL_CODES[error.reason], error.message, {
        payment_id: [this.paymentIds.publicId(error.paymentId)],
      });
    }
  }

  private async place(change: OrderChange): Promise<void> {
    const { manager, order } = change;
    await this.recalculator.recalculate(change);
    const snapshot = await this.snapshots.load(manager, order);
    ensureCompletable(snapshot);
    await this.stock.take(manager, order.storeId, order.id);
    const paid = await this.payments.process(manager, order);
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
