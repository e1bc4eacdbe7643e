import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { WebhookEndpoint } from './webhook-endpoint.entity.js';

/** Finding endpoints and their deliveries by public id, always within one store. */
@Injectable()
export class WebhookRecords {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
  ) {}

  /** An endpoint of the store (locked for update when asked); otherwise 404. */
  async endpoint(
    storeId: string,
    publicId: string,
    options: { manager?: EntityManager; lock?: boolean } = {},
  ): Promise<WebhookEndpoint> {
    const id = this.ids.decode(ID_PREFIX.webhookEndpoint, publicId);
    const endpoint = id
      ? await (options.manager ?? this.dataSource.manager).findOne(WebhookEndpoint, {
          where: { id, storeId },
          ...(options.lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!endpoint) throw StoreError.notFound('webhook endpoint');
    return endpoint;
  }

  /** A delivery of the endpoint; otherwise 404. */
  async delivery(endpoint: WebhookEndpoint, publicId: string): Promise<WebhookDelivery> {
    const id = this.ids.decode(ID_PREFIX.webhookDelivery, publicId);
    const delivery = id
      ? await this.dataSource.manager.findOneBy(WebhookDelivery, { id, endpointId: endpoint.id })
      : null;
    if (!delivery) throw StoreError.notFound('webhook delivery');
    return delivery;
  }
}
