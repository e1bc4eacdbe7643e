import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { entityFromRow } from '../../platform/database/entity-rows.js';
import { opaqueArray, preparedIn } from '../../platform/database/prepared-sql.js';
import { INTERRUPTED_MESSAGE } from './delivery-outcome.js';
import { COMMIT_WITHOUT_DISK_WAIT, unnestParameters } from './delivery-sql.js';
import { StatementBatch } from '../../platform/database/statement-batch.js';
import type { WebhookDeliveryJobData } from './webhook-delivery-job.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import type { DeliveryTarget } from './webhook-deliverer.js';

/** A delivery job's go-ahead: where it goes, and its attempt, written in flight and committed. */
export interface ClaimedDelivery {
  endpoint: DeliveryTarget;
  attempt: WebhookDelivery;
}

/** Most jobs one statement claims for. */
const BATCH_MAX = 100;
/** Claim statements under way at a time: a job arriving while one runs starts the next one. */
const BATCHES_IN_PARALLEL = 2;
/** Tries when concurrent attempts of the same envelope take the attempt number. */
const NUMBERING_TRIES = 5;
const ATTEMPT = 'attempt__';

type Row = Record<string, unknown>;

/**
 * The start of a delivery job, in one round trip: is the endpoint there and enabled, is the event
 * there, has no attempt to deliver it there an outcome yet; if so, the envelope's attempts still in
 * flight (cut short by a crash) are closed as `interrupted` and the new attempt is written in
 * flight with the envelope, serialized by PostgreSQL from the stored event, as the body it will
 * send. The jobs starting together share the statement. Its commit does not wait for the disk
 * (`COMMIT_WITHOUT_DISK_WAIT`): waiting for the flush before every POST took a fifth of the
 * drain's throughput, and only a crash of the database server itself, not of this process, can
 * lose an attempt committed that way.
 */
@Injectable()
export class DeliveryClaims {
  private text?: string;
  private readonly batch = new StatementBatch<WebhookDeliveryJobData, Row | undefined>(
    BATCH_MAX,
    (jobs) => this.claimMany(jobs),
    { parallel: BATCHES_IN_PARALLEL },
  );

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The endpoint and the attempt in flight, or undefined when there is nothing to send. */
  async claim(job: WebhookDeliveryJobData): Promise<ClaimedDelivery | undefined> {
    for (let tries = 1; ; tries += 1) {
      const row = await this.batch.run(job);
      if (!row) return undefined;
      if (row.job__opened) {
        return {
          endpoint: {
            id: row.job__endpoint_id as string,
            storeId: row.job__store_id as string,
            url: row.job__url as string,
            secretCiphertext: row.job__secret_ciphertext as string,
          },
          attempt: entityFromRow(this.dataSource.manager, WebhookDelivery, prefixed(row, ATTEMPT)),
        };
      }
      // A concurrent attempt of the same envelope took the number: the next one is free.
      if (tries >= NUMBERING_TRIES)
        throw new Error(`No attempt number left for event ${job.eventId}`);
    }
  }

  private async claimMany(jobs: WebhookDeliveryJobData[]): Promise<Array<Row | undefined>> {
    // The same envelope twice in one statement would open one attempt for both: the second
    // claims in the next batch instead (and supersedes the first's attempt, as a job run again).
    const seen = new Set<string>();
    const unique: WebhookDeliveryJobData[] = [];
    const positions = jobs.map((job) => {
      const key = `${job.endpointId}:${job.eventId}`;
      if (seen.has(key)) return undefined;
      seen.add(key);
      return unique.push(job);
    });
    const { rows } = await preparedIn<Row>(
      this.dataSource.manager,
      'webhook-delivery-claims',
      (this.text ??= this.statement()),
      [unique.map((job) => job.endpointId), unique.map((job) => job.eventId), INTERRUPTED_MESSAGE],
    );
    const byPosition = new Map(rows.map((row) => [row.job__position, row]));
    return positions.map((position) =>
      position === undefined ? { job__opened: false } : byPosition.get(position),
    );
  }

