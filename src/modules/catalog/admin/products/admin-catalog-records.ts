import { Injectable } from '@nestjs/common';
import { type EntityManager, In, IsNull } from 'typeorm';
import { StoreError } from '../../../../common/errors/store-error.js';
import { ID_PREFIX, type IdPrefix } from '../../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../../common/ids/public-id.js';
import { Category } from '../../category.entity.js';
import { OptionValue } from '../../option-value.entity.js';
import { Price } from '../../price.entity.js';
import { Product } from '../../product.entity.js';
import { Variant } from '../../variant.entity.js';

const LOCK = { lock: { mode: 'pessimistic_write' as const } };

/**
 * A store's products, variants and prices by public id, as staff reach them: anything unknown,
 * deleted, of another store or of another parent is 404 `record_not_found`.
 */
@Injectable()
export class AdminCatalogRecords {
  constructor(private readonly ids: PublicIdCodec) {}

  async product(
    manager: EntityManager,
    storeId: string,
    publicId: string,
    { lock = false } = {},
  ): Promise<Product> {
    const id = this.ids.decode(ID_PREFIX.product, publicId);
    const product = id
      ? await manager.findOne(Product, {
          where: { id, storeId, deletedAt: IsNull() },
          ...(lock ? LOCK : {}),
        })
      : null;
    if (!product) throw StoreError.notFound('product');
    return product;
  }

  async variant(
    manager: EntityManager,
    product: Product,
    publicId: string,
    { lock = false } = {},
  ): Promise<Variant> {
    const id = this.ids.decode(ID_PREFIX.variant, publicId);
    const variant = id
      ? await manager.findOne(Variant, {
          where: { id, productId: product.id, storeId: product.storeId, deletedAt: IsNull() },
          ...(lock ? LOCK : {}),
        })
      : null;
    if (!variant) throw StoreError.notFound('variant');
    return variant;
  }

  async price(
    manager: EntityManager,
    variant: Variant,
    publicId: string,
    { lock = false } = {},
  ): Promise<Price> {
    const id = this.ids.decode(ID_PREFIX.price, publicId);
    const price = id
      ? await manager.findOne(Price, {
          where: { id, variantId: variant.id },
          ...(lock ? LOCK : {}),
        })
      : null;
    if (!price) throw StoreError.notFound('price');
    return price;
  }

  /** Products of the store by id, locked in id order; any unknown one is named under `field`. */
  async products(
    manager: EntityManager,
    storeId: string,
    publicIds: readonly string[],
    field = 'ids',
  ): Promise<Product[]> {
    const keys = this.keysOf(ID_PREFIX.product, publicIds);
    const found = await manager.find(Product, {
      where: { id: In([...keys.values()]), storeId, deletedAt: IsNull() },
      order: { id: 'ASC' },
      ...LOCK,
    });
    this.refuseMissing(keys, new Set(found.map((product) => product.id)), field);
    return found;
  }

  /** Categories of the store by id; any unknown one is named under `field`. */
  async categories(
    manager: EntityManager,
    storeId: string,
    publicIds: readonly string[],
    field = 'category_ids',
  ): Promise<Category[]> {
    const keys = this.keysOf(ID_PREFIX.category, publicIds);
    const found = await manager.find(Category, {
      where: { id: In([...keys.values()]), storeId },
      order: { id: 'ASC' },
    });
    this.refuseMissing(keys, new Set(found.map((category) => category.id)), field);
    return found;
  }

  /** Option values of the store by id with their types; any unknown one is named under `field`. */
  async optionValues(
    manager: EntityManager,
    storeId: string,
    publicIds: readonly string[],
    field = 'option_value_ids',
  ): Promise<OptionValue[]> {
    const keys = this.keysOf(ID_PREFIX.optionValue, publicIds);
    const found = await manager.find(OptionValue, {
      where: { id: In([...keys.values()]), storeId },
      relations: { optionType: true },
    });
    this.refuseMissing(keys, new Set(found.map((value) => value.id)), field);
    return found;
  }

  /** Each public id with its key (`undefined` when it does not decode), duplicates once. */
  private keysOf(prefix: IdPrefix, publicIds: readonly string[]): Map<string, string> {
    const keys = new Map<string, string>();
    for (const publicId of publicIds) keys.set(publicId, this.ids.decode(prefix, publicId) ?? '0');
    return keys;
  }

  private refuseMissing(keys: Map<string, string>, found: Set<string>, field: string): void {
    const missing = [...keys].filter(([, key]) => !found.has(key)).map(([publicId]) => publicId);
    if (missing.length > 0) {
      throw new StoreError('record_not_found', 'A referenced record does not exist', {
        [field]: missing.map((publicId) => `${publicId} does not exist`),
      });
    }
  }
}
