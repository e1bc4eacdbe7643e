import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { growingLruCache } from '../../common/memo/growing-lru-cache.js';
import { CacheInvalidation } from '../../platform/cache/index.js';
import { Channel } from './channel.entity.js';

/** The Store API header naming the channel a request is made through (the client's `X-Spree-Channel`). */
export const CHANNEL_HEADER = 'x-store-channel';

/** Invalidation topic whose key is a store id whose channels changed. */
export const CHANNELS_TOPIC = 'channels';

/**
 * The channels of each store, kept for 30 s (every new cart records one) and dropped in every
 * process when staff change them.
 */
@Injectable()
export class StoreChannels {
  private readonly cache = growingLruCache<string, Channel[]>(10_000, { ttl: 30_000 });

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    invalidation: CacheInvalidation,
  ) {
    invalidation.onInvalidate(CHANNELS_TOPIC, (storeId) => this.cache.delete(storeId));
  }

  /**
   * The channel a request names by code or `ch_…` id when it is one of the store's active
   * channels, else the store's default (as Spree resolves `X-Spree-Channel`); null for a store
   * without channels.
   */
  async resolve(storeId: string, requested: string | undefined): Promise<Channel | null> {
    const channels = await this.ofStore(storeId);
    const wanted = requested?.trim();
    const named = wanted
      ? channels.find((channel) => channel.active && this.names(channel, wanted))
      : undefined;
    return named ?? channels.find((channel) => channel.isDefault) ?? null;
  }

  private names(channel: Channel, wanted: string): boolean {
    if (wanted.startsWith(`${ID_PREFIX.channel}_`))
      return this.ids.decode(ID_PREFIX.channel, wanted) === channel.id;
    return channel.code === wanted.toLowerCase();
  }

  private async ofStore(storeId: string): Promise<Channel[]> {
    const cached = this.cache.get(storeId);
    if (cached) return cached;
    const channels = await this.dataSource.manager.find(Channel, { where: { storeId } });
    this.cache.set(storeId, channels);
    return channels;
  }
}
