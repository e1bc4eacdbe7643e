import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { amountFields } from '../../../common/money/amount-fields.js';
import { Money } from '../../../common/money/money.js';
import type { PaymentMethod } from '../../payments/index.js';
import type { PaymentSnapshot } from '../order-snapshot.js';
import { paymentMethodView } from '../payment-method-view.js';
import { PaymentSerializer } from '../payment.serializer.js';
import type { PaymentSession } from './payment-session.entity.js';

/** What a session is shown with: its cart's public id, its method, the payment it recorded. */
export interface PaymentSessionContext {
  orderPublicId: string;
  method: Pick<PaymentMethod, 'id' | 'name' | 'description' | 'type'>;
  payment?: PaymentSnapshot;
}

export type PaymentSessionView = Record<string, unknown> & { id: string; status: string };

/**
 * The client's `PaymentSession`: status, amount, the gateway's id and data, its method, the
 * cart, and once completed (or refused) the payment it recorded.
 */
@Injectable()
export class PaymentSessionSerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly payments: PaymentSerializer,
  ) {}

  publicId(id: string): string {
    return this.ids.encode(ID_PREFIX.paymentSession, id);
  }

  serialize(session: PaymentSession, context: PaymentSessionContext): PaymentSessionView {
    const method = paymentMethodView(this.ids, context.method);
    const { payment } = context;
    return {
      id: this.publicId(session.id),
      status: session.status,
      currency: session.currency,
      ...amountFields('amount', Money.of(session.amount, session.currency)),
      external_id: session.externalId,
      external_data: session.externalData,
      customer_external_id: null,
      expires_at: null,
      session_result: session.sessionResult,
      payment_method_id: method.id,
      payment_method: method,
      order_id: context.orderPublicId,
      created_at: session.createdAt.toISOString(),
      updated_at: session.updatedAt.toISOString(),
      ...(payment
        ? {
            payment: this.payments.serialize({
              ...payment,
              orderPublicId: context.orderPublicId,
              currency: session.currency,
            }),
          }
        : {}),
    };
  }
}
