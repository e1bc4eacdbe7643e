import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/index.js';
import { EventRelay } from '../../events/event-relay.js';
import { type Job, QueuePort } from '../../platform/queue/queue.port.js';
import { WebhookDeliverer } from './webhook-deliverer.js';
import { WEBHOOK_DELIVERY_JOB, type WebhookDeliveryJobData } from './webhook-delivery-job.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { WebhookEndpoint } from './webhook-endpoint.entity.js';
import { envelopeOf } from './webhook-envelope.js';

/**
 * Consumes the `webhooks` queue: delivers a stored event to an endpoint, unless the endpoint is
 * gone or disabled, or the event was already delivered to it (a job run again after a crash).
 */
@Injectable()
export class WebhookDeliveryJobs implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: QueuePort,
    private readonly events: EventRelay,
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
    if (job.name !== WEBHOOK_DELIVERY_JOB || !/^\d+$/.test(String(job.data?.endpointId))) {
      this.logger.warn(`Ignoring webhooks job ${job.name} (${job.id}): not a delivery`);
      return;
    }
    const { endpointId, eventId } = job.data;
    const manager = this.dataSource.manager;
    const endpoint = await manager.findOneBy(WebhookEndpoint, { id: endpointId });
    if (!endpoint?.enabled) return;
    if (await manager.existsBy(WebhookDelivery, { endpointId, eventId })) return;
    const event = await this.events.load(eventId);
    if (!event) return;
    await this.deliverer.deliver(endpoint, envelopeOf(event));
  }
}
