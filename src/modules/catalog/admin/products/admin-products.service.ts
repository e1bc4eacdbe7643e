import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { StoreError } from '../../../../common/errors/store-error.js';
import { fieldInvalid } from '../../../../common/records/store-records.js';
import { ModelEvents } from '../../../../events/index.js';
import type { StoreContext } from '../../../stores/index.js';
import { Product } from '../../product.entity.js';
import { Variant } from '../../variant.entity.js';
import { AdminCatalogRecords } from './admin-catalog-records.js';
import { AdminProductSerializer, type AdminProductView } from './admin-product.serializer.js';
import type { CreateProductBody, UpdateProductBody } from './dto/product.body.js';
import { setCategories } from './product-placements.js';
import { ProductPublisher } from './product-publisher.js';
import { freeSlug, slugOf } from './product-slug.js';
import { tagList } from './tag-list.js';
import { VariantWriter } from './variant-writer.js';

type ProductFields = CreateProductBody | UpdateProductBody;

/**
 * Staff management of a store's products: each change one transaction that publishes
 * `product.*` (and the events of the default variant and its prices) as the Admin API shows them.
 */
@Injectable()
export class AdminProductsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: AdminCatalogRecords,
    private readonly serializer: AdminProductSerializer,
    private readonly variants: VariantWriter,
    private readonly events: ModelEvents,
    private readonly publisher: ProductPublisher,
  ) {}

  async show(store: StoreContext, publicId: string): Promise<AdminProductView> {
    const manager = this.dataSource.manager;
    const product = await this.records.product(manager, store.storeId, publicId);
    return this.serializer.view(manager, store.storeId, product.id);
  }

  /** A product with its default variant (`sku`, `price` in `currency`), stocked at every location. */
  async create(store: StoreContext, body: CreateProductBody): Promise<AdminProductView> {
    return this.dataSource.transaction(async (manager) => {
      const scope = { manager, storeId: store.storeId };
      const schedule = scheduleOf(body, { availableOn: null, discontinueOn: null });
      const categories = body.category_ids
        ? await this.records.categories(manager, store.storeId, body.category_ids)
        : [];
      const product = await manager.save(
        manager.create(Product, {
          storeId: store.storeId,
          name: body.name,
          slug: await this.slugFor(manager, store.storeId, body),
          description: body.description ?? null,
          status: body.status ?? 'draft',
          ...schedule,
          taxCategory: await this.taxCategoryFor(manager, store.storeId, body.tax_category),
          metaTitle: body.meta_title ?? null,
          metaDescription: body.meta_description ?? null,
          metaKeywords: body.meta_keywords ?? null,
          tags: tagList(body.tags ?? []),
          metadata: body.metadata ?? {},
        }),
      );
      await setCategories(
        manager,
        product.id,
        categories.map((category) => category.id),
      );
      const created = await this.variants.create(manager, store, product, {
        sku: body.sku,
        price: body.price,
        compare_at_price: body.compare_at_price,
        currency: body.currency,
      });
      const view = await this.publisher.publish(scope, 'created', product);
      await this.variants.published(scope, created);
      return view;
    });
  }

  /** Changes the fields sent; `sku`, `price` and `compare_at_price` are the default variant's. */
  async update(
    store: StoreContext,
    publicId: string,
    body: UpdateProductBody,
  ): Promise<AdminProductView> {
    return this.dataSource.transaction(async (manager) => {
      const scope = { manager, storeId: store.storeId };
      const product = await this.records.product(manager, store.storeId, publicId, {
        lock: true,
      });
      Object.assign(product, scheduleOf(body, product));
      if (body.slug !== undefined && body.slug !== product.slug) {
        product.slug = await this.slugFor(manager, store.storeId, body, product.id);
      }
      if (body.name !== undefined) product.name = body.name;
      if (body.description !== undefined) product.description = body.description;
      if (body.status !== undefined) product.status = body.status;
      if (body.tax_category !== undefined) {
        product.taxCategory = await this.taxCategoryFor(manager, store.storeId, body.tax_category);
      }
      if (body.meta_title !== undefined) product.metaTitle = body.meta_title;
      if (body.meta_description !== undefined) product.metaDescription = body.meta_description;
      if (body.meta_keywords !== undefined) product.metaKeywords = body.meta_keywords;
      if (body.tags !== undefined) product.tags = tagList(body.tags);
      if (body.metadata !== undefined) product.metadata = body.metadata;
      if (body.category_ids !== undefined) {
        const categories = await this.records.categories(manager, store.storeId, body.category_ids);
        await setCategories(
          manager,
          product.id,
          categories.map((category) => category.id),
        );
      }
      product.updatedAt = new Date();
      await manager.save(product);
      const variant = await this.updateDefaultVariant(manager, store, product, body);
      const view = await this.publisher.publish(scope, 'updated', product);
      if (variant) {
        const variantView = await this.serializer.variantView(
          manager,
          store.storeId,
          product.id,
          variant.id,
        );
        await this.events.publish(scope, 'variant.updated', variant, { ...variantView });
      }
      return view;
    });
  }

  /**
   * Deletes a product softly, with its variants: it leaves the Store API and the Admin API lists
   * at once, while the orders that sold it keep their lines. Its slug and SKUs become free.
   */
  async remove(store: StoreContext, publicId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const scope = { manager, storeId: store.storeId };
      const product = await this.records.product(manager, store.storeId, publicId, {
        lock: true,
      });
      const variants = await manager.find(Variant, {
        where: { productId: product.id, deletedAt: IsNull() },
        order: { position: 'ASC', id: 'ASC' },
      });
      const before = await this.serializer.view(manager, store.storeId, product.id);
      const deletedAt = new Date();
      await manager.update(Product, { id: product.id }, { deletedAt, updatedAt: deletedAt });
      await manager.update(
        Variant,
        { productId: product.id, deletedAt: IsNull() },
        { deletedAt, updatedAt: deletedAt },
      );
      await this.events.publish(scope, 'product.deleted', product, {
        ...before,
        available: false,
        purchasable: false,
        deleted_at: deletedAt.toISOString(),
        updated_at: deletedAt.toISOString(),
      });
      for (const [index, variant] of variants.entries()) {
        await this.events.publish(scope, 'variant.deleted', variant, { ...before.variants[index] });
      }
    });
  }

  /** The default variant's `sku`, price and compare-at price, when sent; the variant if changed. */
  private async updateDefaultVariant(
    manager: EntityManager,
    store: StoreContext,
    product: Product,
    body: UpdateProductBody,
  ): Promise<Variant | undefined> {
    const { sku, price, compare_at_price: compareAt, currency } = body;
    if (sku === undefined && price === undefined && compareAt === undefined) {
      if (currency !== undefined)
        throw fieldInvalid('currency', 'currency goes with a price or compare_at_price');
      return undefined;
    }
    const variant = await manager.findOne(Variant, {
      where: { productId: product.id, deletedAt: IsNull() },
      order: { position: 'ASC', id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
    if (!variant) {
      throw new StoreError('resource_invalid', 'The product has no variant', {
        base: ['the product has no variant to take a SKU or price'],
      });
    }
    await this.variants.update(manager, store, variant, {
      sku,
      price,
      compare_at_price: compareAt,
      currency,
    });
    return variant;
  }

  /**
   * The code of a tax category of the store: the one sent (422 `validation_error` when the store
   * has none such), else the store's default one.
   */
  private async taxCategoryFor(
    manager: EntityManager,
    storeId: string,
    code: string | undefined,
  ): Promise<string> {
    const [found]: { code: string }[] = await manager.query(
      `SELECT code FROM tax_categories WHERE store_id = $1
         AND ($2::text IS NULL AND is_default OR code = $2::text) LIMIT 1`,
      [storeId, code ?? null],
    );
    if (found) return found.code;
    if (code === undefined) return 'default';
    throw fieldInvalid('tax_category', `${code} is not a tax category code of the store`);
  }

  /**
   * The slug sent, which must be free (422 `validation_error` on `slug`), or one made from the
   * name, numbered (`-2`, `-3`…) past those taken.
   */
  private async slugFor(
    manager: EntityManager,
    storeId: string,
    body: ProductFields,
    exceptProductId = '0',
  ): Promise<string> {
    if (body.slug !== undefined) {
      const [taken]: unknown[] = await manager.query(
        `SELECT 1 FROM products WHERE store_id = $1 AND slug = $2 AND deleted_at IS NULL AND id <> $3`,
        [storeId, body.slug, exceptProductId],
      );
      if (taken) throw fieldInvalid('slug', 'has already been taken');
      return body.slug;
    }
    const base = slugOf(body.name!);
    const rows: { slug: string }[] = await manager.query(
      `SELECT slug FROM products WHERE store_id = $1 AND deleted_at IS NULL
         AND (slug = $2 OR slug LIKE $2 || '-%')`,
      [storeId, base],
    );
    return freeSlug(base, new Set(rows.map((row) => row.slug)));
  }
}

/**
 * The sale window after the change: `available_on` and `discontinue_on` (sent ones replace
 * `current`); the product must be discontinued after it goes on sale.
 */
function scheduleOf(
  body: ProductFields,
  current: { availableOn: Date | null; discontinueOn: Date | null },
): { availableOn: Date | null; discontinueOn: Date | null } {
  const timeOf = (value: string | null | undefined, fallback: Date | null) =>
    value === undefined ? fallback : value === null ? null : new Date(value);
  const availableOn = timeOf(body.available_on, current.availableOn);
  const discontinueOn = timeOf(body.discontinue_on, current.discontinueOn);
  if (availableOn && discontinueOn && discontinueOn <= availableOn) {
    throw fieldInvalid('discontinue_on', 'must be after available_on');
  }
  return { availableOn, discontinueOn };
}
