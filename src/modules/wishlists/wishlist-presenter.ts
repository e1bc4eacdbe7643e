import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { StoreContext } from '../stores/index.js';
import type { Wishlist } from './wishlist.entity.js';
import { WishlistTokens } from './wishlist-tokens.js';
import { type WishedVariant, WishedVariants } from './wished-variants.js';

/** A wished item whose variant is still on sale. */
export interface ShownItem extends WishedVariant {
  id: string;
  wishlistId: string;
  quantity: number;
}

/** A wishlist with its share token and the items still on sale, oldest first. */
export interface ShownWishlist {
  wishlist: Wishlist;
  token: string;
  items: ShownItem[];
}

interface ItemRow {
  id: string;
  wishlist_id: string;
  variant_id: string;
  product_id: string;
  quantity: number;
}

/** Wishlists as shown: items of variants no longer on sale are left out, never an error. */
@Injectable()
export class WishlistPresenter {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly variants: WishedVariants,
    private readonly tokens: WishlistTokens,
  ) {}

  async show(store: StoreContext, currency: string, wishlist: Wishlist): Promise<ShownWishlist> {
    const [shown] = await this.showAll(store, currency, [wishlist]);
    return shown;
  }

  async showAll(
    store: StoreContext,
    currency: string,
    wishlists: Wishlist[],
  ): Promise<ShownWishlist[]> {
    const items = await this.itemsOf(
      store,
      currency,
      wishlists.map((wishlist) => wishlist.id),
    );
    return wishlists.map((wishlist) => ({
      wishlist,
      token: this.tokens.reveal(wishlist),
      items: items.filter((item) => item.wishlistId === wishlist.id),
    }));
  }

  /** One item of a list, or null when there is none or its variant is no longer on sale. */
  async item(store: StoreContext, currency: string, itemId: string): Promise<ShownItem | null> {
    const [item] = await this.shownItems(store, currency, await this.rows(store, { itemId }));
    return item ?? null;
  }

  private async itemsOf(
    store: StoreContext,
    currency: string,
    wishlistIds: string[],
  ): Promise<ShownItem[]> {
    if (wishlistIds.length === 0) return [];
    return this.shownItems(store, currency, await this.rows(store, { wishlistIds }));
  }

  private async shownItems(
    store: StoreContext,
    currency: string,
    rows: ItemRow[],
  ): Promise<ShownItem[]> {
    if (rows.length === 0) return [];
    const variants = await this.variants.present(
      store,
      currency,
      rows.map((row) => row.product_id),
    );
    return rows.flatMap((row) => {
      const wished = variants.get(row.variant_id);
      return wished
        ? [{ id: row.id, wishlistId: row.wishlist_id, quantity: row.quantity, ...wished }]
        : [];
    });
  }

  private rows(
    store: StoreContext,
    which: { wishlistIds: string[] } | { itemId: string },
  ): Promise<ItemRow[]> {
    const [condition, value] =
      'itemId' in which
        ? ['wi.id = $2', which.itemId]
        : ['wi.wishlist_id = ANY($2::bigint[])', which.wishlistIds];
    return this.dataSource.query(
      `SELECT wi.id::text AS id, wi.wishlist_id::text AS wishlist_id,
              wi.variant_id::text AS variant_id, v.product_id::text AS product_id, wi.quantity
         FROM wished_items wi
         JOIN variants v ON v.id = wi.variant_id AND v.deleted_at IS NULL
        WHERE wi.store_id = $1 AND ${condition}
        ORDER BY wi.created_at, wi.id`,
      [store.storeId, value],
    );
  }
}
