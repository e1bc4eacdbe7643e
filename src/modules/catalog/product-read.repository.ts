import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PreparedSql } from '../../platform/database/prepared-sql.js';
import type { ProductSort } from './dto/list-products.query.js';
import type { ProductSearch } from './search/product-search.js';
import {
  AFTER_SEARCH,
  MATCHES_SEARCH,
  searchValues,
  VISIBLE,
} from './search/product-search.sql.js';

export interface OptionValueRow {
  id: string;
  name: string;
  label: string;
  position: number;
  color_code: string | null;
  option_type_id: string;
  option_type_name: string;
  option_type_label: string;
  option_type_position: number;
  option_type_kind: string;
}

export interface VariantRow {
  id: string;
  sku: string;
  options_text: string;
  weight: number | null;
  height: number | null;
  width: number | null;
  depth: number | null;
  position: number;
  track_inventory: boolean;
  price_id: string | null;
  amount: string | null;
  compare_at_amount: string | null;
  count_on_hand: number;
  backorderable: boolean;
  option_values: OptionValueRow[];
}

export interface ProductRow {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  status: string;
  available_on: Date | null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  tags: string[];
  /** Its first shown image's key (see `Product.thumbnailKey`). */
  thumbnail_key: string | null;
  created_at: Date;
  updated_at: Date;
  variants: VariantRow[];
}

/**
 * The rows of a page sorted by price: the store's prices in the currency (`$2`) in amount order, each with
 * its variant and product, kept when the variant is the product's default one. The prices are
 * read in index order and each product looked up from its price (neither subquery may be
 * merged into the join, or the planner, unable to guess how few prices pass, prices and sorts
 * every product instead), so the page stops after its products however big the catalog.
 * Products of one price follow their default variants' order, which the index holds too.
 * Every listed product has its default variant priced (`VISIBLE`), so none sorts without one.
 */
const byPrice = (direction: 'ASC' | 'DESC') => ({
  from: `(SELECT lp.amount, lp.variant_id FROM prices lp WHERE lp.store_id = $1 AND lp.currency = $2
      ORDER BY lp.amount ${direction}, lp.variant_id ${direction}) lp
    CROSS JOIN LATERAL (SELECT p.* FROM variants lv JOIN products p ON p.id = lv.product_id
      WHERE lv.id = lp.variant_id AND lv.store_id = $1 AND lv.deleted_at IS NULL
        AND lv.id = (SELECT dv.id FROM variants dv WHERE dv.product_id = p.id
          AND dv.deleted_at IS NULL ORDER BY dv.position, dv.id LIMIT 1)
      OFFSET 0) p`,
  orderBy: `lp.amount ${direction}, lp.variant_id ${direction}`,
});

/** Each sort of the product list: its order, and for a price the rows it reads in that order. */
const SORTS: Record<ProductSort, { orderBy: string; from?: string }> = {
  name: { orderBy: 'p.name ASC, p.id ASC' },
  '-name': { orderBy: 'p.name DESC, p.id DESC' },
  created_at: { orderBy: 'p.created_at ASC, p.id ASC' },
  '-created_at': { orderBy: 'p.created_at DESC, p.id DESC' },
  updated_at: { orderBy: 'p.updated_at ASC, p.id ASC' },
  '-updated_at': { orderBy: 'p.updated_at DESC, p.id DESC' },
  available_on: { orderBy: 'COALESCE(p.available_on, p.created_at) ASC, p.id ASC' },
  '-available_on': { orderBy: 'COALESCE(p.available_on, p.created_at) DESC, p.id DESC' },
  price: byPrice('ASC'),
  '-price': byPrice('DESC'),
};

/**
 * A product with its variants, each with its price in the wanted currency (`$2`), its stock
 * summed over active locations and its option values: one round trip, shaped for the
 * serializer. Correlated subqueries keep every lookup on an index whatever the table sizes.
 */
