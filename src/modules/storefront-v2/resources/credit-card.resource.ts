import type { CardWithMethod } from '../../credit-cards/index.js';
import type { ResourceNode } from '../json-api/resource.js';
import { paymentMethodResource } from './payment.resource.js';

/** A saved card as v2's `credit_card`, in v2's names (`cc_type`, `last_digits`), with its method. */
export function creditCardResource(card: CardWithMethod): ResourceNode {
  return {
    type: 'credit_card',
    id: card.id,
    attributes: {
      cc_type: card.brand,
      last_digits: card.last4,
      month: card.month,
      year: card.year,
      name: card.name,
      default: card.default,
      gateway_payment_profile_id: card.gateway_payment_profile_id,
    },
    relationships: { payment_method: paymentMethodResource({ ...card.payment_method }) },
  };
}
