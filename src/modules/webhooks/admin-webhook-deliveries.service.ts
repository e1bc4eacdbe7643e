import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { findPage, type Page } from '../../common/pagination/page.js';
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
  ): Promise<Page<WebhookDeliveryView>> {
    const endpoint = await this.records.endpoint(store.storeId, endpointId);
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(WebhookDelivery, {
          where: {
            endpointId: endpoint.id,
            ...(query.event_name === undefined ? {} : { eventName: query.event_name }),
            ...(query.success === undefined ? {} : { success: query.success }),
            ...(query.status === undefined ? {} : { status: query.status }),
          },
          order: { deliveredAt: 'DESC', id: 'DESC' },
          ...window,
        }),
      (delivery) => this.serializer.serialize(delivery),
    );
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
