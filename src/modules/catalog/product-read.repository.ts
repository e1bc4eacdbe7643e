import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PreparedSql } from '../../platform/database/prepared-sql.js';
import type { ProductSort } from './dto/list-products.query.js';

export interface VariantRow {
  id: string;
  sku: string;
  options_text: string;
  weight: string | null;
  position: number;
  track_inventory: boolean;
  amount: string | null;
  compare_at_amount: string | null;
  count_on_hand: number;
  backorderable: boolean;
}

export interface ProductRow {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  available_on: Date | null;
  created_at: Date;
  updated_at: Date;
  variants: VariantRow[];
}

const ORDER_BY: Record<ProductSort, string> = {
  name: 'p.name ASC, p.id ASC',
  '-name': 'p.name DESC, p.id DESC',
  created_at: 'p.created_at ASC, p.id ASC',
  '-created_at': 'p.created_at DESC, p.id DESC',
  updated_at: 'p.updated_at ASC, p.id ASC',
  '-updated_at': 'p.updated_at DESC, p.id DESC',
};

/** Products a shopper may see: active and already available. `$1` is always the store. */
const VISIBLE = `p.store_id = $1 AND p.status = 'active' AND (p.available_on IS NULL OR p.available_on <= now())`;

/** An optional name filter: a NULL pattern matches every product. */
const NAME_MATCHES = (parameter: string) =>
  `(${parameter}::text IS NULL OR p.name ILIKE ${parameter}::text ESCAPE '\\')`;

/**
 * A product with its variants, each with its price in the wanted currency and its stock summed
 * over active locations: one round trip, shaped for the serializer. Correlated subqueries keep
 * every lookup on an index whatever the table sizes.
 */
const PRODUCT_WITH_VARIANTS = `
  SELECT p.id::text AS id, p.name, p.slug, p.description, p.available_on, p.created_at, p.updated_at,
    (SELECT COALESCE(json_agg(json_build_object(
              'id', v.id::text, 'sku', v.sku, 'options_text', v.options_text, 'weight', v.weight::text,
              'position', v.position, 'track_inventory', v.track_inventory,
              'amount', pr.amount::text, 'compare_at_amount', pr.compare_at_amount::text,
              'count_on_hand', COALESCE(s.count_on_hand, 0), 'backorderable', COALESCE(s.backorderable, false)
            ) ORDER BY v.position, v.id), '[]'::json)
     FROM variants v
     LEFT JOIN LATERAL (
       SELECT amount, compare_at_amount FROM prices WHERE variant_id = v.id AND currency = $2
     ) pr ON true
     LEFT JOIN LATERAL (
       SELECT SUM(si.count_on_hand)::int AS count_on_hand, bool_or(si.backorderable) AS backorderable
       FROM stock_items si
       WHERE si.variant_id = v.id
         AND si.stock_location_id IN (SELECT id FROM stock_locations WHERE store_id = v.store_id AND active)
     ) s ON true
     WHERE v.product_id = p.id) AS variants
  FROM products p`;

/** Read side of the catalog for the Store API: lean SQL, no entity hydration. */
@Injectable()
export class ProductReadRepository {
  constructor(private readonly sql: PreparedSql) {}

  async findVisibleById(
    storeId: string,
    productId: string,
    currency: string,
  ): Promise<ProductRow | undefined> {
    const rows = await this.sql.rows<ProductRow>(
      'product_by_id',
      `${PRODUCT_WITH_VARIANTS} WHERE ${VISIBLE} AND p.id = $3`,
      [storeId, currency, productId],
    );
    return rows[0];
  }

  async findVisibleBySlug(
    storeId: string,
    slug: string,
    currency: string,
  ): Promise<ProductRow | undefined> {
    const rows = await this.sql.rows<ProductRow>(
      'product_by_slug',
      `${PRODUCT_WITH_VARIANTS} WHERE ${VISIBLE} AND p.slug = $3`,
      [storeId, currency, slug],
    );
    return rows[0];
  }

  /**
   * Any product of the store, visible or not, priced in the store's default currency, read in
   * the caller's transaction (for event payloads of changes not yet committed).
   */
  async findInTransaction(
    manager: EntityManager,
    storeId: string,
    productId: string,
  ): Promise<{ row: ProductRow; currency: string } | undefined> {
    const rows: (ProductRow & { currency: string })[] = await manager.query(
      `${PRODUCT_WITH_VARIANTS.replace('SELECT p.id::text', 'SELECT $2::text AS currency, p.id::text')}
       WHERE p.store_id = $1 AND p.id = $3`,
      [storeId, await this.defaultCurrency(manager, storeId), productId],
    );
    if (!rows[0]) return undefined;
    const { currency, ...row } = rows[0];
    return { row, currency };
  }

  private async defaultCurrency(manager: EntityManager, storeId: string): Promise<string> {
    const [store]: { currency: string }[] = await manager.query(
      'SELECT default_currency AS currency FROM stores WHERE id = $1',
      [storeId],
    );
    return store.currency;
  }

  async listVisible(
    storeId: string,
    currency: string,
    options: { nameContains?: string; sort: ProductSort; limit: number; offset: number },
  ): Promise<{ rows: ProductRow[]; count: number }> {
    const namePattern = options.nameContains ? `%${escapeLike(options.nameContains)}%` : null;
    const [{ count }] = await this.sql.rows<{ count: number }>(
      'products_count',
      `SELECT count(*)::int AS count FROM products p WHERE ${VISIBLE} AND ${NAME_MATCHES('$2')}`,
      [storeId, namePattern],
    );
    if (count === 0 || options.offset >= count) return { rows: [], count };
    const rows = await this.sql.rows<ProductRow>(
      `products_page_${options.sort}`,
      `${PRODUCT_WITH_VARIANTS} WHERE ${VISIBLE} AND ${NAME_MATCHES('$3')}
       ORDER BY ${ORDER_BY[options.sort]} LIMIT $4 OFFSET $5`,
      [storeId, currency, namePattern, options.limit, options.offset],
    );
    return { rows, count };
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
