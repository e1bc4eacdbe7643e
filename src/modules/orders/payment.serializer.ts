import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { storedAmountFields } from '../../common/money/amount-fields.js';
import type { PaymentMethodType } from '../payments/index.js';
import type { OrderPartContext } from './line-item.serializer.js';
import type { PaymentSnapshot } from './order-snapshot.js';
import { paymentMethodView } from './payment-method-view.js';

export type PaymentRecord = PaymentSnapshot & OrderPartContext;

/**
 * The v3 representation of a payment, inside orders and in its own events: the contract's fields
 * (`state`, `payment_method_name`, ...) and the client's (`status`, `payment_method`, ...) side
 * by side. A card payment's source is what the card kept (never its number); store credit is
 * its credit (`source_id`); a check has none.
 */
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
    const storeCreditId = payment.store_credit_id
      ? this.ids.encode(ID_PREFIX.storeCredit, payment.store_credit_id)
      : null;
    const method = paymentMethodView(this.ids, {
      id: payment.payment_method_id,
      name: payment.method_name,
      description: payment.method_description,
      type: payment.method_type as PaymentMethodType,
    });
    return {
      id: this.publicId(payment.id),
      number: payment.number,
      order_id: payment.orderPublicId,
      payment_method_id: method.id,
      payment_method_name: payment.method_name,
      payment_method_type: payment.method_type,
      payment_method: method,
      store_credit_id: storeCreditId,
      state: payment.state,
      status: payment.state,
      ...storedAmountFields('amount', payment.amount, payment.currency),
      source_type: storeCreditId
        ? 'store_credit'
        : payment.gift_card_id
          ? 'gift_card'
          : source
            ? 'credit_card'
            : null,
      source_id:
        storeCreditId ??
        (payment.gift_card_id ? this.ids.encode(ID_PREFIX.giftCard, payment.gift_card_id) : null),
      source,
      response_code: payment.response_code,
      failure_message: payment.failure_message,
      created_at: new Date(payment.created_at).toISOString(),
    };
  }
}
