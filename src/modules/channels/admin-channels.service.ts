import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { findPage, type Page } from '../../common/pagination/page.js';
import type { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { fieldInvalid, findStoreRecord } from '../../common/records/store-records.js';
import { slugOf } from '../../common/text/slugs.js';
import { CacheInvalidation } from '../../platform/cache/index.js';
import type { StoreContext } from '../stores/index.js';
import { Channel } from './channel.entity.js';
import { ChannelSerializer, type ChannelView } from './channel.serializer.js';
import {
  CHANNEL_CODE_MAX_LENGTH,
  type CreateChannelBody,
  type UpdateChannelBody,
} from './dto/admin-channel.body.js';
import { CHANNELS_TOPIC } from './store-channels.js';

const KEEP_A_DEFAULT = 'the store keeps a default channel: make another channel the default first';

/**
 * Staff management of a store's channels. The store always has exactly one default channel, and
 * it stays active: another channel becomes the default by being marked so.
 */
@Injectable()
export class AdminChannelsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly serializer: ChannelSerializer,
    private readonly invalidation: CacheInvalidation,
  ) {}

  list(store: StoreContext, query: PaginationQuery): Promise<Page<ChannelView>> {
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(Channel, {
          where: { storeId: store.storeId },
          order: { createdAt: 'ASC', id: 'ASC' },
          ...window,
        }),
      (channel) => this.serializer.serialize(channel),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<ChannelView> {
    return this.serializer.serialize(await this.find(this.dataSource.manager, store, publicId));
  }

  create(store: StoreContext, body: CreateChannelBody): Promise<ChannelView> {
    return this.change(store, async (manager) => {
      if (body.default) await this.demoteDefault(manager, store.storeId);
      const channel = await manager.save(
        manager.create(Channel, {
          storeId: store.storeId,
          name: body.name,
          code: channelCode(body.code ?? body.name),
          active: body.active ?? true,
          isDefault: body.default ?? false,
        }),
      );
      return this.serializer.serialize(channel);
    });
  }

  update(store: StoreContext, publicId: string, body: UpdateChannelBody): Promise<ChannelView> {
    return this.change(store, async (manager) => {
      const channel = await this.find(manager, store, publicId, { lock: true });
      if (channel.isDefault && body.default === false)
        throw fieldInvalid('default', KEEP_A_DEFAULT);
      const becomesDefault = body.default === true && !channel.isDefault;
      if ((channel.isDefault || becomesDefault) && body.active === false)
        throw fieldInvalid('active', 'the default channel stays active');
      if (becomesDefault) await this.demoteDefault(manager, store.storeId);
      if (body.name !== undefined) channel.name = body.name;
      if (body.code !== undefined) channel.code = channelCode(body.code);
      if (body.active !== undefined) channel.active = body.active;
      if (becomesDefault) channel.isDefault = true;
      return this.serializer.serialize(await manager.save(channel));
    });
  }

  async remove(store: StoreContext, publicId: string): Promise<void> {
    await this.change(store, async (manager) => {
      const channel = await this.find(manager, store, publicId, { lock: true });
      if (channel.isDefault) throw fieldInvalid('default', KEEP_A_DEFAULT);
      await manager.delete(Channel, { id: channel.id });
    });
  }

  /** One transaction, then every process drops the store's cached channels. */
  private async change<T>(store: StoreContext, work: (manager: EntityManager) => Promise<T>) {
    const result = await this.dataSource.transaction(work);
    await this.invalidation.invalidate(CHANNELS_TOPIC, store.storeId);
    return result;
  }

  private async demoteDefault(manager: EntityManager, storeId: string): Promise<void> {
    await manager.update(Channel, { storeId, isDefault: true }, { isDefault: false });
  }

  private find(manager: EntityManager, store: StoreContext, publicId: string, options = {}) {
    return findStoreRecord(
      manager,
      Channel,
      {
        ids: this.ids,
        prefix: ID_PREFIX.channel,
        storeId: store.storeId,
        publicId,
        what: 'channel',
      },
      options,
    );
  }
}

/** The URL-safe code of what staff sent; 422 on `code` when nothing of it is left. */
function channelCode(requested: string): string {
  const code = slugOf(requested, CHANNEL_CODE_MAX_LENGTH);
  if (!code) throw fieldInvalid('code', 'code must hold letters or digits');
  return code;
}
