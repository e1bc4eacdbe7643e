import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import {
  type PaymentMethod,
  paymentMethodView,
  type PaymentMethodView,
} from '../payments/index.js';
import type { PaymentSetupSession } from './payment-setup-session.entity.js';

/** The client's `PaymentSetupSession`. */
export interface PaymentSetupSessionView {
  id: string;
  status: string;
  external_id: string | null;
  external_client_secret: string | null;
  external_data: Record<string, unknown>;
  payment_method_id: string;
  payment_source_id: string | null;
  payment_source_type: string | null;
  customer_id: string;
  payment_method: PaymentMethodView;
}

@Injectable()
export class PaymentSetupSessionSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  decode(publicId: string): string | undefined {
    return this.ids.decode(ID_PREFIX.paymentSetupSession, publicId);
  }

  serialize(session: PaymentSetupSession, method: PaymentMethod): PaymentSetupSessionView {
    const methodView = paymentMethodView(this.ids, method);
    return {
      id: this.ids.encode(ID_PREFIX.paymentSetupSession, session.id),
      status: session.status,
      external_id: session.externalId,
      external_client_secret: null,
      external_data: session.externalData,
      payment_method_id: methodView.id,
      payment_source_id: session.creditCardId
        ? this.ids.encode(ID_PREFIX.creditCard, session.creditCardId)
        : null,
      payment_source_type: session.creditCardId ? 'CreditCard' : null,
      customer_id: this.ids.encode(ID_PREFIX.customer, session.customerId),
      payment_method: methodView,
    };
  }
}
