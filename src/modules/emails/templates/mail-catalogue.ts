import { GIFT_CARD, ORDER, REFUND, SHIPMENT, TOKEN, valuesOf } from './mail-values.js';
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

const kinds: Omit<MailKind, 'sample'>[] = [
  {
    name: 'order_confirmation',
    description: 'Sent to the shopper when an order is placed (event order.completed)',
    values: valuesOf({ order: ORDER }),
  },
  {
    name: 'shipment_shipped',
    description: 'Sent when a shipment of the order leaves (event shipment.shipped)',
    values: valuesOf({ order: ORDER, shipment: SHIPMENT }),
  },
  {
    name: 'order_canceled',
    description: 'Sent when the order is canceled (event order.canceled)',
    values: valuesOf({ order: ORDER }),
  },
  {
    name: 'refund_issued',
    description: 'Sent when money goes back to the shopper (event refund.created)',
    values: valuesOf({ order: ORDER, refund: REFUND }),
  },
  {
    name: 'gift_card_received',
    description:
      'Sent to the recipient of a gift card bought in an order or issued with a recipient e-mail (event gift_card.created)',
    values: valuesOf({ gift_card: GIFT_CARD }),
  },
  {
    name: 'password_reset',
    description: 'Sent to a customer who asked to reset their password',
    values: valuesOf(TOKEN),
  },
  {
    name: 'account_confirmation',
    description: 'Sent to a new customer to confirm their e-mail address',
    values: valuesOf(TOKEN),
  },
  {
    name: 'staff_invitation',
    description: 'Sent to a staff user created without a password',
    values: valuesOf(TOKEN),
  },
  {
    name: 'newsletter_verification',
    description: 'Sent to confirm a newsletter subscription',
    values: valuesOf(TOKEN),
  },
  {
    name: 'newsletter_unsubscribe',
    description: 'Sent to a subscriber who asked to leave the newsletter',
    values: valuesOf({ ...TOKEN, subscription_id: 'text' }),
  },
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
