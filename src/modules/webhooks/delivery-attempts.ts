import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { entityColumns, entityFromRow } from '../../platform/database/entity-rows.js';
import { opaqueArray, preparedIn } from '../../platform/database/prepared-sql.js';
import { type DeliveryOutcome, INTERRUPTED_MESSAGE } from './delivery-outcome.js';
import { COMMIT_WITHOUT_DISK_WAIT, unnestParameters } from './delivery-sql.js';
import { StatementBatch } from '../../platform/database/statement-batch.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';

/** What an attempt is opened with: the envelope as it is about to be sent, and when. */
export interface AttemptStart {
  endpointId: string;
  eventId: string;
  eventName: string;
  requestBody: string;
  deliveredAt: Date;
}

/** Tries at numbering an attempt when concurrent attempts of the same envelope take the number. */
const NUMBERING_TRIES = 5;
/** Most attempts one statement opens or completes. */
const BATCH_MAX = 100;

interface OpenRequest {
  start: AttemptStart;
  supersede: boolean;
}

interface Completion {
  attempt: WebhookDelivery;
  outcome: DeliveryOutcome;
}

/** The parameters' element types, in order, of the statements opening and completing attempts. */
const START_TYPES = ['bigint', 'uuid', 'text', 'text', 'timestamptz', 'boolean'];
const OUTCOME_TYPES = [
  'bigint',
  'bigint',
  'text',
  'boolean',
  'integer',
  'text',
  'integer',
  'text',
  'text',
];

type Row = Record<string, unknown>;
/** What completing a successful attempt answers: when it was recorded. */
type Finished = Pick<WebhookDelivery, 'finishedAt'>;

/**
 * The rows of delivery attempts: one committed, `in_flight`, before its POST and completed after
 * it, so that a crash in between leaves a row saying so instead of no row at all. Attempts opened
 * (or completed successfully) at the same time by concurrent deliveries share one statement.
 */
@Injectable()
export class DeliveryAttempts {
  private readonly texts = new Map<string, string>();
  private readonly opening = new StatementBatch<OpenRequest, Row | undefined>(
    BATCH_MAX,
    (requests) => this.openMany(requests),
  );
  private readonly succeeding = new StatementBatch<Completion, Finished | undefined>(
    BATCH_MAX,
    (completions) => this.succeededMany(completions),
  );

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Writes an attempt in flight, numbered after the envelope's earlier attempts to the endpoint.
   * `supersede` (a delivery job, possibly run again after a crash) also closes the envelope's
   * attempts still in flight as `interrupted`, in the same statement.
   */
  async open(start: AttemptStart, supersede: boolean): Promise<WebhookDelivery> {
    for (let tries = 1; ; tries += 1) {
      const row = await this.opening.run({ start, supersede });
      if (row) return entityFromRow(this.dataSource.manager, WebhookDelivery, row);
      // A concurrent attempt of the same envelope took the number: the next one is free.
      if (tries >= NUMBERING_TRIES)
        throw new Error(`No attempt number left for event ${start.eventId}`);
    }
  }

  /**
   * Completes a successful attempt and resets the endpoint's failure counter in one statement (the
   * hot path: most deliveries succeed), shared with the successes completing at the same time.
   */
  async succeeded(attempt: WebhookDelivery, outcome: DeliveryOutcome): Promise<WebhookDelivery> {
    const row = await this.succeeding.run({ attempt, outcome });
    // The statement changes the outcome's columns and finished_at, so it answers only the latter.
    return Object.assign(new WebhookDelivery(), attempt, outcome, row);
  }

  /**
   * Completes a failed attempt in the caller's transaction (which has counted the failure). Like a
   * success, the outcome replaces whatever the row says, `interrupted` included: an attempt taken
   * for dead that finishes after all is recorded as it ended.
   */
  async failed(
    manager: EntityManager,
    attempt: WebhookDelivery,
    outcome: DeliveryOutcome,
  ): Promise<WebhookDelivery> {
    const [row] = await this.run(
      manager,
      'webhook-attempt-completed',
      [
        attempt.id,
        attempt.endpointId,
        outcome.status,
        outcome.success,
        outcome.responseStatus,
        outcome.responseBody,
        outcome.durationMs,
        outcome.errorType,
        outcome.errorMessage,
      ],
      () => this.completeStatement(),
    );
    return this.completed(manager, attempt, outcome, row);
  }

  private completed(
    manager: EntityManager,
    attempt: WebhookDelivery,
    outcome: DeliveryOutcome,
    row: Row | undefined,
  ): WebhookDelivery {
    // The endpoint (and its history) was deleted meanwhile: the attempt is gone with it.
    if (!row) return manager.create(WebhookDelivery, { ...attempt, ...outcome });
    return entityFromRow(manager, WebhookDelivery, row);
  }

  /** Opens attempts in one statement; a request whose number was taken answers no row. */
  private async openMany(requests: OpenRequest[]): Promise<Array<Row | undefined>> {
    const starts = requests.map((request) => request.start);
    const rows = await this.run(
      this.dataSource.manager,
      'webhook-attempts-open',
      [
        starts.map((start) => start.endpointId),
        starts.map((start) => start.eventId),
        starts.map((start) => start.eventName),
        starts.map((start) => start.requestBody),
        starts.map((start) => start.deliveredAt),
        requests.map((request) => request.supersede),
        INTERRUPTED_MESSAGE,
      ],
      () => this.openStatement(),
    );
    // Attempts of one envelope in a batch take consecutive numbers; each request gets one row.
    const opened = new Map<string, Row[]>();
    for (const row of rows) {
      const key = `${String(row.endpointId)}:${String(row.eventId)}`;
      opened.set(key, [...(opened.get(key) ?? []), row]);
    }
    return starts.map((start) => opened.get(`${start.endpointId}:${start.eventId}`)?.shift());
  }

