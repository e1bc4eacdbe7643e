import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import type { PublicIdCodec } from '../../common/ids/public-id.js';
import type { PaymentMethod } from './payment-method.entity.js';
import { paymentMethodTraits } from './payment-gateways.js';

/** A payment method as the Store API shows it (on carts, payments and their own route). */
export interface PaymentMethodView {
  id: string;
  name: string;
  description: string | null;
  type: string;
  /** Whether paying goes through a payment session (the test card); not for check or credit. */
  session_required: boolean;
  /** Whether a payment needs a source (card details) from the shopper. */
  source_required: boolean;
}

export function paymentMethodView(
  ids: PublicIdCodec,
  method: Pick<PaymentMethod, 'id' | 'name' | 'description' | 'type'>,
): PaymentMethodView {
  const traits = paymentMethodTraits(method.type);
  return {
    id: ids.encode(ID_PREFIX.paymentMethod, method.id),
    name: method.name,
    description: method.description,
    type: method.type,
    session_required: traits.sessionRequired,
    source_required: traits.sourceRequired,
  };
}
