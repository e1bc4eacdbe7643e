import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../../../common/errors/store-error.js';
import { findPage, type Page } from '../../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../../common/pagination/pagination.query.js';
import { fieldInvalid } from '../../../../common/records/store-records.js';
import { ModelEvents } from '../../../../events/index.js';
import type { StoreContext } from '../../../stores/index.js';
import { Price } from '../../price.entity.js';
import type { Variant } from '../../variant.entity.js';
import { AdminCatalogRecords } from './admin-catalog-records.js';
import { AdminProductSerializer, type AdminPriceView } from './admin-product.serializer.js';
import type { CreatePriceBody, UpdatePriceBody } from './dto/price.body.js';
import { priceAmount, storeCurrency } from './price-amount.js';
import { VariantWriter } from './variant-writer.js';

/** Where a price is: its product and variant, by public id. */
export interface PricePath {
  productId: string;
  variantId: string;
}

/**
 * A variant's prices, one per currency of the store; each change one transaction publishing
 * `price.*`. The price in the store's default currency stays (422 `resource_invalid`).
 */
@Injectable()
export class AdminPricesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: AdminCatalogRecords,
    private readonly serializer: AdminProductSerializer,
    private readonly writer: VariantWriter,
    private readonly events: ModelEvents,
  ) {}

  async list(
    store: StoreContext,
    path: PricePath,
    query: PaginationQuery,
  ): Promise<Page<AdminPriceView>> {
    const manager = this.dataSource.manager;
    const variant = await this.variantAt(manager, store, path);
    return findPage(
      query,
      (window) =>
        manager.findAndCount(Price, {
          where: { variantId: variant.id },
          order: { currency: 'ASC', id: 'ASC' },
          ...window,
        }),
      (price) => this.serializer.price(priceRow(price)),
    );
  }

  async show(store: StoreContext, path: PricePath, publicId: string): Promise<AdminPriceView> {
    const manager = this.dataSource.manager;
    const variant = await this.variantAt(manager, store, path);
    const price = await this.records.price(manager, variant, publicId);
    return this.serializer.price(priceRow(price));
  }

  /** A price in a currency the variant has none in yet (422 `validation_error` otherwise). */
  async create(
    store: StoreContext,
    path: PricePath,
    body: CreatePriceBody,
  ): Promise<AdminPriceView> {
    return this.dataSource.transaction(async (manager) => {
      const variant = await this.variantAt(manager, store, path, { lock: true });
      const currency = storeCurrency(store, body.currency);
      if (await manager.existsBy(Price, { variantId: variant.id, currency })) {
        throw fieldInvalid('currency', `the variant already has a price in ${currency}`);
      }
      const price = await manager.save(
        manager.create(Price, {
          storeId: variant.storeId,
          variantId: variant.id,
          currency,
          amount: priceAmount(body.amount, currency, 'amount'),
          compareAtAmount: compareAt(body.compare_at_amount, currency) ?? null,
        }),
      );
      await this.writer.publishPrice({ manager, storeId: store.storeId }, 'created', price);
      return this.serializer.priceById(manager, price.id);
    });
  }

  async update(
    store: StoreContext,
    path: PricePath,
    publicId: string,
    body: UpdatePriceBody,
  ): Promise<AdminPriceView> {
    return this.dataSource.transaction(async (manager) => {
      const variant = await this.variantAt(manager, store, path);
      const price = await this.records.price(manager, variant, publicId, { lock: true });
      if (body.amount !== undefined)
        price.amount = priceAmount(body.amount, price.currency, 'amount');
      const compareAtAmount = compareAt(body.compare_at_amount, price.currency);
      if (compareAtAmount !== undefined) price.compareAtAmount = compareAtAmount;
      price.updatedAt = new Date();
      await manager.save(price);
      await this.writer.publishPrice({ manager, storeId: store.storeId }, 'updated', price);
      return this.serializer.priceById(manager, price.id);
    });
  }

  async remove(store: StoreContext, path: PricePath, publicId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const variant = await this.variantAt(manager, store, path);
      const price = await this.records.price(manager, variant, publicId, { lock: true });
      if (price.currency === store.defaultCurrency) {
        throw new StoreError(
          'resource_invalid',
          'A variant keeps its price in the default currency',
          {
            currency: [
              `the price in ${price.currency}, the store's default currency, cannot be deleted`,
            ],
          },
        );
      }
      const view = await this.serializer.priceById(manager, price.id);
      await this.events.publish({ manager, storeId: store.storeId }, 'price.deleted', price, {
        ...view,
      });
      await manager.delete(Price, { id: price.id });
    });
  }

  private async variantAt(
    manager: EntityManager,
    store: StoreContext,
    path: PricePath,
    options: { lock?: boolean } = {},
  ): Promise<Variant> {
    const product = await this.records.product(manager, store.storeId, path.productId);
    return this.records.variant(manager, product, path.variantId, options);
  }
}

/** The compare-at amount sent: a decimal string, `null` to clear, `undefined` when not sent. */
function compareAt(value: string | number | null | undefined, currency: string) {
  if (value === undefined || value === null) return value;
  return priceAmount(value, currency, 'compare_at_amount');
}

/** A price entity in the shape the serializer reads rows. */
function priceRow(price: Price) {
  return {
    id: price.id,
    variant_id: price.variantId,
    currency: price.currency,
    amount: price.amount,
    compare_at_amount: price.compareAtAmount,
    created_at: price.createdAt,
    updated_at: price.updatedAt,
  };
}
