import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type Page, pageOf, pageOffset } from '../../common/pagination/page.js';
import type { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { CustomerRecords } from '../customers/index.js';
import type { StoreContext } from '../stores/index.js';
import type { CreateWishlistBody, UpdateWishlistBody } from './dto/wishlist.body.js';
import { Wishlist } from './wishlist.entity.js';
import { type ShownWishlist, WishlistPresenter } from './wishlist-presenter.js';
import { type WishlistRef, WishlistRecords } from './wishlist-records.js';
import { WishlistTokens } from './wishlist-tokens.js';

/** The signed-in customer of one store, and the currency its lists' prices are shown in. */
export interface WishlistOwner {
  store: StoreContext;
  customerId: string;
  currency: string;
}

/** The name Spree gives a default list made for the customer. */
const DEFAULT_LIST_NAME = 'Wishlist';

/** A customer's wishlists: one default per store (the first list made), the others by name. */
@Injectable()
export class WishlistsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerRecords,
    private readonly records: WishlistRecords,
    private readonly tokens: WishlistTokens,
    private readonly presenter: WishlistPresenter,
  ) {}

  async list(owner: WishlistOwner, query: PaginationQuery): Promise<Page<ShownWishlist>> {
    await this.customers.signedIn(owner.store.storeId, owner.customerId);
    const [rows, count] = await this.dataSource.manager.findAndCount(Wishlist, {
      where: { storeId: owner.store.storeId, customerId: owner.customerId },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: query.limit,
      skip: pageOffset(query.page, query.limit),
    });
    const shown = await this.presenter.showAll(owner.store, owner.currency, rows);
    return pageOf(shown, count, query.page, query.limit);
  }

  /** By `wl_…` id for its owner; by token for its owner, or anyone when the list is shared. */
  async show(
    store: StoreContext,
    customerId: string | null,
    currency: string,
    ref: WishlistRef,
  ): Promise<ShownWishlist> {
    const wishlist = await this.records.readable(
      this.dataSource.manager,
      { storeId: store.storeId, customerId },
      ref,
    );
    return this.presenter.show(store, currency, wishlist);
  }

  async create(owner: WishlistOwner, body: CreateWishlistBody): Promise<ShownWishlist> {
    await this.customers.signedIn(owner.store.storeId, owner.customerId);
    const wishlist = await this.dataSource.transaction(async (manager) => {
      await this.records.lockCustomerLists(manager, owner.store.storeId, owner.customerId);
      const hasDefault = await this.defaultOf(manager, owner);
      const isDefault = body.is_default === true || !hasDefault;
      if (isDefault) await this.clearDefault(manager, owner);
      return this.insert(manager, owner, {
        name: body.name.trim(),
        isPrivate: body.is_private ?? true,
        isDefault,
      });
    });
    return this.presenter.show(owner.store, owner.currency, wishlist);
  }

  async update(
    owner: WishlistOwner,
    ref: WishlistRef,
    body: UpdateWishlistBody,
  ): Promise<ShownWishlist> {
    await this.customers.signedIn(owner.store.storeId, owner.customerId);
    const wishlist = await this.dataSource.transaction(async (manager) => {
      await this.records.lockCustomerLists(manager, owner.store.storeId, owner.customerId);
      const found = await this.records.owned(manager, owner.store.storeId, owner.customerId, ref);
      if (body.is_default === true && !found.isDefault) await this.clearDefault(manager, owner);
      if (body.name !== undefined) found.name = body.name.trim();
      if (body.is_private !== undefined) found.isPrivate = body.is_private;
      if (body.is_default !== undefined) found.isDefault = body.is_default;
      return manager.save(found);
    });
    return this.presenter.show(owner.store, owner.currency, wishlist);
  }

  async remove(owner: Omit<WishlistOwner, 'currency'>, ref: WishlistRef): Promise<void> {
    await this.customers.signedIn(owner.store.storeId, owner.customerId);
    await this.dataSource.transaction(async (manager) => {
      const found = await this.records.owned(manager, owner.store.storeId, owner.customerId, ref);
      await manager.remove(found);
    });
  }

  /** The customer's default list, made (empty, private) when it has none. */
  async default(owner: WishlistOwner): Promise<ShownWishlist> {
    await this.customers.signedIn(owner.store.storeId, owner.customerId);
    const wishlist = await this.dataSource.transaction(async (manager) => {
      await this.records.lockCustomerLists(manager, owner.store.storeId, owner.customerId);
      return (
        (await this.defaultOf(manager, owner)) ??
        this.insert(manager, owner, { name: DEFAULT_LIST_NAME, isPrivate: true, isDefault: true })
      );
    });
    return this.presenter.show(owner.store, owner.currency, wishlist);
  }

  private defaultOf(manager: EntityManager, owner: WishlistOwner): Promise<Wishlist | null> {
    return manager.findOne(Wishlist, {
      where: { storeId: owner.store.storeId, customerId: owner.customerId, isDefault: true },
    });
  }

  private async clearDefault(manager: EntityManager, owner: WishlistOwner): Promise<void> {
    await manager.update(
      Wishlist,
      { storeId: owner.store.storeId, customerId: owner.customerId, isDefault: true },
      { isDefault: false },
    );
  }

  private insert(
    manager: EntityManager,
    owner: WishlistOwner,
    fields: Pick<Wishlist, 'name' | 'isPrivate' | 'isDefault'>,
  ): Promise<Wishlist> {
    const { digest, sealed } = this.tokens.issue();
    return manager.save(
      manager.create(Wishlist, {
        ...fields,
        storeId: owner.store.storeId,
        customerId: owner.customerId,
        tokenDigest: digest,
        tokenSealed: sealed,
      }),
    );
  }
}
