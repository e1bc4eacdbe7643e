import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ModelEvents } from '../../../../events/index.js';
import type { StoreContext } from '../../../stores/index.js';
import { Product } from '../../product.entity.js';
import { AdminCatalogRecords } from './admin-catalog-records.js';
import { AdminProductSerializer, type AdminProductView } from './admin-product.serializer.js';
import type { BulkCategoriesBody, BulkStatusBody, BulkProductTagsBody } from './dto/bulk.body.js';
import { placeInCategories, takeOutOfCategories } from './product-placements.js';
import { tagList, withoutTags, withTags } from './tag-list.js';

/** What a bulk action did to the products it named. */
type BulkChange = (manager: EntityManager, products: Product[]) => Promise<Set<string>>;

/**
 * Changes to many products at once: all or none (one transaction, the products locked in id
 * order), `product.updated` for each product the action changed. Any unknown id refuses the
 * whole action (404 `record_not_found` naming it).
 */
@Injectable()
export class AdminProductsBulk {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: AdminCatalogRecords,
    private readonly serializer: AdminProductSerializer,
    private readonly events: ModelEvents,
  ) {}

  setStatus(store: StoreContext, body: BulkStatusBody) {
    return this.apply(store, body.ids, (manager, products) =>
      this.changeEach(manager, products, (product) => {
        if (product.status === body.status) return false;
        product.status = body.status;
        return true;
      }),
    );
  }

  addTags(store: StoreContext, body: BulkProductTagsBody) {
    const added = tagList(body.tags);
    return this.apply(store, body.ids, (manager, products) =>
      this.changeEach(manager, products, (product) =>
        retag(product, withTags(product.tags, added)),
      ),
    );
  }

  removeTags(store: StoreContext, body: BulkProductTagsBody) {
    return this.apply(store, body.ids, (manager, products) =>
      this.changeEach(manager, products, (product) =>
        retag(product, withoutTags(product.tags, body.tags)),
      ),
    );
  }

  addCategories(store: StoreContext, body: BulkCategoriesBody) {
    return this.apply(store, body.ids, async (manager, products) => {
      const categories = await this.records.categories(manager, store.storeId, body.category_ids);
      return this.touched(
        manager,
        await placeInCategories(
          manager,
          products.map((product) => product.id),
          categories.map((category) => category.id),
        ),
      );
    });
  }

  removeCategories(store: StoreContext, body: BulkCategoriesBody) {
    return this.apply(store, body.ids, async (manager, products) => {
      const categories = await this.records.categories(manager, store.storeId, body.category_ids);
      return this.touched(
        manager,
        await takeOutOfCategories(
          manager,
          products.map((product) => product.id),
          categories.map((category) => category.id),
        ),
      );
    });
  }

  private apply(
    store: StoreContext,
    publicIds: string[],
    change: BulkChange,
  ): Promise<{ data: AdminProductView[] }> {
    return this.dataSource.transaction(async (manager) => {
      const scope = { manager, storeId: store.storeId };
      const products = await this.records.products(manager, store.storeId, publicIds);
      const changed = await change(manager, products);
      const views = await this.serializer.views(
        manager,
        store.storeId,
        products.map((product) => product.id),
      );
      for (const [index, product] of products.entries()) {
        if (changed.has(product.id)) {
          await this.events.publish(scope, 'product.updated', product, { ...views[index] });
        }
      }
      return { data: views };
    });
  }

  /** Applies `edit` to each product and saves those it changed. */
  private async changeEach(
    manager: EntityManager,
    products: Product[],
    edit: (product: Product) => boolean,
  ): Promise<Set<string>> {
    const changed = new Set<string>();
    for (const product of products) {
      if (!edit(product)) continue;
      product.updatedAt = new Date();
      await manager.save(product);
      changed.add(product.id);
    }
    return changed;
  }

  /** Marks the products changed (their placement changed) as updated now. */
  private async touched(manager: EntityManager, productIds: Set<string>): Promise<Set<string>> {
    if (productIds.size > 0) {
      await manager.query('UPDATE products SET updated_at = now() WHERE id = ANY($1::bigint[])', [
        [...productIds],
      ]);
    }
    return productIds;
  }
}

/** Gives the product these tags; whether they differ from its own. */
function retag(product: Product, tags: string[]): boolean {
  if (
    tags.length === product.tags.length &&
    tags.every((tag, index) => tag === product.tags[index])
  )
    return false;
  product.tags = tags;
  return true;
}
