import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../../common/errors/store-error.js';
import { fieldInvalid } from '../../../../common/records/store-records.js';
import { type EventScope, ModelEvents } from '../../../../events/index.js';
import type { StoreContext } from '../../../stores/index.js';
import type { OptionValue } from '../../option-value.entity.js';
import { Price } from '../../price.entity.js';
import type { Product } from '../../product.entity.js';
import { StockItem } from '../../stock-item.entity.js';
import { StockLedger } from '../../stock-ledger.js';
import { StockLocation } from '../../stock-location.entity.js';
import { VariantOptionValue } from '../../variant-option-value.entity.js';
import { Variant } from '../../variant.entity.js';
import { AdminCatalogRecords } from './admin-catalog-records.js';
import { AdminProductSerializer } from './admin-product.serializer.js';
import { priceAmount, storeCurrency } from './price-amount.js';

/** What a variant is made of, as the Admin API takes it. */
export interface VariantInput {
  sku?: string;
  option_value_ids?: string[];
  price?: string | number;
  compare_at_price?: string | number | null;
  currency?: string;
  weight?: number | null;
  height?: number | null;
  width?: number | null;
  depth?: number | null;
  track_inventory?: boolean;
  backorderable?: boolean;
  position?: number;
}

/** A variant just written, with its stock items. */
export interface CreatedVariant {
  variant: Variant;
  stockItems: StockItem[];
}

/** A price row written, and whether it is new. */
export interface WrittenPrice {
  price: Price;
  created: boolean;
}

const MEASURES = ['weight', 'height', 'width', 'depth'] as const;

/**
 * Writes variants and their prices, option values and stock items in the caller's transaction,
 * and publishes what it wrote: the one place the rules of a variant (unique SKU, one value per
 * option type, prices in the store's currencies) are kept.
 */
@Injectable()
export class VariantWriter {
  constructor(
    private readonly records: AdminCatalogRecords,
    private readonly serializer: AdminProductSerializer,
    private readonly ledger: StockLedger,
    private readonly events: ModelEvents,
  ) {}

  /**
   * A new variant of `product` with its stock items at every location of the store. Without a
   * price it takes the prices of the product's default variant. Publishes nothing: the caller
   * calls `published` once the product is in place.
   */
  async create(
    manager: EntityManager,
    store: StoreContext,
    product: Product,
    input: VariantInput,
  ): Promise<CreatedVariant> {
    const sku = input.sku ?? '';
    await this.assertSkuFree(manager, store.storeId, sku);
    const values = await this.optionValues(manager, store.storeId, input.option_value_ids ?? []);
    const [{ next }]: { next: number }[] = await manager.query(
      `SELECT COALESCE(max(position) + 1, 0)::int AS next FROM variants
       WHERE product_id = $1 AND deleted_at IS NULL`,
      [product.id],
    );
    const variant = await manager.save(
      manager.create(Variant, {
        storeId: store.storeId,
        productId: product.id,
        sku,
        optionsText: optionsText(values),
        ...measures(input),
        position: input.position ?? next,
        trackInventory: input.track_inventory ?? true,
      }),
    );
    await this.setOptionValues(manager, variant, values);
    for (const price of await this.defaultPrices(manager, product, variant)) {
      await manager.insert(Price, { ...price, storeId: variant.storeId, variantId: variant.id });
    }
    if (input.price !== undefined || input.compare_at_price !== undefined) {
      await this.setPrice(manager, store, variant, input);
    } else if (input.currency !== undefined) {
      storeCurrency(store, input.currency);
    }
    const locations = await manager.find(StockLocation, {
      where: { storeId: store.storeId },
      order: { id: 'ASC' },
    });
    const stockItems = await manager.save(
      locations.map((location) =>
        manager.create(StockItem, {
          storeId: store.storeId,
          stockLocationId: location.id,
          variantId: variant.id,
          countOnHand: 0,
          backorderable: input.backorderable ?? false,
        }),
      ),
    );
    return { variant, stockItems };
  }

  /** Publishes `variant.created`, then its prices' and stock items' `created`. */
  async published(scope: EventScope, { variant, stockItems }: CreatedVariant): Promise<void> {
    const prices = await scope.manager.find(Price, {
      where: { variantId: variant.id },
      order: { currency: 'ASC' },
    });
    const view = await this.serializer.variantView(
      scope.manager,
      variant.storeId,
      variant.productId,
      variant.id,
    );
    await this.events.publish(scope, 'variant.created', variant, { ...view });
    for (const price of prices) await this.publishPrice(scope, 'created', price);
    for (const item of stockItems) await this.events.created(scope, item);
  }

  /**
   * Changes a variant (those of `input`'s fields that were sent). Publishes the price's and
   * stock items' events; the caller publishes `variant.updated`.
   */
  async update(
    manager: EntityManager,
    store: StoreContext,
    variant: Variant,
    input: VariantInput,
  ): Promise<void> {
    const scope = { manager, storeId: store.storeId };
    if (input.sku !== undefined && input.sku !== variant.sku) {
      await this.assertSkuFree(manager, store.storeId, input.sku, variant.id);
      variant.sku = input.sku;
    }
    if (input.option_value_ids !== undefined) {
      const values = await this.optionValues(manager, store.storeId, input.option_value_ids);
      await manager.delete(VariantOptionValue, { variantId: variant.id });
      await this.setOptionValues(manager, variant, values);
      variant.optionsText = optionsText(values);
    }
    Object.assign(variant, measures(input));
    if (input.track_inventory !== undefined) variant.trackInventory = input.track_inventory;
    if (input.position !== undefined) variant.position = input.position;
    variant.updatedAt = new Date();
    await manager.save(variant);
    if (input.price !== undefined || input.compare_at_price !== undefined) {
      const written = await this.setPrice(manager, store, variant, input);
      await this.publishPrice(scope, written.created ? 'created' : 'updated', written.price);
    } else if (input.currency !== undefined) {
      storeCurrency(store, input.currency);
    }
    if (input.backorderable !== undefined) {
      await this.setBackorderable(manager, store.storeId, variant, input.backorderable);
    }
  }

