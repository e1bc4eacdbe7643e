import { Injectable } from '@nestjs/common';
import { Money } from '../../../common/money/money.js';
import type { GatewayOutcome } from '../../payments/index.js';
import { detailsOrigin, PaymentReturns } from '../admin/payments/payment-returns.js';
import type { RefundView } from '../admin/payments/refund.serializer.js';
import { OrderPayments, PaymentRefused } from '../order-payments.js';
import type { OrderContext } from '../order-snapshot.js';
import type { ClaimedOperation, OperationOutcome } from './payment-operation.js';

/** What of an operation its effect depends on. */
export type OperationEffect = Pick<ClaimedOperation, 'paymentId' | 'kind' | 'amount' | 'details'>;

/** What the gateway answered, as an effect uses it. */
export type EffectOutcome = Omit<Extract<OperationOutcome, { kind: 'done' }>, 'kind'>;

/** What applying an operation made: a refund's record, an authorization's payment and refusal. */
export interface AppliedOperation {
  refund?: RefundView;
  paymentId?: string;
  refusal?: PaymentRefused | null;
}

/**
 * What a gateway operation that was done changes in the store, in the change that settles it
 * (the request's own, or recovery's): an authorization makes its payment (`pending`, or `failed`
 * when declined), a capture completes the payment at the amount taken, a void voids it, a refund
 * is recorded (`refund.created`) and, for a cancellation, voids it.
 */
@Injectable()
export class PaymentOperationEffects {
  constructor(
    private readonly payments: OrderPayments,
    private readonly returns: PaymentReturns,
  ) {}

  /**
   * Applies the operation (done at its gateway, or one that needs none: a store credit payment's;
   * `outcome` then has no reference).
   */
  async apply(
    context: OrderContext,
    operation: OperationEffect,
    outcome: EffectOutcome,
  ): Promise<AppliedOperation> {
    const { manager, order } = context;
    const { details } = operation;
    const { reference } = outcome;
    const amount =
      operation.amount === null
        ? null
        : Money.of(operation.amount, order.currency).round().toString();
    if (operation.kind === 'authorize') {
      return this.authorized(context, operation, amount!, outcome.authorization!);
    }
    const paymentId = operation.paymentId!;
    switch (operation.kind) {
      case 'capture':
        await manager.query('UPDATE payments SET amount = $2, updated_at = now() WHERE id = $1', [
          paymentId,
          amount,
        ]);
        await this.payments.transition(manager, order, { paymentId, to: 'completed', reference });
        return { paymentId };
      case 'void':
        await this.payments.transition(manager, order, { paymentId, to: 'void', reference });
        return { paymentId };
      case 'refund': {
        const refund = await this.returns.record(
          context,
          paymentId,
          amount!,
          reference,
          detailsOrigin(details),
        );
        if (details.then_void) {
          await this.payments.transition(manager, order, { paymentId, to: 'void' });
        }
        return { paymentId, refund };
      }
    }
  }

  /** Makes the payment an authorization asked for, as the gateway answered it. */
  private async authorized(
    { manager, order }: OrderContext,
    { details }: OperationEffect,
    amount: string,
    authorization: GatewayOutcome,
  ): Promise<AppliedOperation> {
    const paymentId = await this.payments.add(manager, order, {
      methodId: details.payment_method_id!,
      amount,
      coversBalance: false,
      source: details.source ?? null,
      metadata: details.metadata,
    });
    let refusal: PaymentRefused | null = null;
    switch (authorization.kind) {
      case 'captured':
      case 'pending':
        await this.payments.transition(manager, order, {
          paymentId,
          to: authorization.kind === 'captured' ? 'completed' : 'pending',
          reference: authorization.reference,
        });
        break;
      case 'declined':
        refusal = new PaymentRefused(
          paymentId,
          'declined',
          authorization.message,
          authorization.reference,
        );
        break;
      case 'error':
        refusal = new PaymentRefused(paymentId, 'gateway_error', authorization.message);
        break;
    }
    if (refusal) await this.payments.recordRefusal(manager, order, refusal);
    return { paymentId, refusal };
  }
}
