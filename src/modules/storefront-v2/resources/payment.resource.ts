import type { ResourceNode } from '../json-api/resource.js';
import { pick, withDisplays } from './pick.js';

type View = Record<string, unknown> & { id: string };

/** A payment method as v2 lists it (the cart's choices and a payment's method). */
export function paymentMethodResource(method: View): ResourceNode {
  return {
    type: 'payment_method',
    id: method.id,
    // `type` is JSON:API's own member: the kind of method is `method_type`.
    attributes: {
      ...pick(method, ['name', 'description', 'session_required', 'source_required']),
      method_type: method.type,
      preferences: {},
    },
  };
}

export function paymentResource(payment: View): ResourceNode {
  const source = payment.source as Record<string, unknown> | null;
  return {
    type: 'payment',
    id: payment.id,
    attributes: pick(payment, [
      'number',
      'state',
      'payment_method_id',
      'payment_method_name',
      'source_type',
      'response_code',
      'failure_message',
      'created_at',
      ...withDisplays(['amount']),
    ]),
    relationships: {
      payment_method: paymentMethodResource(payment.payment_method as View),
      source: source
        ? { type: 'payment_source', id: `${payment.id}-source`, attributes: source }
        : null,
    },
  };
}
