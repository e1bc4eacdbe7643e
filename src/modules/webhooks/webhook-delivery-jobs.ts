import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../config/index.js';
import { type Job, QueuePort } from '../../platform/queue/queue.port.js';
import { DeliveryClaims } from './delivery-claims.js';
import { WebhookDeliverer } from './webhook-deliverer.js';
import { WEBHOOK_DELIVERY_JOB, type WebhookDeliveryJobData } from './webhook-delivery-job.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Consumes the `webhooks` queue: delivers a stored event to an endpoint, unless the endpoint is
 * gone or disabled, or an attempt to deliver the event to it already has an outcome (a job run
 * again after a crash). A job run again because its worker died during the POST finds that
 * attempt in flight: it closes it as `interrupted` and sends again (at least once).
 * `WEBHOOK_CONCURRENCY` deliveries run at a time in each worker process.
 */
@Injectable()
export class WebhookDeliveryJobs implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly queue: QueuePort,
    private readonly claims: DeliveryClaims,
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
    // One round trip checks the endpoint, the event and the history, and writes the attempt.
    const claimed = await this.claims.claim({ endpointId, eventId });
    if (!claimed) return;
    await this.deliverer.transmit(claimed.endpoint, claimed.attempt);
  }
}