  /**
   * Every lookup of the history probes its `(endpoint_id, event_id, attempt)` index per job, whatever
   * the table's statistics say: a worker keeps its plan for as long as its connection lives, and
   * a plan made while the table was empty (a new install) must not scan it once it is large.
   * The envelope is built as `serializeEnvelope` builds it: the keys in its order, the stored
   * payload and metadata as written (JSON.stringify's text), `created_at` in milliseconds, UTC.
   */
  private statement(): string {
    return `WITH job AS (
        SELECT * FROM ${unnestParameters(['bigint', 'uuid'])} WITH ORDINALITY
          AS job(endpoint_id, event_id, position), ${COMMIT_WITHOUT_DISK_WAIT}
      ), deliverable AS (
        SELECT job.position, job.endpoint_id, job.event_id, event.name AS event_name,
          '{"id":' || to_json(event.id::text)::text || ',"name":' || to_json(event.name)::text
            || ',"created_at":' || to_json(to_char(event.created_at AT TIME ZONE 'UTC',
                 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
            || ',"data":' || event.payload::text || ',"metadata":' || event.metadata::text
            || '}' AS request_body
        FROM job
        JOIN webhook_endpoints endpoint ON endpoint.id = job.endpoint_id AND endpoint.enabled
          AND endpoint.id = ANY(${opaqueArray(1, 'bigint')})
        JOIN events event ON event.id = job.event_id
        WHERE NOT coalesce((
          SELECT true FROM webhook_deliveries delivery
          WHERE delivery.endpoint_id = job.endpoint_id AND delivery.event_id = job.event_id
            AND delivery.status IN ('succeeded', 'failed')
          ORDER BY delivery.attempt DESC LIMIT 1
        ), false)
      ), superseded AS (
        UPDATE webhook_deliveries AS previous SET status = 'interrupted',
          error_message = $3::text, finished_at = now()
        FROM deliverable
        WHERE previous.endpoint_id = deliverable.endpoint_id
          AND previous.event_id = deliverable.event_id AND previous.status = 'in_flight'
      ), opened AS (
        INSERT INTO webhook_deliveries
          (endpoint_id, event_id, attempt, event_name, request_body, status, success, delivered_at)
        SELECT deliverable.endpoint_id, deliverable.event_id,
          coalesce((SELECT max(previous.attempt) FROM webhook_deliveries previous
                    WHERE previous.endpoint_id = deliverable.endpoint_id
                      AND previous.event_id = deliverable.event_id), 0) + 1,
          deliverable.event_name, deliverable.request_body, 'in_flight', false, clock_timestamp()
        FROM deliverable ORDER BY deliverable.position
        ON CONFLICT (endpoint_id, event_id, attempt) DO NOTHING
        RETURNING *
      )
      SELECT DISTINCT ON (deliverable.position) deliverable.position::integer AS job__position,
        opened.id IS NOT NULL AS job__opened, endpoint.id AS job__endpoint_id,
        endpoint.store_id AS job__store_id, endpoint.url AS job__url,
        endpoint.secret_ciphertext AS job__secret_ciphertext,
        ${this.columns(WebhookDelivery, 'opened', ATTEMPT)}
      FROM deliverable
      JOIN webhook_endpoints endpoint ON endpoint.id = deliverable.endpoint_id
      LEFT JOIN opened ON opened.endpoint_id = deliverable.endpoint_id
        AND opened.event_id = deliverable.event_id
      ORDER BY deliverable.position, opened.id`;
  }

  /** Every column of the entity from `alias` (database names), named `<prefix><property>`. */
  private columns(target: EntityTarget<ObjectLiteral>, alias: string, prefix: string): string {
    return this.dataSource
      .getMetadata(target)
      .columns.map(
        (column) => `"${alias}"."${column.databaseName}" AS "${prefix}${column.propertyPath}"`,
      )
      .join(', ');
  }
}

/** The columns of `row` named `<prefix>…`, without the prefix. */
function prefixed(row: Row, prefix: string): Row {
  const picked: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith(prefix)) picked[key.slice(prefix.length)] = value;
  }
  return picked;
}
