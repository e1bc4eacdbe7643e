import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import type { ShipmentState } from '../../checkout/shipping/shipment.entity.js';
import { EventPublisher } from '../../../events/event-publisher.js';
import type { StoreContext } from '../../auth/principal.js';
import { derivePaymentState, deriveShipmentState } from '../domain/order-states.js';
import type { Order } from '../entities/order.entity.js';
import { OrderLookup } from '../order-lookup.js';
import { OrderMutations } from '../order-mutations.js';
import { OrderPayments } from '../order-payments.js';
import { recordStateChange } from '../order-settler.js';
import { OrderStock } from '../order-stock.js';
import type { OrderView } from '../order.serializer.js';
import { AdminOrderPresenter } from './admin-order-presenter.js';

/** Shipment states of an order whose goods have (partly) left: too late to cancel. */
const SHIPPED = new Set(['shipped', 'partial']);

/**
 * Cancels a placed order in one transaction: its units go back to stock, its payments are voided
 * (spent store credit returned), its shipments canceled, and `order.canceled` is published.
 */
@Injectable()
export class OrderCancellation {
  constructor(
    private readonly lookup: OrderLookup,
    private readonly mutations: OrderMutations,
    private readonly stock: OrderStock,
    private readonly payments: OrderPayments,
    private readonly events: EventPublisher,
    private readonly presenter: AdminOrderPresenter,
  ) {}

  cancel(
    store: StoreContext,
    publicId: string,
    expectedVersion: number | undefined,
  ): Promise<OrderView> {
    return this.mutations.run(
      (manager) => this.lookup.inStore(manager, store.storeId, publicId),
      expectedVersion,
      async ({ manager, order }) => {
        ensureCancelable(order);
        await this.stock.restock(manager, order.storeId, order.id);
        await this.payments.voidAll(manager, order);
        const shipmentStates = await this.cancelShipments(manager, order);

        order.state = 'canceled';
        order.paymentTotal = await paidTotal(manager, order.id);
        order.paymentState = derivePaymentState({
          total: order.total,
          paymentTotal: order.paymentTotal,
          currency: order.currency,
          canceled: true,
          lastPaymentFailed: false,
        });
        order.shipmentState = deriveShipmentState(shipmentStates);
        const [[canceled]]: [{ canceled_at: Date; updated_at: Date }[]] = await manager.query(
          `UPDATE orders SET state = 'canceled', canceled_at = now(), payment_total = $2,
             payment_state = $3, shipment_state = $4, updated_at = now()
           WHERE id = $1 RETURNING canceled_at, updated_at`,
          [order.id, order.paymentTotal, order.paymentState, order.shipmentState],
        );
        order.canceledAt = canceled.canceled_at;
        order.updatedAt = canceled.updated_at;
        await recordStateChange(
          manager,
          order.storeId,
          order.id,
          'order',
          null,
          'complete',
          'canceled',
        );
        const view = await this.presenter.present(manager, order);
        await this.events.publish({ manager, storeId: order.storeId }, 'order.canceled', {
          ...view,
        });
        return view;
      },
    );
  }

  /** Cancels every shipment of the order, recording each transition; answers their states. */
  private async cancelShipments(manager: EntityManager, order: Order): Promise<ShipmentState[]> {
    const [shipments]: [{ id: string; previous: ShipmentState }[], number] = await manager.query(
      `UPDATE shipments s SET state = 'canceled', updated_at = now()
       FROM (SELECT id, state AS previous FROM shipments WHERE order_id = $1) old
       WHERE s.id = old.id
       RETURNING s.id::text AS id, old.previous`,
      [order.id],
    );
    for (const shipment of shipments.filter((row) => row.previous !== 'canceled')) {
      await recordStateChange(
        manager,
        order.storeId,
        order.id,
        'shipment',
        shipment.id,
        shipment.previous,
        'canceled',
      );
    }
    return shipments.map(() => 'canceled');
  }
}

/** Only a complete order that has not shipped may be canceled (`cart_invalid_state`). */
function ensureCancelable(order: Order): void {
  if (order.state !== 'complete') {
    throw new StoreError(
      'cart_invalid_state',
      `Only a complete order can be canceled; this one is ${order.state}`,
      { state: order.state },
    );
  }
  if (order.shipmentState !== null && SHIPPED.has(order.shipmentState)) {
    throw new StoreError('cart_invalid_state', 'An order that has shipped cannot be canceled', {
      shipment_state: order.shipmentState,
    });
  }
}

async function paidTotal(manager: EntityManager, orderId: string): Promise<string> {
  const [{ paid }]: { paid: string }[] = await manager.query(
    `SELECT COALESCE(SUM(amount), 0)::text AS paid FROM payments
     WHERE order_id = $1 AND state = 'completed'`,
    [orderId],
  );
  return paid;
}
