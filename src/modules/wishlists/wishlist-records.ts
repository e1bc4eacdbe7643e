import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { Wishlist } from './wishlist.entity.js';
import { WISHLIST_TOKEN, WishlistTokens } from './wishlist-tokens.js';

/** How a request names a list: its `wl_…` id (v3) or its share token (v2, and v3 readers). */
export type WishlistRef = { id: string } | { token: string };

/** Who asks: the store and, when signed in, the customer. */
export interface WishlistReader {
  storeId: string;
  customerId: string | null;
}

/** Finding wishlists under their access rules; anything not found or not visible is a 404. */
@Injectable()
export class WishlistRecords {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly tokens: WishlistTokens,
  ) {}

  /** A `wl_…` id names a list by id; anything else is taken for a share token. */
  refOf(idOrToken: string): WishlistRef {
    return idOrToken.startsWith(`${ID_PREFIX.wishlist}_`)
      ? { id: idOrToken }
      : { token: idOrToken };
  }

  /** The customer's own list, locked (unless asked not to) for the change about to be made. */
  async owned(
    manager: EntityManager,
    storeId: string,
    customerId: string,
    ref: WishlistRef,
    lock = true,
  ): Promise<Wishlist> {
    const key = this.keyOf(ref);
    const wishlist = key
      ? await manager.findOne(Wishlist, {
          where: { ...key, storeId, customerId },
          ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!wishlist) throw StoreError.notFound('wishlist');
    return wishlist;
  }

  /** A list its owner may read, or anyone holding the token of a shared one. */
  async readable(manager: EntityManager, reader: WishlistReader, ref: WishlistRef) {
    const key = this.keyOf(ref);
    const wishlist = key
      ? await manager.findOne(Wishlist, { where: { ...key, storeId: reader.storeId } })
      : null;
    const owner = wishlist !== null && wishlist.customerId === reader.customerId;
    const shared = wishlist !== null && 'token' in ref && !wishlist.isPrivate;
    if (!wishlist || !(owner || shared)) throw StoreError.notFound('wishlist');
    return wishlist;
  }

  /**
   * Serialises changes to one customer's lists in one store, so two at once cannot both make a
   * default list (the unique index would refuse the second with an error instead).
   */
  async lockCustomerLists(manager: EntityManager, storeId: string, customerId: string) {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `wishlists:${storeId}:${customerId}`,
    ]);
  }

  private keyOf(ref: WishlistRef): { id: string } | { tokenDigest: string } | null {
    if ('id' in ref) {
      const id = this.ids.decode(ID_PREFIX.wishlist, ref.id);
      return id ? { id } : null;
    }
    return WISHLIST_TOKEN.test(ref.token) ? { tokenDigest: this.tokens.digest(ref.token) } : null;
  }
}
