import { Injectable } from '@nestjs/common';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { Order } from './entities/order.entity.js';

/** The largest quantity one line may hold (an integer column, and no sane order needs more). */
const MAX_QUANTITY = 100_000;

/** A line as a request names it. */
export interface LineRequest {
  variant_id: string;
  quantity?: unknown;
  metadata?: Record<string, unknown>;
}

/** A purchasable variant: priced in the order's currency, with what stock allows. */
interface PurchasableVariant {
  id: string;
  price: string;
  tax_category: string;
  /** Units that may still be sold; null when stock does not limit the variant. */
  available: number | null;
  in_order: number;
}

/**
 * How many units of each variant an order holds, under the rules every channel shares: only a
 * variant of the store that is on sale and priced in the order's currency (`variant_not_found`),
 * a positive integer quantity (`invalid_quantity`), never more than stock allows
 * (`insufficient_stock`). Runs inside the order's transaction.
 */
@Injectable()
export class OrderLines {
  constructor(private readonly ids: PublicIdCodec) {}

  /**
   * Adds units of a variant (`variant_…` id) to its line, starting one when there is none;
   * `metadata` is merged into the line's (see `mergeMetadata`).
   */
  async add(
    manager: EntityManager,
    order: Order,
    variantId: string,
    quantity: number,
    metadata?: Record<string, unknown>,
  ) {
    const variant = await this.purchasable(manager, order, variantId);
    const wanted = validQuantity(variant.in_order + quantity);
    ensureStock(variant, wanted);
    await this.write(manager, order, variant, wanted, metadata);
  }

  /**
   * Sets how many units of a variant the order holds; the variant is a `variant_…` id, or an
   * internal id with `known` (a line's own variant). `metadata` is merged into the line's.
   */
  async set(
    manager: EntityManager,
    order: Order,
    variantRef: string,
    quantity: number,
    options: { known?: boolean; metadata?: Record<string, unknown> } = {},
  ): Promise<void> {
    const variant = await this.purchasable(manager, order, variantRef, options);
    ensureStock(variant, quantity);
    await this.write(manager, order, variant, quantity, options.metadata);
  }

  /**
   * The lines a request names, one after the other: each variant's units added to its line
   * (`add`) or its line set to that quantity (`set`); the quantity defaults to 1.
   */
  async apply(
    manager: EntityManager,
    order: Order,
    items: LineRequest[],
    mode: 'add' | 'set',
  ): Promise<void> {
    for (const item of items) {
      const quantity = item.quantity === undefined ? 1 : validQuantity(item.quantity);
      if (mode === 'add') {
        await this.add(manager, order, item.variant_id, quantity, item.metadata);
      } else {
        await this.set(manager, order, item.variant_id, quantity, { metadata: item.metadata });
      }
    }
  }

  /** Merges `metadata` into a line's (`lineId`, a key of one of the order's lines). */
  async mergeMetadata(
    manager: EntityManager,
    order: Order,
    lineId: string,
    metadata: Record<string, unknown>,
  ): Promise<void> {
    await manager.query(
      `UPDATE line_items SET metadata = ${mergedMetadata('metadata', '$3')}, updated_at = now()
       WHERE id = $1 AND order_id = $2`,
      [lineId, order.id, JSON.stringify(metadata)],
    );
  }

  /** Removes the order's line of a variant (`variant_…` id), if it has one. */
  async remove(manager: EntityManager, order: Order, variantId: string): Promise<void> {
    const id = this.ids.decode(ID_PREFIX.variant, variantId);
    if (!id) throw variantNotFound();
    await manager.query('DELETE FROM line_items WHERE order_id = $1 AND variant_id = $2', [
      order.id,
      id,
    ]);
  }

  private async write(
    manager: EntityManager,
    order: Order,
    variant: PurchasableVariant,
    quantity: number,
    metadata: Record<string, unknown> = {},
  ): Promise<void> {
    await preparedIn(
      manager,
      'order_line_upsert',
      `INSERT INTO line_items (store_id, order_id, variant_id, quantity, price, tax_category,
                               metadata)
       VALUES ($1, $2, $3, $4, $5, $6, ${mergedMetadata("'{}'::jsonb", '$7')})
       ON CONFLICT (order_id, variant_id)
       DO UPDATE SET quantity = EXCLUDED.quantity,
         metadata = ${mergedMetadata('line_items.metadata', '$7')}, updated_at = now()`,
      [
        order.storeId,
        order.id,
        variant.id,
        quantity,
        variant.price,
        variant.tax_category,
        JSON.stringify(metadata),
      ],
    );
  }

  /** The variant if it may be bought in this order; otherwise `variant_not_found`. */
  private async purchasable(
    manager: EntityManager,
    order: Order,
    variantRef: string,
    options: { known?: boolean } = {},
  ): Promise<PurchasableVariant> {
    const id = options.known ? variantRef : this.ids.decode(ID_PREFIX.variant, variantRef);
    const [variant]: PurchasableVariant[] = id
      ? await preparedIn<PurchasableVariant>(
          manager,
          'order_line_purchasable_variant',
          `SELECT v.id::text AS id, pr.amount::text AS price, p.tax_category,
             CASE WHEN NOT v.track_inventory OR bool_or(si.backorderable) THEN NULL
                  ELSE COALESCE(SUM(si.count_on_hand), 0)::int END AS available,
             COALESCE((SELECT quantity FROM line_items WHERE order_id = $4 AND variant_id = v.id), 0)
               AS in_order
           FROM variants v
           JOIN products p ON p.id = v.product_id AND p.status = 'active' AND p.deleted_at IS NULL
             AND (p.available_on IS NULL OR p.available_on <= now())
             AND (p.discontinue_on IS NULL OR p.discontinue_on > now())
           JOIN prices pr ON pr.variant_id = v.id AND pr.currency = $3
           LEFT JOIN stock_items si ON si.variant_id = v.id
             AND si.stock_location_id IN (SELECT id FROM stock_locations WHERE store_id = $2 AND active)
           WHERE v.id = $1 AND v.store_id = $2 AND v.deleted_at IS NULL
           GROUP BY v.id, pr.amount, p.tax_category`,
          [id, order.storeId, order.currency, order.id],
        ).then((result) => result.rows)
      : [];
    if (!variant) throw variantNotFound();
    return variant;
  }
}

/** A quantity must be a positive integer (a JSON number, not a string or a fraction). */
export function validQuantity(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_QUANTITY) {
    throw new StoreError(
      'invalid_quantity',
      `quantity must be a positive integer no larger than ${MAX_QUANTITY}`,
    );
  }
  return value;
}

function ensureStock(variant: PurchasableVariant, wanted: number): void {
  if (variant.available !== null && wanted > variant.available) {
    throw new StoreError('insufficient_stock', 'The requested quantity exceeds the stock', {
      requested: [String(wanted)],
      available: [String(variant.available)],
    });
  }
}

/**
 * SQL for metadata `current` (a jsonb expression) with `patch` (a jsonb parameter) applied as
 * `mergeMetadata` applies it: keys of the patch set, those it sends as null removed.
 */
function mergedMetadata(current: string, patch: string): string {
  return `((${current} || ${patch}::jsonb)
    - ARRAY(SELECT key FROM jsonb_each(${patch}::jsonb) WHERE value = 'null'::jsonb))`;
}

function variantNotFound(): StoreError {
  return new StoreError('variant_not_found', 'The variant does not exist or is not for sale');
}
