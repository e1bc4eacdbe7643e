import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/index.js';
import { eventMessageOf } from '../../events/index.js';
import { entityColumns, entityFromRow } from '../../platform/database/entity-rows.js';
import { type Job, QueuePort } from '../../platform/queue/queue.port.js';
import { hotStatement } from './hot-statement.js';
import { StatementBatch } from './statement-batch.js';
import { WebhookDeliverer } from './webhook-deliverer.js';
import { WEBHOOK_DELIVERY_JOB, type WebhookDeliveryJobData } from './webhook-delivery-job.js';
import { WebhookEndpoint } from './webhook-endpoint.entity.js';
import { envelopeOf } from './webhook-envelope.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Most jobs one lookup answers. */
const LOOKUP_BATCH_MAX = 100;

/** The event's columns a delivery needs, next to the endpoint's (prefixed so they never clash). */
interface EventColumns {
  event__name: string;
  event__store_id: string | null;
  event__payload: Record<string, unknown>;
  event__metadata: Record<string, unknown>;
  event__created_at: Date;
}
type LookupRow = Record<string, unknown> & EventColumns & { job__position: number };

/**
 * Consumes the `webhooks` queue: delivers a stored event to an endpoint, unless the endpoint is
 * gone or disabled, or an attempt to deliver the event to it already has an outcome (a job run
 * again after a crash). A job run again because its worker died during the POST finds that
 * attempt in flight: it closes it as `interrupted` and sends again (at least once).
 * `WEBHOOK_CONCURRENCY` deliveries run at a time in each worker process; the lookups of jobs
 * starting together share one statement.
 */
@Injectable()
export class WebhookDeliveryJobs implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');
  private lookupSql?: string;
  private readonly lookups = new StatementBatch<WebhookDeliveryJobData, LookupRow | undefined>(
    LOOKUP_BATCH_MAX,
    (jobs) => this.lookupMany(jobs),
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: QueuePort,
    private readonly deliverer: WebhookDeliverer,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.queue.consume<WebhookDeliveryJobData>(
      'webhooks',
      (job) => this.run(job),
      this.config.WEBHOOK_CONCURRENCY,
    );
  }

  async run(job: Job<WebhookDeliveryJobData>): Promise<void> {
    if (
      job.name !== WEBHOOK_DELIVERY_JOB ||
      !/^\d+$/.test(String(job.data?.endpointId)) ||
      !UUID.test(String(job.data?.eventId))
    ) {
      this.logger.warn(`Ignoring webhooks job ${job.name} (${job.id}): not a delivery`);
      return;
    }
    const { endpointId, eventId } = job.data;
    // One round trip answers all three questions: is the endpoint there and enabled, is the
    // event there, and has no attempt to deliver it there an outcome yet. No row: nothing to send.
    const row = await this.lookups.run({ endpointId, eventId });
    if (!row) return;
    const {
      job__position: _position,
      event__name: name,
      event__store_id: storeId,
      event__payload: payload,
      event__metadata: metadata,
      event__created_at: createdAt,
      ...columns
    } = row;
    const endpoint = entityFromRow(this.dataSource.manager, WebhookEndpoint, columns);
    const event = eventMessageOf({
      id: eventId,
      name,
      store_id: storeId,
      payload,
      metadata,
      created_at: createdAt,
    });
    // A run after a crash closes the attempt the crash left in flight and sends a new one.
    await this.deliverer.deliver(endpoint, envelopeOf(event), { supersedeInFlight: true });
  }

  /**
   * Per job, the endpoint (every column of the entity, named as its properties) and the event, or
   * no row.
   */
  private async lookupMany(jobs: WebhookDeliveryJobData[]): Promise<Array<LookupRow | undefined>> {
    const text = (this.lookupSql ??= this.lookupStatement());
    const rows = await hotStatement<LookupRow>(
      this.dataSource.manager,
      this.config.embeddedDatabase,
      'webhook-delivery-lookups',
      text,
      [jobs.map((job) => job.endpointId), jobs.map((job) => job.eventId)],
    );
    const found = new Map(rows.map((row) => [row.job__position, row]));
    return jobs.map((_, index) => found.get(index + 1));
  }

  /** Built from the entity's metadata, so it follows the entity's columns. */
  private lookupStatement(): string {
    const endpointColumns = entityColumns(this.dataSource.manager, WebhookEndpoint, 'endpoint');
    return `SELECT job.position::integer AS job__position, ${endpointColumns},
        event.name AS event__name, event.store_id::text AS event__store_id,
        event.payload AS event__payload,
        event.metadata AS event__metadata, event.created_at AS event__created_at
      FROM unnest($1::bigint[], $2::uuid[]) WITH ORDINALITY AS job(endpoint_id, event_id, position)
      JOIN webhook_endpoints endpoint ON endpoint.id = job.endpoint_id
      JOIN events event ON event.id = job.event_id
      WHERE endpoint.enabled
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries delivery
          WHERE delivery.endpoint_id = endpoint.id AND delivery.event_id = event.id
            AND delivery.status IN ('succeeded', 'failed')
        )`;
  }
}
