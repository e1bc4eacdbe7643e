import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { amountFields } from '../../common/money/amount-fields.js';
import { Money } from '../../common/money/money.js';
import type { OrderPartContext } from './line-item.serializer.js';
import type { PaymentSnapshot } from './order-snapshot.js';

export type PaymentRecord = PaymentSnapshot & OrderPartContext;

/** The v3 representation of a payment, inside orders and in its own events. */
@Injectable()
export class PaymentSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  publicId(id: string): string {
    return this.ids.encode(ID_PREFIX.payment, id);
  }

  serialize(payment: PaymentRecord): Record<string, unknown> {
    const source = payment.source
      ? {
          brand: payment.source.brand ?? null,
          last_digits: payment.source.last_digits ?? null,
          month: payment.source.month ?? null,
          year: payment.source.year ?? null,
          name: payment.source.name ?? null,
        }
      : null;
    return {
      id: this.publicId(payment.id),
      order_id: payment.orderPublicId,
      payment_method_id: this.ids.encode(ID_PREFIX.paymentMethod, payment.payment_method_id),
      payment_method_name: payment.method_name,
      payment_method_type: payment.method_type,
      store_credit_id: payment.store_credit_id
        ? this.ids.encode(ID_PREFIX.storeCredit, payment.store_credit_id)
        : null,
      state: payment.state,
      ...amountFields('amount', Money.of(payment.amount, payment.currency)),
      source,
      response_code: payment.response_code,
      failure_message: payment.failure_message,
      created_at: new Date(payment.created_at).toISOString(),
    };
  }
}
