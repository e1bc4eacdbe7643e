import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { entityColumns, entityFromRow } from '../../../platform/database/entity-rows.js';
import { preparedIn } from '../../../platform/database/prepared-sql.js';
import { BACKLOG_GATHER_MS, StatementBatch } from '../../../platform/database/statement-batch.js';
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
  /** Recorded already taken for its first try (`sending`, leased) by the caller. */
  claimed: boolean;
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

/** What recording a sent message needs. */
interface Sent {
  id: string;
  messageId: string;
  rendered: Rendered | null;
}

/** Most deliveries one batched statement takes. */
const BATCH_MAX = 100;
const BACKLOG = { gatherMs: BACKLOG_GATHER_MS };

const keyOf = (row: { storeId: string; mail: string; recipient: string; key: string }) =>
  JSON.stringify([String(row.storeId), row.mail, row.recipient, row.key]);

/**
 * The statements that move a delivery through its states. Each is one statement, conditional on
 * the state it expects, so that two workers (or a worker and the sweeper) never both act on one.
 * Those of the hot path (recording, claiming, recording a send) are shared by the deliveries that
 * take that step at the same time (`StatementBatch`): one round trip for many.
 */
@Injectable()
export class EmailDeliveryRecords {
  private readonly inserting = new StatementBatch<NewDelivery, EmailDelivery | undefined>(
    BATCH_MAX,
    (deliveries) => this.insertMany(deliveries),
    BACKLOG,
  );
  private readonly claiming = new StatementBatch<string, EmailDelivery | undefined>(
    BATCH_MAX,
    (ids) => this.claimMany(ids),
    BACKLOG,
  );
  private readonly sending = new StatementBatch<Sent, void>(
    BATCH_MAX,
    (sent) => this.sentMany(sent),
    BACKLOG,
  );

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Records a delivery, pending or (`claimed`) taken for its first try as `claim` would; undefined
   * when one with the same store, mail, recipient and key exists.
   */
  insert(delivery: NewDelivery): Promise<EmailDelivery | undefined> {
    return this.inserting.run(delivery);
  }

  /**
   * Takes a delivery for one try: a pending one that is due, or one whose sender's lease ran out
   * (it died mid-send). Counts the try and leases it; undefined when there is nothing to take.
   */
  claim(id: string): Promise<EmailDelivery | undefined> {
    return this.claiming.run(String(id));
  }

  sent(delivery: EmailDelivery, messageId: string, rendered: Rendered | null): Promise<void> {
    return this.sending.run({ id: delivery.id, messageId, rendered });
  }

  private async insertMany(deliveries: NewDelivery[]): Promise<Array<EmailDelivery | undefined>> {
    const column = <T>(read: (delivery: NewDelivery) => T) => deliveries.map(read);
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `INSERT INTO email_deliveries AS d (store_id, mail, recipient, key, order_id, customer_id,
         values_sealed, resend_of, status, attempts, lease_until)
       SELECT n.store_id, n.mail, n.recipient, n.key, n.order_id, n.customer_id, n.values_sealed,
         n.resend_of, CASE WHEN n.claimed THEN 'sending' ELSE 'pending' END,
         CASE WHEN n.claimed THEN 1 ELSE 0 END,
         CASE WHEN n.claimed THEN now() + interval '${SEND_LEASE}' END
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[],
         $7::text[], $8::bigint[], $9::boolean[])
         AS n(store_id, mail, recipient, key, order_id, customer_id, values_sealed, resend_of, claimed)
       ON CONFLICT (store_id, mail, recipient, key) DO NOTHING
       RETURNING ${this.columns()}`,
      [
        column((d) => d.storeId),
        column((d) => d.mail),
        column((d) => d.recipient),
        column((d) => d.key),
        column((d) => d.orderId),
        column((d) => d.customerId),
        column((d) => d.valuesSealed),
        column((d) => d.resendOf),
        column((d) => d.claimed),
      ],
    );
    const inserted = new Map(
      rows.map((row) => {
        const delivery = entityFromRow(this.dataSource.manager, EmailDelivery, row);
        return [keyOf(delivery), delivery] as const;
      }),
    );
    // The same key twice in one batch was inserted once: its first caller gets the row.
    return deliveries.map((delivery) => {
      const row = inserted.get(keyOf(delivery));
      inserted.delete(keyOf(delivery));
      return row;
    });
  }

  private async claimMany(ids: string[]): Promise<Array<EmailDelivery | undefined>> {
    const [rows]: [Record<string, unknown>[], number] = await this.dataSource.query(
      `UPDATE email_deliveries AS d SET status = 'sending', attempts = attempts + 1,
         lease_until = now() + interval '${SEND_LEASE}', updated_at = now()
       WHERE id = ANY($1::bigint[]) AND ((status = 'pending' AND next_attempt_at <= now())
         OR (status = 'sending' AND lease_until < now()))
       RETURNING ${this.columns()}`,
      [ids],
    );
    const claimed = new Map(rows.map((row) => [String(row.id), row]));
    // Two jobs of one delivery in one batch: only the first holds the claim.
    return ids.map((id) => {
      const row = claimed.get(id);
      claimed.delete(id);
      return row && entityFromRow(this.dataSource.manager, EmailDelivery, row);
    });
  }

  private async sentMany(sent: Sent[]): Promise<void[]> {
    await this.dataSource.query(
      `UPDATE email_deliveries AS d SET status = 'sent', smtp_message_id = u.message_id,
         last_error = NULL, lease_until = NULL, sent_at = now(), updated_at = now(),
         subject = coalesce(u.subject, d.subject), body_sealed = coalesce(u.body, d.body_sealed)
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS u(id, message_id, subject, body)
       WHERE d.id = u.id AND d.status = 'sending'`,
      [
        sent.map((s) => s.id),
        sent.map((s) => s.messageId),
        sent.map((s) => s.rendered?.subject ?? null),
        sent.map((s) => s.rendered?.bodySealed ?? null),
      ],
    );
    return sent.map(() => undefined);
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
