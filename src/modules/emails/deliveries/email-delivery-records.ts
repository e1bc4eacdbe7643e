import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { entityColumns, entityFromRow } from '../../../platform/database/entity-rows.js';
import { preparedIn } from '../../../platform/database/prepared-sql.js';
import { SEND_LEASE } from './delivery-retries.js';
import { EmailDelivery } from './email-delivery.entity.js';

/** A new delivery's row: who gets which mail, for what, with its values sealed. */
export interface NewDelivery {
  storeId: string;
  mail: string;
  recipient: string;
  key: string;
  orderId: string | null;
  customerId: string | null;
  valuesSealed: string;
  resendOf: string | null;
}

/** The message a try rendered, kept with the first outcome recorded (null parts: kept already). */
export interface Rendered {
  subject: string;
  bodySealed: string;
}

/** Which unfinished deliveries need a job: the id, and the tries recorded (naming the job). */
export interface DueDelivery {
  id: string;
  attempts: number;
}

/**
 * The statements that move a delivery through its states. Each is one statement, conditional on
 * the state it expects, so that two workers (or a worker and the sweeper) never both act on one.
 */
@Injectable()
export class EmailDeliveryRecords {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records a delivery; undefined when one with the same store, mail, recipient and key exists. */
  async insert(delivery: NewDelivery): Promise<DueDelivery | undefined> {
    const { rows } = await preparedIn<DueDelivery>(
      this.dataSource.manager,
      'email_delivery_insert',
      `INSERT INTO email_deliveries
         (store_id, mail, recipient, key, order_id, customer_id, values_sealed, resend_of)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (store_id, mail, recipient, key) DO NOTHING
       RETURNING id, attempts`,
      [
        delivery.storeId,
        delivery.mail,
        delivery.recipient,
        delivery.key,
        delivery.orderId,
        delivery.customerId,
        delivery.valuesSealed,
        delivery.resendOf,
      ],
    );
    return rows[0];
  }

  /**
   * Takes a delivery for one try: a pending one that is due, or one whose sender's lease ran out
   * (it died mid-send). Counts the try and leases it; undefined when there is nothing to take.
   */
  async claim(id: string): Promise<EmailDelivery | undefined> {
    const { rows } = await preparedIn<Record<string, unknown>>(
      this.dataSource.manager,
      'email_delivery_claim',
      `UPDATE email_deliveries AS d SET status = 'sending', attempts = attempts + 1,
         lease_until = now() + interval '${SEND_LEASE}', updated_at = now()
       WHERE id = $1 AND ((status = 'pending' AND next_attempt_at <= now())
         OR (status = 'sending' AND lease_until < now()))
       RETURNING ${this.columns()}`,
      [id],
    );
    return rows[0] && entityFromRow(this.dataSource.manager, EmailDelivery, rows[0]);
  }

  async sent(delivery: EmailDelivery, messageId: string, rendered: Rendered | null): Promise<void> {
    await preparedIn(
      this.dataSource.manager,
      'email_delivery_sent',
      `UPDATE email_deliveries SET status = 'sent', smtp_message_id = $2, last_error = NULL,
         lease_until = NULL, sent_at = now(), updated_at = now(),
         subject = coalesce($3, subject), body_sealed = coalesce($4, body_sealed)
       WHERE id = $1 AND status = 'sending'`,
      [delivery.id, messageId, rendered?.subject ?? null, rendered?.bodySealed ?? null],
    );
  }

  /** Back to pending, due `delayMs` from now, with the error that made the try fail. */
  async retryLater(
    delivery: EmailDelivery,
    error: string,
    delayMs: number,
    rendered: Rendered | null,
  ): Promise<void> {
    await preparedIn(
      this.dataSource.manager,
      'email_delivery_retry',
      `UPDATE email_deliveries SET status = 'pending', last_error = $2, lease_until = NULL,
         next_attempt_at = now() + $3 * interval '1 millisecond', updated_at = now(),
         subject = coalesce($4, subject), body_sealed = coalesce($5, body_sealed)
       WHERE id = $1 AND status = 'sending'`,
      [delivery.id, error, delayMs, rendered?.subject ?? null, rendered?.bodySealed ?? null],
    );
  }

  /**
   * Ends a delivery without sending it (`failed`, or `skipped` with the reason) in the caller's
   * transaction; false when it was no longer being sent.
   */
  async finishUnsent(
    manager: EntityManager,
    delivery: EmailDelivery,
    status: 'failed' | 'skipped',
    reason: string,
    rendered: Rendered | null,
  ): Promise<EmailDelivery | undefined> {
    const [rows]: [Record<string, unknown>[], number] = await manager.query(
      `UPDATE email_deliveries AS d SET status = $2, last_error = $3, lease_until = NULL,
         updated_at = now(), subject = coalesce($4, subject), body_sealed = coalesce($5, body_sealed)
       WHERE id = $1 AND status = 'sending'
       RETURNING ${this.columns()}`,
      [delivery.id, status, reason, rendered?.subject ?? null, rendered?.bodySealed ?? null],
    );
    return rows[0] && entityFromRow(manager, EmailDelivery, rows[0]);
  }

  /**
   * Unfinished deliveries nobody is working on: pending ones due for `grace` already (their job
   * was lost, or their next try is due), and those whose sender's lease ran out.
   */
  async due(grace: string, limit: number): Promise<DueDelivery[]> {
    const { rows } = await preparedIn<DueDelivery>(
      this.dataSource.manager,
      'email_deliveries_due',
      `SELECT id, attempts FROM email_deliveries
       WHERE status IN ('pending', 'sending') AND next_attempt_at < now() - $1::interval
         AND (status = 'pending' OR lease_until < now())
       ORDER BY next_attempt_at LIMIT $2`,
      [grace, limit],
    );
    return rows;
  }

  private columns(): string {
    return entityColumns(this.dataSource.manager, EmailDelivery, 'd');
  }
}
