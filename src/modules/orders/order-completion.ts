import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ModelEvents } from '../../events/index.js';
import { checkoutRequirements } from './domain/checkout-progress.js';
import { derivePaymentState, deriveShipmentState } from './domain/order-states.js';
import type { Order } from './entities/order.entity.js';
import { OrderExtensions } from './order-extensions.js';
import { isPlaced } from './order-lookup.js';
import { closeOrder, moveShipments } from './order-closing.js';
import { OrderMutations, type OrderTransaction } from './order-mutations.js';
import { OrderPayments, PaymentRefused } from './order-payments.js';
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

const REFUSAL_CODES = {
  declined: 'payment_failed',
  credit_unavailable: 'payment_failed',
  gateway_error: 'gateway_error',
} as const;

/**
 * Places an order: one transaction checks what checkout still needs, takes the stock, charges
 * the payments, fixes the final totals and states, and records `order.completed`. A refused
 * payment undoes all of it and is then recorded as failed. Completing a placed order again
 * returns it unchanged.
 */
@Injectable()
export class OrderCompletion {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mutations: OrderMutations,
    private readonly recalculator: OrderRecalculator,
    private readonly snapshots: OrderSnapshots,
    private readonly serializer: OrderSerializer,
    private readonly stock: OrderStock,
    private readonly payments: OrderPayments,
    private readonly extensions: OrderExtensions,
    private readonly events: ModelEvents,
    private readonly paymentIds: PaymentSerializer,
  ) {}

  async complete(
    find: (manager: EntityManager) => Promise<Order>,
    expectedVersion: number | undefined,
    render: (context: OrderContext) => Promise<OrderView> = (context) => this.render(context),
  ): Promise<OrderView> {
    const current = await find(this.dataSource.manager);
    if (isPlaced(current)) return render({ manager: this.dataSource.manager, order: current });
    try {
      return await this.mutations.run(find, expectedVersion, async (transaction) => {
        await this.place(transaction);
        return render(transaction);
      });
    } catch (error) {
      if (!(error instanceof PaymentRefused)) throw error;
      await this.recordRefusal(find, error);
      throw new StoreError(REFUSAL_CODES[error.reason], error.message, {
        payment_id: this.paymentIds.publicId(error.paymentId),
      });
    }
  }

  private async place(transaction: OrderTransaction): Promise<void> {
    const { manager, order } = transaction;
    await this.recalculator.recalculate(transaction);
    const snapshot = await this.snapshots.load(manager, order);
    ensureCompletable(snapshot);
    await this.stock.take(manager, order.storeId, order.id);
    const captured = await this.payments.process(manager, order);

    const previousState = order.state;
    order.paymentTotal = captured.toString();
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
    await this.extensions.orderPlaced(transaction);
    await closeOrder(manager, order, 'complete', previousState);
    await this.events.publish({ manager, storeId: order.storeId }, 'order.completed', order);
  }

  private render(context: OrderContext): Promise<OrderView> {
    return this.serializer.render(context);
  }

  private async recordRefusal(
    find: (manager: EntityManager) => Promise<Order>,
    refusal: PaymentRefused,
  ): Promise<void> {
    await this.mutations.run(find, undefined, async ({ manager, order }) => {
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
