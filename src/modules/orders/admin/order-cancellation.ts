import { Injectable } from '@nestjs/common';
import { StoreError } from '../../../common/errors/store-error.js';
import type { StoreContext } from '../../stores/index.js';
import { derivePaymentState, deriveShipmentState } from '../domain/order-states.js';
import type { Order } from '../entities/order.entity.js';
import { OrderLookup } from '../order-lookup.js';
import { OrderChanges } from '../order-changes.js';
import { OrderPayments } from '../order-payments.js';
import { closeOrder, moveShipments } from '../order-closing.js';
import { AdminOrderPresenter, type AdminOrderView } from './admin-order-presenter.js';
import { FulfillmentStock } from './fulfillment-stock.js';

/** Shipment states of an order whose goods have (partly) left: too late to cancel. */
const SHIPPED = new Set(['shipped', 'partial']);

/**
 * Cancels a placed order in one transaction: its units go back to stock (but for fulfillments
 * canceled before, which gave theirs back then), its payments are voided
 * (spent store credit returned), its shipments canceled, and `order.canceled` is published.
 */
@Injectable()
export class OrderCancellation {
  constructor(
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly stock: FulfillmentStock,
    private readonly payments: OrderPayments,
    private readonly presenter: AdminOrderPresenter,
  ) {}

  cancel(
    store: StoreContext,
    publicId: string,
    expectedVersion: number | undefined,
  ): Promise<AdminOrderView> {
    return this.changes.run(
      this.lookup.inStore(store.storeId, publicId),
      expectedVersion,
      async (change) => {
        const { manager, order } = change;
        ensureCancelable(order);
        await this.stock.restockOrder(manager, order);
        await this.payments.voidAll(manager, order);
        order.paymentTotal = await this.payments.paidTotal(manager, order);
        order.paymentState = derivePaymentState({
          total: order.total,
          paymentTotal: order.paymentTotal,
          currency: order.currency,
          canceled: true,
          lastPaymentFailed: false,
        });
        order.shipmentState = deriveShipmentState(await moveShipments(manager, order, 'canceled'));
        await closeOrder(manager, order, 'canceled', 'complete');
        change.announce('canceled');
        return this.presenter.present(change);
      },
    );
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