  /**
   * Sets the variant's price in `input.currency` (the store's default when not sent): the amount
   * and/or the compare-at amount. A new price needs an amount.
   */
  async setPrice(
    manager: EntityManager,
    store: StoreContext,
    variant: Variant,
    input: Pick<VariantInput, 'price' | 'compare_at_price' | 'currency'>,
  ): Promise<WrittenPrice> {
    const currency = storeCurrency(store, input.currency);
    const existing = await manager.findOne(Price, {
      where: { variantId: variant.id, currency },
      lock: { mode: 'pessimistic_write' },
    });
    if (!existing && input.price === undefined) {
      throw fieldInvalid('price', `price is required: the variant has no price in ${currency}`);
    }
    const price =
      existing ??
      manager.create(Price, { storeId: variant.storeId, variantId: variant.id, currency });
    if (input.price !== undefined) price.amount = priceAmount(input.price, currency, 'price');
    if (input.compare_at_price !== undefined) {
      price.compareAtAmount =
        input.compare_at_price === null
          ? null
          : priceAmount(input.compare_at_price, currency, 'compare_at_price');
    }
    if (existing) price.updatedAt = new Date();
    return { price: await manager.save(price), created: !existing };
  }

  /** Publishes `price.<action>` with the price as staff see it. */
  async publishPrice(scope: EventScope, action: string, price: Price): Promise<void> {
    const view = await this.serializer.priceById(scope.manager, price.id);
    await this.events.publish(scope, `price.${action}`, price, { ...view });
  }

  /** 422 `validation_error` on `sku` when another variant of the store (not deleted) has it. */
  async assertSkuFree(
    manager: EntityManager,
    storeId: string,
    sku: string,
    exceptVariantId = '0',
  ): Promise<void> {
    if (sku === '') return;
    const [taken]: unknown[] = await manager.query(
      `SELECT 1 FROM variants WHERE store_id = $1 AND lower(sku) = lower($2)
         AND deleted_at IS NULL AND id <> $3 LIMIT 1`,
      [storeId, sku, exceptVariantId],
    );
    if (taken) throw fieldInvalid('sku', 'has already been taken');
  }

  /** Sets `backorderable` on each of the variant's stock items (publishing their updates). */
  private async setBackorderable(
    manager: EntityManager,
    storeId: string,
    variant: Variant,
    backorderable: boolean,
  ): Promise<void> {
    const items = await manager.find(StockItem, {
      where: { variantId: variant.id, storeId },
      order: { id: 'ASC' },
    });
    for (const item of items) {
      if (item.backorderable === backorderable) continue;
      const changed = await this.ledger.change(manager, storeId, item.id, undefined, backorderable);
      if (!changed) {
        throw new StoreError('resource_invalid', 'The variant has units on backorder', {
          backorderable: ['cannot be turned off while a stock count is below zero'],
        });
      }
    }
  }

  private async optionValues(
    manager: EntityManager,
    storeId: string,
    publicIds: string[],
  ): Promise<OptionValue[]> {
    if (publicIds.length === 0) return [];
    const values = await this.records.optionValues(manager, storeId, publicIds);
    const types = new Set(values.map((value) => value.optionTypeId));
    if (types.size !== values.length) {
      throw fieldInvalid('option_value_ids', 'may hold at most one value of each option type');
    }
    return values.sort(
      (a, b) =>
        a.optionType!.position - b.optionType!.position ||
        Number(a.optionTypeId) - Number(b.optionTypeId),
    );
  }

  private async setOptionValues(
    manager: EntityManager,
    variant: Variant,
    values: OptionValue[],
  ): Promise<void> {
    if (values.length === 0) return;
    await manager.insert(
      VariantOptionValue,
      values.map((value) => ({ variantId: variant.id, optionValueId: value.id })),
    );
  }

  /** The prices of the product's default variant (its first, not deleted, other than `variant`). */
  private async defaultPrices(
    manager: EntityManager,
    product: Product,
    variant: Variant,
  ): Promise<Pick<Price, 'currency' | 'amount' | 'compareAtAmount'>[]> {
    return manager.query(
      `SELECT pr.currency, pr.amount::text AS amount, pr.compare_at_amount::text AS "compareAtAmount"
       FROM prices pr WHERE pr.variant_id = (
         SELECT id FROM variants WHERE product_id = $1 AND deleted_at IS NULL AND id <> $2
         ORDER BY position, id LIMIT 1)`,
      [product.id, variant.id],
    );
  }
}

/** "Size: M, Color: Blue": what the variant is, in the option types' order. */
function optionsText(values: OptionValue[]): string {
  return values.map((value) => `${value.optionType!.label}: ${value.label}`).join(', ');
}

/** The weights and dimensions sent, as the numeric columns take them. */
function measures(input: VariantInput): Partial<Pick<Variant, (typeof MEASURES)[number]>> {
  const sent: Partial<Record<(typeof MEASURES)[number], string | null>> = {};
  for (const name of MEASURES) {
    const value = input[name];
    if (value !== undefined) sent[name] = value === null ? null : String(value);
  }
  return sent;
}
