import { Injectable } from '@nestjs/common';
import { Money } from '../../../common/money/money.js';
import { PaymentReturns } from '../admin/payments/payment-returns.js';
import type { RefundView } from '../admin/payments/refund.serializer.js';
import { OrderPayments } from '../order-payments.js';
import type { OrderContext } from '../order-snapshot.js';
import type { ClaimedOperation } from './payment-operation.js';

/** What of an operation its effect depends on. */
export type OperationEffect = Pick<ClaimedOperation, 'paymentId' | 'kind' | 'amount' | 'details'>;

/**
 * What a gateway operation that was done changes in the store, in the change that settles it
 * (the request's own, or recovery's): a capture completes the payment at the amount taken, a
 * void voids it, a refund is recorded (`refund.created`) and, for a cancellation, voids it.
 */
@Injectable()
export class PaymentOperationEffects {
  constructor(
    private readonly payments: OrderPayments,
    private readonly returns: PaymentReturns,
  ) {}

  /**
   * Applies the operation (done at its gateway, or one that needs none: a store credit payment's);
   * answers the refund it recorded, for a refund.
   */
  async apply(
    context: OrderContext,
    operation: OperationEffect,
    reference: string | null,
  ): Promise<RefundView | undefined> {
    const { manager, order } = context;
    const { paymentId, details } = operation;
    const amount =
      operation.amount === null
        ? null
        : Money.of(operation.amount, order.currency).round().toString();
    switch (operation.kind) {
      case 'capture':
        await manager.query('UPDATE payments SET amount = $2, updated_at = now() WHERE id = $1', [
          paymentId,
          amount,
        ]);
        await this.payments.transition(manager, order, { paymentId, to: 'completed', reference });
        return undefined;
      case 'void':
        await this.payments.transition(manager, order, { paymentId, to: 'void', reference });
        return undefined;
      case 'refund': {
        const view = await this.returns.record(context, paymentId, amount!, reference, {
          reason: details.reason ?? null,
          staffUserId: details.staff_user_id ?? null,
          apiKeyId: details.api_key_id ?? null,
        });
        if (details.then_void) {
          await this.payments.transition(manager, order, { paymentId, to: 'void' });
        }
        return view;
      }
    }
  }
}
