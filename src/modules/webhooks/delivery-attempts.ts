import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../../config/index.js';
import { entityColumns, entityFromRow } from '../../platform/database/entity-rows.js';
import { type DeliveryOutcome, INTERRUPTED_MESSAGE } from './delivery-outcome.js';
import { hotStatement } from './hot-statement.js';
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

/**
 * The rows of delivery attempts: one committed, `in_flight`, before its POST and completed after
 * it, so that a crash in between leaves a row saying so instead of no row at all.
 */
@Injectable()
export class DeliveryAttempts {
  private readonly texts = new Map<string, string>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /**
   * Writes an attempt in flight, numbered after the envelope's earlier attempts to the endpoint.
   * `supersede` (a delivery job, possibly run again after a crash) also closes the envelope's
   * attempts still in flight as `interrupted`, in the same statement.
   */
  async open(start: AttemptStart, supersede: boolean): Promise<WebhookDelivery> {
    const name = supersede ? 'webhook-attempt-supersede' : 'webhook-attempt-open';
    const values = [
      start.endpointId,
      start.eventId,
      start.eventName,
      start.requestBody,
      start.deliveredAt,
      ...(supersede ? [INTERRUPTED_MESSAGE] : []),
    ];
    for (let tries = 1; ; tries += 1) {
      const [row] = await this.run(this.dataSource.manager, name, values, () =>
        this.openStatement(supersede),
      );
      if (row) return entityFromRow(this.dataSource.manager, WebhookDelivery, row);
      // A concurrent attempt of the same envelope took the number: the next one is free.
      if (tries >= NUMBERING_TRIES)
        throw new Error(`No attempt number left for event ${start.eventId}`);
    }
  }

  /**
   * Completes a successful attempt and resets the endpoint's failure counter in one statement (the
   * hot path: most deliveries succeed).
   */
  async succeeded(attempt: WebhookDelivery, outcome: DeliveryOutcome): Promise<WebhookDelivery> {
    return this.complete(this.dataSource.manager, attempt, outcome, true);
  }

  /** Completes a failed attempt in the caller's transaction (which has counted the failure). */
  failed(
    manager: EntityManager,
    attempt: WebhookDelivery,
    outcome: DeliveryOutcome,
  ): Promise<WebhookDelivery> {
    return this.complete(manager, attempt, outcome, false);
  }

  /**
   * The outcome replaces whatever the row says, `interrupted` included: an attempt taken for dead
   * that finishes after all is recorded as it ended.
   */
  private async complete(
    manager: EntityManager,
    attempt: WebhookDelivery,
    outcome: DeliveryOutcome,
    resetFailures: boolean,
  ): Promise<WebhookDelivery> {
    const [row] = await this.run(
      manager,
      resetFailures ? 'webhook-attempt-succeeded' : 'webhook-attempt-completed',
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
      () => this.completeStatement(resetFailures),
    );
    // The endpoint (and its history) was deleted meanwhile: the attempt is gone with it.
    if (!row) return manager.create(WebhookDelivery, { ...attempt, ...outcome });
    return entityFromRow(manager, WebhookDelivery, row);
  }

  private run(
    manager: EntityManager,
    name: string,
    values: unknown[],
    text: () => string,
  ): Promise<Record<string, unknown>[]> {
    let statement = this.texts.get(name);
    if (statement === undefined) this.texts.set(name, (statement = text()));
    return hotStatement(manager, this.config.embeddedDatabase, name, statement, values);
  }

  private openStatement(supersede: boolean): string {
    const superseded = supersede
      ? `WITH superseded AS (
           UPDATE webhook_deliveries SET status = 'interrupted', error_message = $6::text,
             finished_at = now()
           WHERE endpoint_id = $1::bigint AND event_id = $2::uuid AND status = 'in_flight')
         `
      : '';
    return `${superseded}INSERT INTO webhook_deliveries AS "delivery"
        (endpoint_id, event_id, attempt, event_name, request_body, status, success, delivered_at)
      SELECT $1::bigint, $2::uuid, coalesce(max(previous.attempt), 0) + 1, $3::text, $4::text,
        'in_flight', false, $5::timestamptz
      FROM webhook_deliveries previous
      WHERE previous.endpoint_id = $1::bigint AND previous.event_id = $2::uuid
      ON CONFLICT (endpoint_id, event_id, attempt) DO NOTHING
      RETURNING ${entityColumns(this.dataSource.manager, WebhookDelivery, 'delivery')}`;
  }

  private completeStatement(resetFailures: boolean): string {
    // The reset is a no-op write unless the endpoint has failures to forget.
    const reset = resetFailures
      ? `WITH reset AS (
           UPDATE webhook_endpoints SET consecutive_failures = 0, updated_at = now()
           WHERE id = $2::bigint AND consecutive_failures <> 0)
         `
      : '';
    return `${reset}UPDATE webhook_deliveries AS "delivery" SET
        status = $3::text, success = $4::boolean, response_status = $5::integer,
        response_body = $6::text, duration_ms = $7::integer, error_type = $8::text,
        error_message = $9::text, finished_at = now()
      WHERE "delivery".id = $1::bigint AND "delivery".endpoint_id = $2::bigint
      RETURNING ${entityColumns(this.dataSource.manager, WebhookDelivery, 'delivery')}`;
  }
}
