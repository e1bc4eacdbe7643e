import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { CustomerRecords } from '../customers/index.js';
import type { AddWishedItemBody } from './dto/wished-item.body.js';
import { WishedItem } from './wished-item.entity.js';
import { WishedVariants } from './wished-variants.js';
import { type ShownItem, WishlistPresenter } from './wishlist-presenter.js';
import { type WishlistRef, WishlistRecords } from './wishlist-records.js';
import type { WishlistOwner } from './wishlists.service.js';

/** The variants on a customer's own lists. */
@Injectable()
export class WishedItemsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerRecords,
    private readonly records: WishlistRecords,
    private readonly variants: WishedVariants,
    private readonly presenter: WishlistPresenter,
    private readonly ids: PublicIdCodec,
  ) {}

  /**
   * Wishes for a variant on sale; one already on the list keeps its item and takes the quantity
   * sent (else keeps its own). Unknown, deleted or hidden variants are 404 `variant_not_found`.
   */
  async add(owner: WishlistOwner, ref: WishlistRef, body: AddWishedItemBody): Promise<ShownItem> {
    await this.customers.signedIn(owner.store.storeId, owner.customerId);
    const variantId = await this.variantOnSale(owner, body.variant_id);
    const itemId = await this.dataSource.transaction(async (manager) => {
      const wishlist = await this.records.owned(
        manager,
        owner.store.storeId,
        owner.customerId,
        ref,
      );
      const [row]: { id: string }[] = await manager.query(
        `INSERT INTO wished_items (store_id, wishlist_id, variant_id, quantity)
         VALUES ($1, $2, $3, COALESCE($4::integer, 1))
         ON CONFLICT (wishlist_id, variant_id) DO UPDATE
           SET quantity = COALESCE($4::integer, wished_items.quantity), updated_at = now()
         RETURNING id::text AS id`,
        [owner.store.storeId, wishlist.id, variantId, body.quantity ?? null],
      );
      return row.id;
    });
    return this.shown(owner, itemId);
  }

  async setQuantity(
    owner: WishlistOwner,
    ref: WishlistRef,
    publicItemId: string,
    quantity: number,
  ): Promise<ShownItem> {
    await this.customers.signedIn(owner.store.storeId, owner.customerId);
    const itemId = await this.dataSource.transaction(async (manager) => {
      const item = await this.itemOf(manager, owner, ref, publicItemId);
      await manager.update(WishedItem, { id: item.id }, { quantity });
      return item.id;
    });
    return this.shown(owner, itemId);
  }

  /** Takes the item off its list; answers it as it was. */
  async remove(owner: WishlistOwner, ref: WishlistRef, publicItemId: string): Promise<ShownItem> {
    await this.customers.signedIn(owner.store.storeId, owner.customerId);
    // Presented before the change: the presenter reads on a connection of its own.
    const found = await this.itemOf(this.dataSource.manager, owner, ref, publicItemId, false);
    const shown = await this.shown(owner, found.id);
    await this.dataSource.transaction(async (manager) => {
      const item = await this.itemOf(manager, owner, ref, publicItemId);
      await manager.delete(WishedItem, { id: item.id });
    });
    return shown;
  }

  private async itemOf(
    manager: EntityManager,
    owner: WishlistOwner,
    ref: WishlistRef,
    publicItemId: string,
    lock = true,
  ): Promise<WishedItem> {
    const { storeId } = owner.store;
    const wishlist = await this.records.owned(manager, storeId, owner.customerId, ref, lock);
    const id = this.ids.decode(ID_PREFIX.wishedItem, publicItemId);
    const item = id
      ? await manager.findOne(WishedItem, { where: { id, wishlistId: wishlist.id } })
      : null;
    if (!item) throw StoreError.notFound('wished item');
    return item;
  }

  /** An item whose variant is no longer on sale is gone from the list, as the list shows it. */
  private async shown(owner: WishlistOwner, itemId: string): Promise<ShownItem> {
    const item = await this.presenter.item(owner.store, owner.currency, itemId);
    if (!item) throw StoreError.notFound('wished item');
    return item;
  }

  private async variantOnSale(owner: WishlistOwner, publicVariantId: string): Promise<string> {
    const id = this.ids.decode(ID_PREFIX.variant, publicVariantId);
    const [variant]: { product_id: string }[] = id
      ? await this.dataSource.query(
          `SELECT product_id::text AS product_id FROM variants
            WHERE id = $1 AND store_id = $2 AND deleted_at IS NULL`,
          [id, owner.store.storeId],
        )
      : [];
    const onSale =
      id && variant
        ? (await this.variants.present(owner.store, owner.currency, [variant.product_id])).has(id)
        : false;
    if (!id || !onSale) {
      throw new StoreError('variant_not_found', 'The variant does not exist or is not for sale');
    }
    return id;
  }
}
