import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, Not } from 'typeorm';
import { StoreError } from '../../../../common/errors/store-error.js';
import { type Page, pageOf, pageOffset } from '../../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../../common/pagination/pagination.query.js';
import { ModelEvents } from '../../../../events/index.js';
import type { StoreContext } from '../../../stores/index.js';
import { Variant } from '../../variant.entity.js';
import { AdminCatalogRecords } from './admin-catalog-records.js';
import { AdminProductSerializer, type AdminVariantView } from './admin-product.serializer.js';
import type { CreateVariantBody, UpdateVariantBody } from './dto/variant.body.js';
import { VariantWriter } from './variant-writer.js';

/** Staff management of a product's variants; each change one transaction publishing `variant.*`. */
@Injectable()
export class AdminVariantsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: AdminCatalogRecords,
    private readonly serializer: AdminProductSerializer,
    private readonly writer: VariantWriter,
    private readonly events: ModelEvents,
  ) {}

  /** The product's variants in their order (the first is its default). */
  async list(
    store: StoreContext,
    productId: string,
    query: PaginationQuery,
  ): Promise<Page<AdminVariantView>> {
    const manager = this.dataSource.manager;
    const product = await this.records.product(manager, store.storeId, productId);
    const { variants } = await this.serializer.view(manager, store.storeId, product.id);
    const offset = pageOffset(query.page, query.limit);
    return pageOf(
      variants.slice(offset, offset + query.limit),
      variants.length,
      query.page,
      query.limit,
    );
  }

  async show(store: StoreContext, productId: string, publicId: string): Promise<AdminVariantView> {
    const manager = this.dataSource.manager;
    const product = await this.records.product(manager, store.storeId, productId);
    const variant = await this.records.variant(manager, product, publicId);
    return this.serializer.variantView(manager, store.storeId, product.id, variant.id);
  }

  async create(
    store: StoreContext,
    productId: string,
    body: CreateVariantBody,
  ): Promise<AdminVariantView> {
    return this.dataSource.transaction(async (manager) => {
      const scope = { manager, storeId: store.storeId };
      const product = await this.records.product(manager, store.storeId, productId, {
        lock: true,
      });
      const created = await this.writer.create(manager, store, product, body);
      await this.writer.published(scope, created);
      return this.serializer.variantView(manager, store.storeId, product.id, created.variant.id);
    });
  }

  async update(
    store: StoreContext,
    productId: string,
    publicId: string,
    body: UpdateVariantBody,
  ): Promise<AdminVariantView> {
    return this.dataSource.transaction(async (manager) => {
      const scope = { manager, storeId: store.storeId };
      const product = await this.records.product(manager, store.storeId, productId);
      const variant = await this.records.variant(manager, product, publicId, { lock: true });
      await this.writer.update(manager, store, variant, body);
      const view = await this.serializer.variantView(
        manager,
        store.storeId,
        product.id,
        variant.id,
      );
      await this.events.publish(scope, 'variant.updated', variant, { ...view });
      return view;
    });
  }

  /**
   * Deletes a variant softly: it is no longer sold and its SKU is free, while orders that sold it
   * keep their lines. A product keeps at least one variant (422 `resource_invalid`).
   */
  async remove(store: StoreContext, productId: string, publicId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const scope = { manager, storeId: store.storeId };
      const product = await this.records.product(manager, store.storeId, productId, {
        lock: true,
      });
      const variant = await this.records.variant(manager, product, publicId, { lock: true });
      const others = await manager.count(Variant, {
        where: { productId: product.id, deletedAt: IsNull(), id: Not(variant.id) },
      });
      if (others === 0) {
        throw new StoreError('resource_invalid', 'A product keeps at least one variant', {
          base: ['the only variant of a product cannot be deleted; delete the product instead'],
        });
      }
      const view = await this.serializer.variantView(
        manager,
        store.storeId,
        product.id,
        variant.id,
      );
      const deletedAt = new Date();
      await manager.update(Variant, { id: variant.id }, { deletedAt, updatedAt: deletedAt });
      await this.events.publish(scope, 'variant.deleted', variant, { ...view });
    });
  }
}