  /** Completes successful attempts, and resets their endpoints' failure counters, in one statement. */
  private async succeededMany(completions: Completion[]): Promise<Array<Finished | undefined>> {
    const outcomes = completions.map((completion) => completion.outcome);
    const rows = await this.run(
      this.dataSource.manager,
      'webhook-attempts-succeeded',
      [
        completions.map((completion) => completion.attempt.id),
        completions.map((completion) => completion.attempt.endpointId),
        outcomes.map((outcome) => outcome.status),
        outcomes.map((outcome) => outcome.success),
        outcomes.map((outcome) => outcome.responseStatus),
        outcomes.map((outcome) => outcome.responseBody),
        outcomes.map((outcome) => outcome.durationMs),
        outcomes.map((outcome) => outcome.errorType),
        outcomes.map((outcome) => outcome.errorMessage),
      ],
      () => this.succeededStatement(),
    );
    const finished = new Map(
      rows.map((row) => [String(row.id), { finishedAt: row.finishedAt as Date }]),
    );
    return completions.map((completion) => finished.get(String(completion.attempt.id)));
  }

  private async run(
    manager: EntityManager,
    name: string,
    values: unknown[],
    text: () => string,
  ): Promise<Record<string, unknown>[]> {
    let statement = this.texts.get(name);
    if (statement === undefined) this.texts.set(name, (statement = text()));
    return (await preparedIn<Record<string, unknown>>(manager, name, statement, values)).rows;
  }

  private openStatement(): string {
    return `WITH attempt AS (
        SELECT * FROM ${unnestParameters(START_TYPES)}
          WITH ORDINALITY
          AS a(endpoint_id, event_id, event_name, request_body, delivered_at, supersede, ord)
      ), superseded AS (
        UPDATE webhook_deliveries AS previous SET status = 'interrupted', error_message = $7::text,
          finished_at = now()
        FROM attempt
        WHERE attempt.supersede AND previous.endpoint_id = attempt.endpoint_id
          AND previous.event_id = attempt.event_id AND previous.status = 'in_flight'
      )
      INSERT INTO webhook_deliveries AS "delivery"
        (endpoint_id, event_id, attempt, event_name, request_body, status, success, delivered_at)
      SELECT attempt.endpoint_id, attempt.event_id,
        coalesce((SELECT max(previous.attempt) FROM webhook_deliveries previous
                  WHERE previous.endpoint_id = attempt.endpoint_id
                    AND previous.event_id = attempt.event_id), 0)
          + row_number() OVER (PARTITION BY attempt.endpoint_id, attempt.event_id ORDER BY attempt.ord),
        attempt.event_name, attempt.request_body, 'in_flight', false, attempt.delivered_at
      FROM attempt ORDER BY attempt.ord
      ON CONFLICT (endpoint_id, event_id, attempt) DO NOTHING
      RETURNING ${entityColumns(this.dataSource.manager, WebhookDelivery, 'delivery')}`;
  }

  private completeStatement(): string {
    return `UPDATE webhook_deliveries AS "delivery" SET
        status = $3::text, success = $4::boolean, response_status = $5::integer,
        response_body = $6::text, duration_ms = $7::integer, error_type = $8::text,
        error_message = $9::text, finished_at = now()
      WHERE "delivery".id = $1::bigint AND "delivery".endpoint_id = $2::bigint
      RETURNING ${entityColumns(this.dataSource.manager, WebhookDelivery, 'delivery')}`;
  }

  private succeededStatement(): string {
    // The endpoints are locked in id order, so that concurrent batches never deadlock; the reset
    // is a no-op write unless an endpoint has failures to forget. The `= ANY` conditions keep
    // the rows read through their primary keys even in a plan made while the tables were small.
    // The commit does not wait for the disk: the POST is over, and a database crash that loses
    // it leaves the attempt in flight, which AbandonedAttempts closes as interrupted ("the
    // receiver may have received it").
    return `WITH outcome AS (
        SELECT o.* FROM ${unnestParameters(OUTCOME_TYPES)}
          AS o(id, endpoint_id, status, success, response_status, response_body, duration_ms,
               error_type, error_message),
          ${COMMIT_WITHOUT_DISK_WAIT}
      ), failing AS (
        SELECT id FROM webhook_endpoints
        WHERE id = ANY(${opaqueArray(2, 'bigint')}) AND id IN (SELECT endpoint_id FROM outcome)
          AND consecutive_failures <> 0
        ORDER BY id FOR NO KEY UPDATE
      ), reset AS (
        UPDATE webhook_endpoints SET consecutive_failures = 0, updated_at = now()
        WHERE id IN (SELECT id FROM failing)
      )
      UPDATE webhook_deliveries AS "delivery" SET
        status = outcome.status, success = outcome.success,
        response_status = outcome.response_status, response_body = outcome.response_body,
        duration_ms = outcome.duration_ms, error_type = outcome.error_type,
        error_message = outcome.error_message, finished_at = now()
      FROM outcome
      WHERE "delivery".id = ANY(${opaqueArray(1, 'bigint')})
        AND "delivery".id = outcome.id AND "delivery".endpoint_id = outcome.endpoint_id
      RETURNING "delivery".id, "delivery".finished_at AS "finishedAt"`;
  }
}
