import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
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

/**
 * A product with its variants, each with its price in the wanted currency and its stock summed
 * over active locations: one round trip, shaped for the serializer.
 */
const PRODUCT_WITH_VARIANTS = `
  SELECT p.id::text AS id, p.name, p.slug, p.description, p.available_on, p.created_at, p.updated_at,
         COALESCE(v.variants, '[]'::json) AS variants
  FROM products p
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object(
             'id', v.id::text, 'sku', v.sku, 'options_text', v.options_text, 'weight', v.weight::text,
             'position', v.position, 'track_inventory', v.track_inventory,
             'amount', pr.amount::text, 'compare_at_amount', pr.compare_at_amount::text,
             'count_on_hand', COALESCE(s.count_on_hand, 0), 'backorderable', COALESCE(s.backorderable, false)
           ) ORDER BY v.position, v.id) AS variants
    FROM variants v
    LEFT JOIN prices pr ON pr.variant_id = v.id AND pr.currency = $2
    LEFT JOIN LATERAL (
      SELECT SUM(si.count_on_hand)::int AS count_on_hand, bool_or(si.backorderable) AS backorderable
      FROM stock_items si JOIN stock_locations sl ON sl.id = si.stock_location_id AND sl.active
      WHERE si.variant_id = v.id
    ) s ON true
    WHERE v.product_id = p.id
  ) v ON true`;

/** Read side of the catalog for the Store API: lean SQL, no entity hydration. */
@Injectable()
export class ProductReadRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findVisibleById(
    storeId: string,
    productId: string,
    currency: string,
  ): Promise<ProductRow | undefined> {
    const rows: ProductRow[] = await this.dataSource.query(
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
    const rows: ProductRow[] = await this.dataSource.query(
      `${PRODUCT_WITH_VARIANTS} WHERE ${VISIBLE} AND p.slug = $3`,
      [storeId, currency, slug],
    );
    return rows[0];
  }

  async listVisible(
    storeId: string,
    currency: string,
    options: { nameContains?: string; sort: ProductSort; limit: number; offset: number },
  ): Promise<{ rows: ProductRow[]; count: number }> {
    const nameFilter = options.nameContains ? ` AND p.name ILIKE $3 ESCAPE '\\'` : '';
    const filterParams = options.nameContains ? [`%${escapeLike(options.nameContains)}%`] : [];
    const [{ count }]: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM products p WHERE ${VISIBLE}${nameFilter.replace('$3', '$2')}`,
      [storeId, ...filterParams],
    );
    if (count === 0 || options.offset >= count) return { rows: [], count };
    const limitIndex = 3 + filterParams.length;
    const rows: ProductRow[] = await this.dataSource.query(
      `${PRODUCT_WITH_VARIANTS} WHERE ${VISIBLE}${nameFilter}
       ORDER BY ${ORDER_BY[options.sort]} LIMIT $${limitIndex} OFFSET $${limitIndex + 1}`,
      [storeId, currency, ...filterParams, options.limit, options.offset],
    );
    return { rows, count };
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
