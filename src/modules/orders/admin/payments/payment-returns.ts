import { Injectable } from '@nestjs/common';
import { StoreError } from '../../../../common/errors/store-error.js';
import type { Money } from '../../../../common/money/money.js';
import { ModelEvents } from '../../../../events/index.js';
import type { Principal } from '../../../auth/index.js';
import {
  type GatewayActionOutcome,
  type GatewayMethodType,
  type PaymentGateway,
  PaymentGateways,
} from '../../../payments/index.js';
import { StoreCreditWallet } from '../../../store-credits/index.js';
import { GiftCardWallet } from '../../../gift-cards/index.js';
import { Refund } from '../../entities/refund.entity.js';
import type { OrderChange } from '../../order-change.js';
import { gatewayCall } from '../../order-payments.js';
import type { PaymentFacts } from './admin-payment-views.js';
import { RefundSerializer, type RefundView } from './refund.serializer.js';

/** Who gives money back and why, as the refund records it. */
export interface RefundOrigin {
  caller: Principal;
  reason: string | null;
}

/**
 * The gateway side of staff payment actions, shared by captures, voids, refunds and order
 * cancellation: one gateway call per step, a refusal answered as 422 `gateway_error` and a
 * gateway that does not answer as 422 `payment_processing_error` (then nothing is recorded).
 */
@Injectable()
export class PaymentReturns {
  constructor(
    private readonly gateways: PaymentGateways,
    private readonly wallet: StoreCreditWallet,
    private readonly giftCards: GiftCardWallet,
    private readonly serializer: RefundSerializer,
    private readonly events: ModelEvents,
  ) {}

  /**
   * Runs a capture or void at the payment's gateway (none for store credit): the reference it
   * answers; a refusal is 422 `gateway_error`, and undoes the change.
   */
  async gatewayStep(
    payment: PaymentFacts,
    paymentId: string,
    step: (gateway: PaymentGateway) => Promise<GatewayActionOutcome>,
  ): Promise<string | null> {
    if (payment.methodType === 'store_credit') return null;
    return (await this.call(payment.methodType, paymentId, step)) ?? payment.reference;
  }

  /**
   * Gives back `amount` of a completed payment (to the store credit or gift card it came from, or
   * through its gateway), records the refund and publishes `refund.created`, in the change's transaction.
   */
  async refund(
    change: OrderChange,
    payment: PaymentFacts,
    paymentId: string,
    amount: Money,
    origin: RefundOrigin,
  ): Promise<RefundView> {
    const { manager, order } = change;
    const text = amount.round().toString();
    let transactionId: string | null = null;
    if (payment.storeCreditId) {
      await this.wallet.refund(manager, payment.storeCreditId, text);
    } else if (payment.giftCardId) {
      await this.giftCards.giveBack(manager, {
        giftCardId: payment.giftCardId,
        amount: text,
        orderId: order.id,
      });
    } else {
      if (payment.methodType === 'store_credit') {
        throw new Error('Store credit payment without a credit');
      }
      transactionId = await this.call(payment.methodType, paymentId, (gateway) =>
        gateway.refund(payment.reference, text, amount.currency),
      );
    }
    const { caller, reason } = origin;
    const refund = await manager.save(
      manager.create(Refund, {
        storeId: order.storeId,
        orderId: order.id,
        paymentId: payment.id,
        amount: text,
        reason,
        transactionId,
        staffUserId: caller.kind === 'staff' ? caller.staffUserId : null,
        apiKeyId: caller.kind === 'api_key' ? caller.apiKeyId : null,
      }),
    );
    const view = this.serializer.serialize(refund, order.currency);
    await this.events.publish({ manager, storeId: order.storeId }, 'refund.created', refund, {
      ...view,
    });
    return view;
  }

  /** One call to the payment's gateway: the reference it answers (a refusal is 422 `gateway_error`). */
  private async call(
    type: GatewayMethodType,
    paymentId: string,
    step: (gateway: PaymentGateway) => Promise<GatewayActionOutcome>,
  ): Promise<string | null> {
    const outcome = await gatewayCall(() => step(this.gateways.for(type)));
    if (outcome.kind !== 'done') {
      throw new StoreError('gateway_error', outcome.message, { payment_id: [paymentId] });
    }
    return outcome.reference;
  }
}