const productWithVariants = (from = 'products p') => `
  SELECT p.id::text AS id, p.name, p.slug, p.description, p.status, p.available_on,
    p.meta_title, p.meta_description, p.meta_keywords, p.tags, p.thumbnail_key, p.created_at, p.updated_at,
    (SELECT COALESCE(json_agg(json_build_object(
              'id', v.id::text, 'sku', v.sku, 'options_text', v.options_text,
              'weight', v.weight, 'height', v.height, 'width', v.width, 'depth', v.depth,
              'position', v.position, 'track_inventory', v.track_inventory,
              'price_id', pr.id::text, 'amount', pr.amount::text, 'compare_at_amount', pr.compare_at_amount::text,
              'count_on_hand', COALESCE(s.count_on_hand, 0), 'backorderable', COALESCE(s.backorderable, false),
              'option_values', COALESCE((
                SELECT json_agg(json_build_object(
                         'id', ov.id::text, 'name', ov.name, 'label', ov.label, 'position', ov.position,
                         'color_code', ov.color_code, 'option_type_id', ot.id::text,
                         'option_type_name', ot.name, 'option_type_label', ot.label,
                         'option_type_position', ot.position, 'option_type_kind', ot.kind
                       ) ORDER BY ot.position, ot.id)
                FROM variant_option_values vov
                JOIN option_values ov ON ov.id = vov.option_value_id
                JOIN option_types ot ON ot.id = ov.option_type_id
                WHERE vov.variant_id = v.id), '[]'::json)
            ) ORDER BY v.position, v.id), '[]'::json)
     FROM variants v
     LEFT JOIN LATERAL (
       SELECT id, amount, compare_at_amount FROM prices WHERE variant_id = v.id AND currency = $2
     ) pr ON true
     LEFT JOIN LATERAL (
       SELECT SUM(si.count_on_hand)::int AS count_on_hand, bool_or(si.backorderable) AS backorderable
       FROM stock_items si
       WHERE si.variant_id = v.id
         AND si.stock_location_id IN (SELECT id FROM stock_locations WHERE store_id = v.store_id AND active)
     ) s ON true
     WHERE v.product_id = p.id AND v.deleted_at IS NULL) AS variants
  FROM ${from}`;
const PRODUCT_WITH_VARIANTS = productWithVariants();

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
   * Any products of the store (deleted ones too), by key, priced in the store's default
   * currency, read in the caller's transaction (for event payloads of changes not yet committed).
   */
  async findManyInTransaction(
    manager: EntityManager,
    storeId: string,
    productIds: readonly string[],
  ): Promise<{ rows: ProductRow[]; currency: string }> {
    const currency = await this.defaultCurrency(manager, storeId);
    const rows: ProductRow[] = await manager.query(
      `${PRODUCT_WITH_VARIANTS} WHERE p.store_id = $1 AND p.id = ANY($3::bigint[])`,
      [storeId, currency, productIds],
    );
    return { rows, currency };
  }

  /**
   * Each wanted product as `findManyInTransaction` reads it (its row undefined when it is not
   * there), in the order asked, with one read per store among them.
   */
  async findEachInTransaction(
    manager: EntityManager,
    wanted: ReadonlyArray<{ storeId: string; productId: string }>,
  ): Promise<Array<{ row: ProductRow | undefined; currency: string }>> {
    const byStore = new Map<string, { rows: Map<string, ProductRow>; currency: string }>();
    for (const storeId of new Set(wanted.map((want) => String(want.storeId)))) {
      const productIds = [
        ...new Set(
          wanted.filter((want) => String(want.storeId) === storeId).map((w) => w.productId),
        ),
      ];
      const { rows, currency } = await this.findManyInTransaction(manager, storeId, productIds);
      byStore.set(storeId, { rows: new Map(rows.map((row) => [String(row.id), row])), currency });
    }
    return wanted.map(({ storeId, productId }) => {
      const { rows, currency } = byStore.get(String(storeId))!;
      return { row: rows.get(String(productId)), currency };
    });
  }

  private async defaultCurrency(manager: EntityManager, storeId: string): Promise<string> {
    const [store]: { currency: string }[] = await manager.query(
      'SELECT default_currency AS currency FROM stores WHERE id = $1',
      [storeId],
    );
    return store.currency;
  }

  /**
   * A page of the visible products the search selects, and their number counted no further
   * than `countTo` (past it the caller says the count is capped): one bounded read each, however
   * many products the store has.
   */
  async listVisible(
    storeId: string,
    currency: string,
    options: {
      search: ProductSearch;
      sort: ProductSort;
      limit: number;
      offset: number;
      countTo: number;
    },
  ): Promise<{ rows: ProductRow[]; counted: number }> {
    const values = [storeId, currency, ...searchValues(options.search)];
    const [{ count: counted }] = await this.sql.rows<{ count: number }>(
      'products_count_to',
      `SELECT count(*)::int AS count FROM (SELECT 1 FROM products p
         WHERE ${VISIBLE} AND ${MATCHES_SEARCH} LIMIT $${AFTER_SEARCH}) AS counted`,
      [...values, options.countTo],
    );
    if (options.offset >= counted) return { rows: [], counted };
    const sort = SORTS[options.sort];
    const rows = await this.sql.rows<ProductRow>(
      `products_page_${options.sort}`,
      `${productWithVariants(sort.from)} WHERE ${VISIBLE} AND ${MATCHES_SEARCH}
       ORDER BY ${sort.orderBy} LIMIT $${AFTER_SEARCH} OFFSET $${AFTER_SEARCH + 1}`,
      [...values, options.limit, options.offset],
    );
    return { rows, counted };
  }
}
