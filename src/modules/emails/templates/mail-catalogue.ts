import {
  GIFT_CARD,
  ORDER,
  REFUND,
  REIMBURSEMENT,
  SHIPMENT,
  TOKEN,
  valuesOf,
  WEBHOOK_ENDPOINT,
} from './mail-values.js';
import { SAMPLE_VALUES } from './sample-values.js';
import type { ObjectShape } from './value-shapes.js';

/** One mail the service sends: what causes it, and the values its templates may name. */
export interface MailKind {
  name: string;
  description: string;
  values: ObjectShape;
  /** Values a preview fills the templates with when it names no order. */
  sample: Record<string, unknown>;
}

const kind = (name: string, description: string, own: ObjectShape): Omit<MailKind, 'sample'> => ({
  name,
  description,
  values: valuesOf(own),
});

const kinds = [
  kind(
    'order_confirmation',
    'Sent to the shopper when an order is placed (event order.completed)',
    {
      order: ORDER,
    },
  ),
  kind('shipment_shipped', 'Sent when a shipment of the order leaves (event shipment.shipped)', {
    order: ORDER,
    shipment: SHIPMENT,
  }),
  kind('order_canceled', 'Sent when the order is canceled (event order.canceled)', {
    order: ORDER,
  }),
  kind('refund_issued', 'Sent when money goes back to the shopper (event refund.created)', {
    order: ORDER,
    refund: REFUND,
  }),
  kind(
    'reimbursement_processed',
    'Sent when returned units are reimbursed: refunded, credited or exchanged, with any difference left to pay (event reimbursement.reimbursed)',
    { order: ORDER, reimbursement: REIMBURSEMENT },
  ),
  kind(
    'gift_card_received',
    'Sent to the recipient of a gift card bought in an order or issued with a recipient e-mail (event gift_card.created)',
    { gift_card: GIFT_CARD },
  ),
  kind('password_reset', 'Sent to a customer who asked to reset their password', TOKEN),
  kind('account_confirmation', 'Sent to a new customer to confirm their e-mail address', TOKEN),
  kind('staff_invitation', 'Sent to a staff user created without a password', TOKEN),
  kind('newsletter_verification', 'Sent to confirm a newsletter subscription', TOKEN),
  kind('newsletter_unsubscribe', 'Sent to a subscriber who asked to leave the newsletter', {
    ...TOKEN,
    subscription_id: 'text',
  }),
  kind(
    'webhook_endpoint_disabled',
    'Sent to the store’s staff notification address when a webhook endpoint is disabled after failing',
    { endpoint: WEBHOOK_ENDPOINT },
  ),
];

/** Every mail, in the order the Admin API lists them. */
export const MAIL_KINDS: readonly MailKind[] = kinds.map((kind) => ({
  ...kind,
  sample: SAMPLE_VALUES[kind.name as keyof typeof SAMPLE_VALUES],
}));

const byName = new Map(MAIL_KINDS.map((kind) => [kind.name, kind]));

export function mailKind(name: string): MailKind | undefined {
  return byName.get(name);
}
