import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoreEventMessage } from '../../events/event-envelope.js';
import { EventFanout, type FanoutJob } from '../../events/event-fanout.js';
import { WEBHOOK_DELIVERY_JOB, type WebhookDeliveryJobData } from './webhook-delivery-job.js';
import { WebhookEndpointDirectory } from './webhook-endpoint-directory.js';

/** Tells the outbox relay which delivery jobs an event needs: one per matching endpoint. */
@Injectable()
export class WebhookFanout extends EventFanout {
  constructor(private readonly directory: WebhookEndpointDirectory) {
    super();
  }

  async jobsFor(event: StoreEventMessage, manager: EntityManager): Promise<FanoutJob[]> {
    if (event.store_id === null) return [];
    const endpointIds = await this.directory.matching(manager, event.store_id, event.name);
    return endpointIds.map((endpointId) => {
      const data: WebhookDeliveryJobData = { endpointId, eventId: event.id };
      // The relay makes the job id `<event id>:<key>` (see webhookDeliveryJobId).
      return { queue: 'webhooks', name: WEBHOOK_DELIVERY_JOB, data, key: endpointId };
    });
  }
}
