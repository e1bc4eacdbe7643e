import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoreEventMessage } from '../../events/index.js';
import { EventFanout, type FanoutJob } from '../../events/index.js';
import { WEBHOOK_DELIVERY_JOB, type WebhookDeliveryJobData } from './webhook-delivery-job.js';
import { subscribesTo } from './subscriptions.js';
import { WebhookEndpointDirectory } from './webhook-endpoint-directory.js';

/**
 * Tells the outbox relay which delivery jobs an event needs: one per enabled endpoint of its store
 * that subscribes to it and existed when it happened. An event relayed late (by the outbox
 * sweeper, after a crash) is not handed to an endpoint created since.
 */
@Injectable()
export class WebhookFanout extends EventFanout {
  constructor(private readonly directory: WebhookEndpointDirectory) {
    super();
  }

  async jobsFor(
    events: readonly StoreEventMessage[],
    manager: EntityManager,
  ): Promise<FanoutJob[]> {
    const storeIds = [...new Set(events.map((event) => event.store_id))].filter(
      (storeId): storeId is string => storeId !== null,
    );
    if (storeIds.length === 0) return [];
    const endpoints = await this.directory.enabledIn(manager, storeIds);
    return events.flatMap((event) => {
      const happenedAt = Date.parse(event.created_at);
      return endpoints
        .filter((endpoint) => endpoint.storeId === event.store_id)
        .filter((endpoint) => endpoint.createdAtMs <= happenedAt)
        .filter((endpoint) => subscribesTo(endpoint.subscriptions, event.name))
        .map((endpoint) => {
          const data: WebhookDeliveryJobData = { endpointId: endpoint.id, eventId: event.id };
          // The relay makes the job id `<event id>:<key>` (see webhookDeliveryJobId).
          return {
            eventId: event.id,
            queue: 'webhooks' as const,
            name: WEBHOOK_DELIVERY_JOB,
            data,
            key: endpoint.id,
          };
        });
    });
  }
}
