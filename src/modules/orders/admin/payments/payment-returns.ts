import { Injectable } from '@nestjs/common';
import type { Money } from '../../../../common/money/money.js';
import { ModelEvents } from '../../../../events/index.js';
import type { Principal } from '../../../auth/index.js';
import { StoreCreditWallet } from '../../../store-credits/index.js';
import { GiftCardWallet } from '../../../gift-cards/index.js';
import { Refund } from '../../entities/refund.entity.js';
import type { OrderContext } from '../../order-snapshot.js';
import { addReimbursed } from '../../reimbursed-total.js';
import type { PaymentOperationDetails } from '../../payment-operations/payment-operation.js';
import type { PaymentFacts } from './admin-payment-views.js';
import { RefundSerializer, type RefundView } from './refund.serializer.js';

/** Who gives money back and why, as the refund records it. */
export interface RefundOrigin {
  reason: string | null;
  staffUserId: string | null;
  apiKeyId: string | null;
  /** The reimbursement of returned units the refund is made for: it counts as paid. */
  reimbursementId?: string | null;
}

/** The origin of a refund `caller` asks for. */
export function refundOrigin(
  caller: Principal,
  reason: string | null,
  reimbursementId: string | null = null,
): RefundOrigin {
  return {
    reason,
    staffUserId: caller.kind === 'staff' ? caller.staffUserId : null,
    apiKeyId: caller.kind === 'api_key' ? caller.apiKeyId : null,
    reimbursementId,
  };
}

/** The origin as a gateway operation keeps it until the refund is recorded. */
export function refundDetails(origin: RefundOrigin): PaymentOperationDetails {
  return {
    reason: origin.reason,
    staff_user_id: origin.staffUserId,
    api_key_id: origin.apiKeyId,
    reimbursement_id: origin.reimbursementId ?? null,
  };
}

/** The origin a gateway operation kept (`refundDetails`). */
export function detailsOrigin(details: PaymentOperationDetails): RefundOrigin {
  return {
    reason: details.reason ?? null,
    staffUserId: details.staff_user_id ?? null,
    apiKeyId: details.api_key_id ?? null,
    reimbursementId: details.reimbursement_id ?? null,
  };
}

/** Whether the payment's money goes back inside the store (its store credit or gift card). */
export function refundsInStore(payment: PaymentFacts): boolean {
  return (
    payment.storeCreditId !== null ||
    payment.giftCardId !== null ||
    payment.methodType === 'store_credit'
  );
}

/**
 * Refunds as they are recorded: money given back inside the store (store credit, gift card) right
 * in the order's change, or through a gateway (the call made outside it, see
 * `GatewayOperationRunner`), recorded once the gateway answered.
 */
@Injectable()
export class PaymentReturns {
  constructor(
    private readonly wallet: StoreCreditWallet,
    private readonly giftCards: GiftCardWallet,
    private readonly serializer: RefundSerializer,
    private readonly events: ModelEvents,
  ) {}

  /** Gives back `amount` to the store credit or gift card the payment came from, and records it. */
  async refundInStore(
    context: OrderContext,
    payment: PaymentFacts,
    amount: Money,
    origin: RefundOrigin,
  ): Promise<RefundView> {
    const { manager, order } = context;
    const text = amount.round().toString();
    if (payment.storeCreditId) {
      await this.wallet.refund(manager, payment.storeCreditId, text);
    } else if (payment.giftCardId) {
      await this.giftCards.giveBack(manager, {
        giftCardId: payment.giftCardId,
        amount: text,
        orderId: order.id,
      });
    } else {
      throw new Error('Store credit payment without a credit');
    }
    return this.record(context, payment.id, text, null, origin);
  }

  /**
   * Records a refund of `amount` (decimal text) and publishes `refund.created`; a refund made for
   * a reimbursement adds to what the order's reimbursements gave back, once, with its record.
   */
  async record(
    { manager, order }: OrderContext,
    paymentId: string,
    amount: string,
    transactionId: string | null,
    origin: RefundOrigin,
  ): Promise<RefundView> {
    const refund = await manager.save(
      manager.create(Refund, {
        storeId: order.storeId,
        orderId: order.id,
        paymentId,
        amount,
        reason: origin.reason,
        transactionId,
        staffUserId: origin.staffUserId,
        apiKeyId: origin.apiKeyId,
        reimbursementId: origin.reimbursementId ?? null,
      }),
    );
    if (refund.reimbursementId !== null) await addReimbursed(manager, order, amount);
    const view = this.serializer.serialize(refund, order.currency);
    await this.events.publish({ manager, storeId: order.storeId }, 'refund.created', refund, {
      ...view,
    });
    return view;
  }
}
