import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { PaymentMethod } from '../payment-method.entity.js';
import { paymentMethodTraits } from '../payment-gateways.js';

export interface SerializedPaymentMethod {
  id: string;
  name: string;
  description: string | null;
  type: string;
  /** As the Store API shows it (and `@spree/sdk`'s PaymentMethod requires). */
  session_required: boolean;
  source_required: boolean;
  active: boolean;
  position: number;
  created_at: string;
  updated_at: string;
}

/** A payment method as the Admin API and `payment_method.*` events show it. */
@Injectable()
export class PaymentMethodSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(method: PaymentMethod): SerializedPaymentMethod {
    const traits = paymentMethodTraits(method.type);
    return {
      id: this.ids.encode(ID_PREFIX.paymentMethod, method.id),
      name: method.name,
      description: method.description,
      type: method.type,
      session_required: traits.sessionRequired,
      source_required: traits.sourceRequired,
      active: method.active,
      position: method.position,
      created_at: method.createdAt.toISOString(),
      updated_at: method.updatedAt.toISOString(),
    };
  }
}
