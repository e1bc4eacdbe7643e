import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { Channel } from './channel.entity.js';

export type ChannelRecord = Pick<
  Channel,
  'id' | 'name' | 'code' | 'active' | 'isDefault' | 'createdAt' | 'updatedAt'
>;

/**
 * A channel as the storefront sees it (the client's `Channel`). The store gates no channel: every
 * one is open to guests, with prices, and lets guests check out.
 */
export interface StorefrontChannelView {
  id: string;
  name: string;
  code: string;
  active: boolean;
  default: boolean;
  storefront_access: 'public';
  guest_checkout: true;
}

/** A channel as staff see it. */
export interface ChannelView extends StorefrontChannelView {
  created_at: string;
  updated_at: string;
}

@Injectable()
export class ChannelSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  forStorefront(channel: ChannelRecord): StorefrontChannelView {
    return {
      id: this.ids.encode(ID_PREFIX.channel, channel.id),
      name: channel.name,
      code: channel.code,
      active: channel.active,
      default: channel.isDefault,
      storefront_access: 'public',
      guest_checkout: true,
    };
  }

  serialize(channel: ChannelRecord): ChannelView {
    return {
      ...this.forStorefront(channel),
      created_at: new Date(channel.createdAt).toISOString(),
      updated_at: new Date(channel.updatedAt).toISOString(),
    };
  }
}
