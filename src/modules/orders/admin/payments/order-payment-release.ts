import { Injectable } from '@nestjs/common';
import { StoreError } from '../../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../../common/ids/public-id.js';
import { Money } from '../../../../common/money/money.js';
import type { Principal } from '../../../auth/index.js';
import type { OrderChange } from '../../order-change.js';
import { OrderPayments } from '../../order-payments.js';
import type { OrderContext } from '../../order-snapshot.js';
import type { PaymentOperationPlan } from '../../payment-operations/payment-operation.js';
import { AdminPaymentViews, type PaymentFacts } from './admin-payment-views.js';
import { PaymentReturns, refundDetails, refundOrigin, refundsInStore } from './payment-returns.js';

/** The reason recorded on the refunds a cancellation makes. */
export const CANCELLATION_REFUND_REASON = 'Order canceled';

const LIVE_STATES = ['checkout', 'pending', 'processing', 'completed'] as const;

/**
 * Gives back everything an order's payments hold, as canceling the order does:
 * - an authorization (`pending`) is voided at its gateway;
 * - what a captured payment (`completed`) kept after earlier refunds is refunded, to the store
 *   credit or gift card it came from or through its gateway, and recorded as a refund
 *   (`refund.created`);
 * - a payment nothing was sent for yet (`checkout`) is voided;
 * and every one of them ends `void`.
 *
 * What needs a gateway is planned as gateway operations (`plan`), in release order, for the
 * cancellation's claim; the rest is released in the change that settles them (`releaseInStore`).
 * A payment its gateway is still settling (`processing`) stops the cancellation before anything
 * is done (422 `cart_invalid_state`).
 */
@Injectable()
export class OrderPaymentRelease {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly views: AdminPaymentViews,
    private readonly payments: OrderPayments,
    private readonly returns: PaymentReturns,
  ) {}

  /** The gateway operations that give back what the payments hold, in release order. */
  async plan(context: OrderContext, caller: Principal): Promise<PaymentOperationPlan[]> {
    const live = await this.live(context);
    return live.flatMap((payment) => this.gatewayPlan(context, payment, caller) ?? []);
  }

  /**
   * Releases, in the change, the payments that need no gateway. False, releasing none, when one
   * still needs its gateway (it came after the claim).
   */
  async releaseInStore(change: OrderChange, caller: Principal): Promise<boolean> {
    const live = await this.live(change);
    if (live.some((payment) => this.gatewayPlan(change, payment, caller))) return false;
    const { manager, order } = change;
    for (const payment of live) {
      const kept = this.kept(change, payment);
      if (payment.state === 'completed' && isPositive(kept)) {
        await this.returns.refundInStore(change, payment, kept, this.origin(caller));
      }
      await this.payments.transition(manager, order, { paymentId: payment.id, to: 'void' });
    }
    return true;
  }

  /** The live payments in release order; 422 while one is still `processing`. */
  private async live({ manager, order }: OrderContext): Promise<PaymentFacts[]> {
    const live = await this.views.inStates(manager, order, LIVE_STATES);
    const settling = live.find((payment) => payment.state === 'processing');
    if (settling) {
      throw new StoreError(
        'cart_invalid_state',
        'A payment of the order is still being processed by its gateway; cancel once it has settled',
        { payment_id: [this.ids.encode(ID_PREFIX.payment, settling.id)] },
      );
    }
    return live.sort(byReleaseOrder);
  }

  /** The gateway operation releasing the payment, if it needs one. */
  private gatewayPlan(
    context: OrderContext,
    payment: PaymentFacts,
    caller: Principal,
  ): PaymentOperationPlan | undefined {
    const publicPaymentId = this.ids.encode(ID_PREFIX.payment, payment.id);
    if (payment.state === 'pending' && payment.methodType !== 'store_credit') {
      return { paymentId: payment.id, publicPaymentId, kind: 'void', amount: null };
    }
    const kept = this.kept(context, payment);
    if (payment.state !== 'completed' || !isPositive(kept) || refundsInStore(payment)) {
      return undefined;
    }
    const origin = this.origin(caller);
    return {
      paymentId: payment.id,
      publicPaymentId,
      kind: 'refund',
      amount: kept.toString(),
      details: { ...refundDetails(origin), then_void: true },
    };
  }

  private kept({ order }: OrderContext, payment: PaymentFacts): Money {
    return Money.of(payment.amount, order.currency).minus(payment.refunded).round();
  }

  private origin(caller: Principal) {
    return refundOrigin(caller, CANCELLATION_REFUND_REASON);
  }
}

/**
 * Authorizations are voided first (a release that rarely fails), then captures refunded, then
 * what stays in the store (store credit, payments never sent): what can fail goes before what
 * cannot, and what is cheap to undo before what is not.
 */
function releaseRank(payment: PaymentFacts): number {
  const local =
    payment.state === 'checkout' ||
    payment.storeCreditId !== null ||
    payment.methodType === 'store_credit';
  if (local) return 2;
  return payment.state === 'pending' ? 0 : 1;
}

const isPositive = (amount: Money) => !amount.isZero() && !amount.isNegative();

const byReleaseOrder = (a: PaymentFacts, b: PaymentFacts) => releaseRank(a) - releaseRank(b);
