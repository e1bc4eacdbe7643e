import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import type { PublicIdCodec } from '../../common/ids/public-id.js';
import type { PaymentMethod, PaymentMethodType } from '../payments/index.js';

/** A payment method as the Store API shows it (on carts, payments and their own route). */
export interface PaymentMethodView {
  id: string;
  name: string;
  description: string | null;
  type: string;
  /** Whether paying starts a session with a provider first; none of the built-in gateways does. */
  session_required: boolean;
  /** Whether a payment needs a source (card details) from the shopper. */
  source_required: boolean;
}

/** Which built-in methods take a source from the shopper: only cards. */
const SOURCE_REQUIRED: Record<PaymentMethodType, boolean> = {
  test_card: true,
  check: false,
  store_credit: false,
};

export function paymentMethodView(
  ids: PublicIdCodec,
  method: Pick<PaymentMethod, 'id' | 'name' | 'description' | 'type'>,
): PaymentMethodView {
  return {
    id: ids.encode(ID_PREFIX.paymentMethod, method.id),
    name: method.name,
    description: method.description,
    type: method.type,
    session_required: false,
    source_required: SOURCE_REQUIRED[method.type] ?? false,
  };
}
