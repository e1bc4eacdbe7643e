import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  type CountedPageMeta,
  keysetPage,
  unknownStartingAfter,
} from '../../common/pagination/keyset-page.js';
import type { StoreContext } from '../stores/index.js';
import type { ListDeliveriesQuery } from './dto/list-deliveries.query.js';
import { assertDeliverable } from './endpoint-availability.js';
import { WebhookDeliverer } from './webhook-deliverer.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import {
  WebhookDeliverySerializer,
  type WebhookDeliveryView,
} from './webhook-delivery.serializer.js';
import { WebhookEndpointSerializer } from './webhook-endpoint.serializer.js';
import { WebhookRecords } from './webhook-records.js';

export const TEST_EVENT_NAME = 'webhook.test';

/** Staff access to an endpoint's delivery history: reading it, test sends and redeliveries. */
@Injectable()
export class AdminWebhookDeliveriesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: WebhookRecords,
    private readonly deliverer: WebhookDeliverer,
    private readonly serializer: WebhookDeliverySerializer,
    private readonly endpoints: WebhookEndpointSerializer,
  ) {}

  /** Delivers a `webhook.test` event (the endpoint itself as data) now. */
  async sendTest(store: StoreContext, endpointId: string): Promise<WebhookDeliveryView> {
    const endpoint = await this.records.endpoint(store.storeId, endpointId);
    assertDeliverable(endpoint);
    const delivery = await this.deliverer.deliver(endpoint, {
      id: randomUUID(),
      name: TEST_EVENT_NAME,
      created_at: new Date().toISOString(),
      data: { ...this.endpoints.serialize(endpoint) },
      metadata: {},
    });
    return this.serializer.serialize(delivery);
  }

  async list(
    store: StoreContext,
    endpointId: string,
    query: ListDeliveriesQuery,
  ): Promise<{ data: WebhookDeliveryView[]; meta: CountedPageMeta }> {
    const endpoint = await this.records.endpoint(store.storeId, endpointId);
    const after =
      query.starting_after === undefined
        ? undefined
        : await this.records.delivery(endpoint, query.starting_after).catch(() => {
            throw unknownStartingAfter('delivery');
          });
    const { rows, meta } = await keysetPage({
      select: this.dataSource.manager.createQueryBuilder(WebhookDelivery, 'd').where({
        endpointId: endpoint.id,
        ...(query.event_name === undefined ? {} : { eventName: query.event_name }),
        ...(query.success === undefined ? {} : { success: query.success }),
        ...(query.status === undefined ? {} : { status: query.status }),
      }),
      alias: 'd',
      table: 'webhook_deliveries',
      sort: { property: 'deliveredAt', column: 'delivered_at' },
      query,
      after: after?.id,
    });
    return { data: rows.map((delivery) => this.serializer.serialize(delivery)), meta };
  }

  async show(
    store: StoreContext,
    endpointId: string,
    deliveryId: string,
  ): Promise<WebhookDeliveryView> {
    const endpoint = await this.records.endpoint(store.storeId, endpointId);
    return this.serializer.serialize(await this.records.delivery(endpoint, deliveryId));
  }

  /** A new attempt with the recorded envelope: same `id` and bytes, new timestamp and signature. */
  async redeliver(
    store: StoreContext,
    endpointId: string,
    deliveryId: string,
  ): Promise<WebhookDeliveryView> {
    const endpoint = await this.records.endpoint(store.storeId, endpointId);
    const previous = await this.records.delivery(endpoint, deliveryId);
    assertDeliverable(endpoint);
    return this.serializer.serialize(await this.deliverer.redeliver(endpoint, previous));
  }
}
