import { Injectable } from '@nestjs/common';
import { StoreError } from '../../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../../common/ids/public-id.js';
import { Money } from '../../../../common/money/money.js';
import type { Principal } from '../../../auth/index.js';
import type { OrderChange } from '../../order-change.js';
import { OrderPayments } from '../../order-payments.js';
import { AdminPaymentViews, type PaymentFacts } from './admin-payment-views.js';
import { PaymentReturns } from './payment-returns.js';

/** The reason recorded on the refunds a cancellation makes. */
export const CANCELLATION_REFUND_REASON = 'Order canceled';

const LIVE_STATES = ['checkout', 'pending', 'processing', 'completed'] as const;

/**
 * Gives back everything an order's payments hold, as canceling the order does:
 * - an authorization (`pending`) is voided at its gateway;
 * - what a captured payment (`completed`) kept after earlier refunds is refunded, to the store
 *   credit it came from or through its gateway, and recorded as a refund (`refund.created`);
 * - a payment nothing was sent for yet (`checkout`) is voided;
 * and every one of them ends `void`.
 *
 * A payment its gateway is still settling (`processing`) stops the cancellation before anything
 * is done (422 `cart_invalid_state`). Payments that need their gateway go first. When a gateway
 * refuses or does not answer after others already gave money back, those stay released: the
 * failure is returned so that the caller keeps them (they happened at the gateway) and answers it.
 */
@Injectable()
export class OrderPaymentRelease {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly views: AdminPaymentViews,
    private readonly payments: OrderPayments,
    private readonly returns: PaymentReturns,
  ) {}

  async releaseAll(change: OrderChange, caller: Principal): Promise<StoreError | null> {
    const { manager, order } = change;
    const live = await this.views.inStates(manager, order, LIVE_STATES);
    const settling = live.find((payment) => payment.state === 'processing');
    if (settling) {
      throw new StoreError(
        'cart_invalid_state',
        'A payment of the order is still being processed by its gateway; cancel once it has settled',
        { payment_id: [this.ids.encode(ID_PREFIX.payment, settling.id)] },
      );
    }
    let released = 0;
    for (const payment of live.sort(byReleaseOrder)) {
      try {
        await this.release(change, payment, caller);
        released += 1;
      } catch (error) {
        if (released === 0 || !(error instanceof StoreError)) throw error;
        return error;
      }
    }
    return null;
  }

  private async release(
    change: OrderChange,
    payment: PaymentFacts,
    caller: Principal,
  ): Promise<void> {
    const { manager, order } = change;
    const publicId = this.ids.encode(ID_PREFIX.payment, payment.id);
    let reference: string | null = null;
    if (payment.state === 'pending') {
      reference = await this.returns.gatewayStep(payment, publicId, (gateway) =>
        gateway.void(payment.reference),
      );
    } else if (payment.state === 'completed') {
      const kept = Money.of(payment.amount, order.currency).minus(payment.refunded).round();
      if (!kept.isZero() && !kept.isNegative()) {
        await this.returns.refund(change, payment, publicId, kept, {
          caller,
          reason: CANCELLATION_REFUND_REASON,
        });
      }
    }
    await this.payments.transition(manager, order, {
      paymentId: payment.id,
      to: 'void',
      reference,
    });
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

const byReleaseOrder = (a: PaymentFacts, b: PaymentFacts) => releaseRank(a) - releaseRank(b);
