import { Injectable } from '@nestjs/common';
import { StoreError } from '../../../common/errors/store-error.js';
import type { Principal } from '../../auth/index.js';
import { PromotionUsage } from '../../promotions/index.js';
import type { StoreContext } from '../../stores/index.js';
import { derivePaymentState, deriveShipmentState } from '../domain/order-states.js';
import type { Order } from '../entities/order.entity.js';
import { OrderLookup } from '../order-lookup.js';
import { OrderChanges } from '../order-changes.js';
import { OrderPayments } from '../order-payments.js';
import { closeOrder, moveShipments } from '../order-closing.js';
import { AdminOrderPresenter, type AdminOrderView } from './admin-order-presenter.js';
import { FulfillmentStock } from './fulfillment-stock.js';
import { OrderPaymentRelease } from './payments/order-payment-release.js';
import { PaymentSettlement } from './payments/payment-settlement.js';

/** Shipment states of an order whose goods have (partly) left: too late to cancel. */
const SHIPPED = new Set(['shipped', 'partial']);

/**
 * Cancels a placed order in one transaction: its payments give back what they hold
 * (`OrderPaymentRelease`: authorizations voided, captures refunded), its units go back to stock
 * (but for fulfillments canceled before, which gave theirs back then), its shipments are
 * canceled, and `order.canceled` is published. A gateway that fails once others have given money
 * back leaves the order complete with those payments released, and its error is answered.
 */
@Injectable()
export class OrderCancellation {
  constructor(
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly stock: FulfillmentStock,
    private readonly payments: OrderPayments,
    private readonly release: OrderPaymentRelease,
    private readonly settlement: PaymentSettlement,
    private readonly presenter: AdminOrderPresenter,
    private readonly promotionUsage: PromotionUsage,
  ) {}

  async cancel(
    store: StoreContext,
    caller: Principal,
    publicId: string,
    expectedVersion: number | undefined,
  ): Promise<AdminOrderView> {
    const outcome = await this.changes.run(
      this.lookup.inStore(store.storeId, publicId),
      expectedVersion,
      async (change) => {
        const { manager, order } = change;
        ensureCancelable(order);
        const stopped = await this.release.releaseAll(change, caller);
        if (stopped) {
          await this.settlement.settle(change);
          return { stopped };
        }
        await this.stock.restockOrder(manager, order);
        await this.promotionUsage.giveBack(manager, order.id);
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
        return { view: await this.presenter.present(change) };
      },
    );
    if ('stopped' in outcome) throw outcome.stopped;
    return outcome.view;
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
