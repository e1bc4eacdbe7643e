import { Check, Column, Entity, Index } from 'typeorm';
import { TimestampedEntity } from '../../../platform/database/timestamped.entity.js';

/**
 * Where a delivery stands: `pending` (recorded, waiting for a worker, or for its next try after a
 * temporary failure), `sending` (a worker holds it until `lease_until`), `sent` (the SMTP server
 * took it), `failed` (refused for good, or out of tries), `skipped` (the store had the mail turned
 * off when its turn came).
 */
export const EMAIL_DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type EmailDeliveryStatus = (typeof EMAIL_DELIVERY_STATUSES)[number];

/**
 * One mail to one recipient, recorded before it is sent. The unique key (store, mail, recipient,
 * key) is what makes a mail go out once: a second dispatch for the same event or job finds the
 * row and sends nothing. The template values are kept sealed (they may carry tokens); so are the
 * rendered parts, kept from the first render on, so that every try sends the same message.
 */
@Entity('email_deliveries')
@Index(
  'email_deliveries_store_id_mail_recipient_key_key',
  ['storeId', 'mail', 'recipient', 'key'],
  {
    unique: true,
  },
)
// The lists of the Admin API, newest first; and the sweeper's few unfinished rows.
@Index('email_deliveries_order_id_created_at_id_idx', { synchronize: false })
@Index('email_deliveries_customer_id_created_at_id_idx', { synchronize: false })
@Index('email_deliveries_unfinished_next_attempt_at_idx', { synchronize: false })
@Check(
  'email_deliveries_status_check',
  `"status" IN ('pending', 'sending', 'sent', 'failed', 'skipped')`,
)
export class EmailDelivery extends TimestampedEntity {
  @Column({ name: 'store_id', type: 'bigint' })
  storeId: string;

  @Column({ type: 'varchar', length: 64 })
  mail: string;

  @Column({ type: 'varchar', length: 320 })
  recipient: string;

  /** What the mail answers: an event id, or `job:<name>:<id>` for a mail job, `resend:<id>`… */
  @Column({ type: 'varchar', length: 255 })
  key: string;

  @Column({ name: 'order_id', type: 'bigint', nullable: true })
  orderId: string | null;

  @Column({ name: 'customer_id', type: 'bigint', nullable: true })
  customerId: string | null;

  /** The template values, sealed (`SealedBox`, purpose `email-delivery`). */
  @Column({ name: 'values_sealed', type: 'text' })
  valuesSealed: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: EmailDeliveryStatus;

  /** Tries begun (a try cut short by a dead worker counts). */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  @Column({ name: 'smtp_message_id', type: 'text', nullable: true })
  smtpMessageId: string | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ type: 'text', nullable: true })
  subject: string | null;

  /** The rendered HTML and text parts, sealed like the values. */
  @Column({ name: 'body_sealed', type: 'text', nullable: true })
  bodySealed: string | null;

  @Column({ name: 'resend_of', type: 'bigint', nullable: true })
  resendOf: string | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;
}
