import { Injectable } from '@nestjs/common';
import { StoreError } from '../../../common/errors/store-error.js';
import type { Principal } from '../../auth/index.js';
import { PromotionUsage } from '../../promotions/index.js';
import type { StoreContext } from '../../stores/index.js';
import { derivePaymentState, deriveShipmentState } from '../domain/order-states.js';
import type { Order } from '../entities/order.entity.js';
import { OrderLookup } from '../order-lookup.js';
import { conflict } from '../order-changes.js';
import type { OrderChange } from '../order-change.js';
import {
  GatewayOperationRunner,
  type SettledOperation,
} from '../payment-operations/gateway-operation-runner.js';
import { OrderPayments } from '../order-payments.js';
import { closeOrder, moveShipments } from '../order-closing.js';
import { AdminOrderPresenter, type AdminOrderView } from './admin-order-presenter.js';
import { FulfillmentStock } from './fulfillment-stock.js';
import { OrderPaymentRelease } from './payments/order-payment-release.js';
import { PaymentSettlement } from './payments/payment-settlement.js';

/** Shipment states of an order whose goods have (partly) left: too late to cancel. */
const SHIPPED = new Set(['shipped', 'partial']);

/**
 * Cancels a placed order: its payments give back what they hold (`OrderPaymentRelease`:
 * authorizations voided, captures refunded, through their gateways between a claim and the
 * settling change, see `GatewayOperationRunner`); in the settling change its units go back to
 * stock (but for fulfillments canceled before, which gave theirs back then), its shipments are
 * canceled, and `order.canceled` is published. A gateway that fails once others have given money
 * back leaves the order complete with those payments released, and its error is answered.
 */
@Injectable()
export class OrderCancellation {
  constructor(
    private readonly lookup: OrderLookup,
    private readonly runner: GatewayOperationRunner,
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
    const outcome = await this.runner.run(
      this.lookup.inStore(store.storeId, publicId),
      expectedVersion,
      {
        claim: async (context) => {
          ensureCancelable(context.order);
          return { plans: await this.release.plan(context, caller), context: undefined };
        },
        settle: (change, results) => this.close(change, results, caller),
      },
    );
    if ('view' in outcome) return outcome.view;
    if ('stopped' in outcome) throw outcome.stopped;
    throw new Error('A failed gateway operation is answered by the runner');
  }

  /**
   * Cancels the order once its gateways gave back what they held; otherwise (one failed, or the
   * order changed meanwhile so that it may no longer be canceled) only the payments follow what
   * was given back.
   */
  private async close(
    change: OrderChange,
    results: readonly SettledOperation[],
    caller: Principal,
  ): Promise<{ view: AdminOrderView } | { stopped: StoreError } | { gatewayFailed: true }> {
    const { manager, order } = change;
    if (results.some((result) => result.outcome.kind !== 'done')) {
      await this.settlement.settle(change);
      // The runner answers the failure.
      return { gatewayFailed: true };
    }
    const stopped = cancelRefusal(order);
    if (stopped || !(await this.release.releaseInStore(change, caller))) {
      await this.settlement.settle(change);
      return {
        stopped: stopped ?? conflict(order, 'A payment was added to the order meanwhile'),
      };
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
  }
}

/** Only a complete order that has not shipped may be canceled (`cart_invalid_state`). */
function ensureCancelable(order: Order): void {
  const refusal = cancelRefusal(order);
  if (refusal) throw refusal;
}

function cancelRefusal(order: Order): StoreError | undefined {
  if (order.state !== 'complete') {
    return new StoreError(
      'cart_invalid_state',
      `Only a complete order can be canceled; this one is ${order.state}`,
      { state: order.state },
    );
  }
  if (order.shipmentState !== null && SHIPPED.has(order.shipmentState)) {
    return new StoreError('cart_invalid_state', 'An order that has shipped cannot be canceled', {
      shipment_state: order.shipmentState,
    });
  }
}
