import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { findPage, type Page } from '../../common/pagination/page.js';
import type { PaginationQuery } from '../../common/pagination/pagination.query.js';
import type { StoreContext } from '../stores/index.js';
import type {
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
} from './dto/webhook-endpoint.body.js';
import { availabilityChange } from './endpoint-availability.js';
import { WebhookEndpointDirectory } from './webhook-endpoint-directory.js';
import { WebhookEndpoint } from './webhook-endpoint.entity.js';
import {
  type CreatedWebhookEndpointView,
  WebhookEndpointSerializer,
  type WebhookEndpointView,
} from './webhook-endpoint.serializer.js';
import { WebhookRecords } from './webhook-records.js';
import { WebhookSecretCipher } from './webhook-secret-cipher.js';
import { WebhookTargetPolicy } from './webhook-target-policy.js';

/** Staff management of a store's webhook endpoints. */
@Injectable()
export class AdminWebhookEndpointsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: WebhookRecords,
    private readonly serializer: WebhookEndpointSerializer,
    private readonly cipher: WebhookSecretCipher,
    private readonly targets: WebhookTargetPolicy,
    private readonly ids: PublicIdCodec,
    private readonly directory: WebhookEndpointDirectory,
  ) {}

  /** A new endpoint; its signing secret is in this answer and nowhere else. */
  async create(
    store: StoreContext,
    body: CreateWebhookEndpointBody,
  ): Promise<CreatedWebhookEndpointView> {
    await this.targets.assertAcceptable(body.url);
    const { secret, ciphertext } = this.cipher.issue();
    const manager = this.dataSource.manager;
    const endpoint = await manager.save(
      manager.create(WebhookEndpoint, {
        storeId: store.storeId,
        name: body.name ?? new URL(body.url).host,
        url: body.url,
        subscriptions: body.subscriptions,
        secretCiphertext: ciphertext,
        ...availabilityChange({ enabled: true }, body.enabled ?? true),
        consecutiveFailures: 0,
      }),
    );
    await this.directory.changed(store.storeId);
    return { ...this.serializer.serialize(endpoint), secret };
  }

  async list(store: StoreContext, query: PaginationQuery): Promise<Page<WebhookEndpointView>> {
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(WebhookEndpoint, {
          where: { storeId: store.storeId },
          order: { createdAt: 'DESC', id: 'DESC' },
          ...window,
        }),
      (endpoint) => this.serializer.serialize(endpoint),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<WebhookEndpointView> {
    return this.serializer.serialize(await this.records.endpoint(store.storeId, publicId));
  }

  async update(
    store: StoreContext,
    publicId: string,
    body: UpdateWebhookEndpointBody,
  ): Promise<WebhookEndpointView> {
    return this.change(store, publicId, async (endpoint) => {
      if (body.url !== undefined) await this.targets.assertAcceptable(body.url);
      return {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.url === undefined ? {} : { url: body.url }),
        ...(body.subscriptions === undefined ? {} : { subscriptions: body.subscriptions }),
        ...(body.enabled === undefined ? {} : availabilityChange(endpoint, body.enabled)),
      };
    });
  }

  /** Enabling starts afresh (failure count cleared); disabling stops deliveries. */
  async setEnabled(
    store: StoreContext,
    publicId: string,
    enabled: boolean,
  ): Promise<WebhookEndpointView> {
    return this.change(store, publicId, async (endpoint) => availabilityChange(endpoint, enabled));
  }

  /** Deletes the endpoint and its delivery history. */
  async remove(store: StoreContext, publicId: string): Promise<void> {
    const id = this.ids.decode(ID_PREFIX.webhookEndpoint, publicId);
    const deleted = id
      ? await this.dataSource.manager.delete(WebhookEndpoint, { id, storeId: store.storeId })
      : undefined;
    if (!deleted?.affected) throw StoreError.notFound('webhook endpoint');
    await this.directory.changed(store.storeId);
  }

  /**
   * Locks the endpoint, applies the changes `decide` returns, answers the result; once committed,
   * every process's fan-out forgets the store's endpoints.
   */
  private async change(
    store: StoreContext,
    publicId: string,
    decide: (endpoint: WebhookEndpoint) => Promise<Partial<WebhookEndpoint>>,
  ): Promise<WebhookEndpointView> {
    const view = await this.dataSource.transaction(async (manager: EntityManager) => {
      const endpoint = await this.records.endpoint(store.storeId, publicId, {
        manager,
        lock: true,
      });
      const changes = await decide(endpoint);
      if (Object.keys(changes).length === 0) return this.serializer.serialize(endpoint);
      await manager.update(WebhookEndpoint, { id: endpoint.id }, changes);
      return this.serializer.serialize(
        await manager.findOneByOrFail(WebhookEndpoint, { id: endpoint.id }),
      );
    });
    await this.directory.changed(store.storeId);
    return view;
  }
}
