import { Injectable } from '@nestjs/common';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { Order } from './entities/order.entity.js';

/**
 * The largest quantity one line may hold: the limit of its integer column. Up to it, a quantity
 * beyond stock is `insufficient_stock`; only larger numbers are `invalid_quantity`.
 */
const MAX_QUANTITY = 2_147_483_647;

/** A line as a request names it. */
export interface LineRequest {
  variant_id: string;
  quantity?: unknown;
  metadata?: Record<string, unknown>;
}

/** A purchasable variant: priced in the order's currency, with what stock allows. */
export interface PurchasableVariant {
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
    const variant = await this.write(
      manager,
      order,
      variantId,
      { quantity, adding: true },
      metadata,
    );
    ensureStock(variant, validQuantity(variant.in_order + quantity));
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
    const variant = await this.write(
      manager,
      order,
      variantRef,
      { quantity, adding: false, known: options.known },
      options.metadata,
    );
    ensureStock(variant, quantity);
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

  /**
   * `add`, as CTEs (`variant`, `wanted`, `written`) for a statement that reads more after it
   * (the recalculation): `written` returns the line as written. Once the statement has run,
   * `check` raises what `add` would have (the line is written only when valid and in stock).
   */
  addition(
    order: Order,
    variantId: string,
    quantity: number,
    metadata: Record<string, unknown> = {},
  ): LineWrite {
    const id = this.ids.decode(ID_PREFIX.variant, variantId);
    if (!id) throw variantNotFound();
    return {
      ctes: (offset) => lineWriteCtes((n) => `$${offset + n}`, 'RETURNING ' + WRITTEN_LINE_COLUMNS),
      values: [
        id,
        order.storeId,
        order.currency,
        order.id,
        quantity,
        true,
        JSON.stringify(metadata),
      ],
      check(variant) {
        if (!variant) throw variantNotFound();
        ensureStock(variant, validQuantity(variant.in_order + quantity));
      },
    };
  }

  /**
   * Sets the variant's line to `quantity` units (`adding`: to what it holds plus `quantity`),
   * in the statement that finds the variant purchasable and reads its stock; the line is written
   * only when the quantity is valid and in stock, otherwise the caller raises the error (see
   * `ensureStock`). `variant_not_found` when the variant may not be bought in this order.
   */
  private async write(
    manager: EntityManager,
    order: Order,
    variantRef: string,
    wanted: { quantity: number; adding: boolean; known?: boolean },
    metadata: Record<string, unknown> = {},
  ): Promise<PurchasableVariant> {
    const id = wanted.known ? variantRef : this.ids.decode(ID_PREFIX.variant, variantRef);
    if (!id) throw variantNotFound();
    const {
      rows: [variant],
    } = await preparedIn<PurchasableVariant>(
      manager,
      'order_line_write',
      `WITH ${lineWriteCtes((n) => `$${n}`, '')}
       SELECT ${PURCHASABLE_COLUMNS} FROM variant`,
      [
        id,
        order.storeId,
        order.currency,
        order.id,
        wanted.quantity,
        wanted.adding,
        JSON.stringify(metadata),
      ],
    );
    if (!variant) throw variantNotFound();
    return variant;
  }
}

/** A line write carried by a statement that reads more (see `OrderLines.addition`). */
export interface LineWrite {
  /** `variant`, `wanted` and `written` CTEs, their parameters numbered after `offset`. */
  ctes(offset: number): string;
  values: unknown[];
  /** Raises the error of an invalid write, given the `variant` row (`PURCHASABLE_COLUMNS`). */
  check(variant: PurchasableVariant | null): void;
}

/** What `variant` answers, as `PurchasableVariant`. */
export const PURCHASABLE_COLUMNS =
  'id::text AS id, price::text AS price, tax_category, available, in_order';

/** What `written` returns of the line: what the recalculation reads of every line. */
const WRITTEN_LINE_COLUMNS =
  'id, variant_id, quantity, price, tax_category, promo_total, additional_tax_total, included_tax_total';

/**
 * The CTEs of a line write, parameters named by `p`: 1 variant, 2 store, 3 currency, 4 order,
 * 5 quantity, 6 adding (boolean), 7 metadata patch.
 */
function lineWriteCtes(p: (n: number) => string, returning: string): string {
  return `variant AS (
      SELECT v.id, pr.amount AS price, p.tax_category,
        CASE WHEN NOT v.track_inventory OR bool_or(si.backorderable) THEN NULL
             ELSE COALESCE(SUM(si.count_on_hand), 0)::int END AS available,
        COALESCE((SELECT quantity FROM line_items WHERE order_id = ${p(4)}::bigint
                  AND variant_id = v.id), 0) AS in_order
      FROM variants v
      JOIN products p ON p.id = v.product_id AND p.status = 'active' AND p.deleted_at IS NULL
        AND (p.available_on IS NULL OR p.available_on <= now())
        AND (p.discontinue_on IS NULL OR p.discontinue_on > now())
      JOIN prices pr ON pr.variant_id = v.id AND pr.currency = ${p(3)}::text
      LEFT JOIN stock_items si ON si.variant_id = v.id
        AND si.stock_location_id IN (
          SELECT id FROM stock_locations WHERE store_id = ${p(2)}::bigint AND active)
      WHERE v.id = ${p(1)}::bigint AND v.store_id = ${p(2)}::bigint AND v.deleted_at IS NULL
      GROUP BY v.id, pr.amount, p.tax_category),
    wanted AS (
      SELECT variant.*,
        CASE WHEN ${p(6)}::boolean THEN in_order + ${p(5)}::bigint ELSE ${p(5)}::bigint END
          AS quantity
      FROM variant),
    written AS (
      INSERT INTO line_items (store_id, order_id, variant_id, quantity, price, tax_category,
                              metadata)
      SELECT ${p(2)}::bigint, ${p(4)}::bigint, id, quantity, price, tax_category,
             ${mergedMetadata("'{}'::jsonb", p(7))}
      FROM wanted
      WHERE quantity BETWEEN 1 AND ${MAX_QUANTITY} AND (available IS NULL OR quantity <= available)
      ON CONFLICT (order_id, variant_id)
      DO UPDATE SET quantity = EXCLUDED.quantity,
        metadata = ${mergedMetadata('line_items.metadata', p(7))}, updated_at = now()
      ${returning})`;
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
