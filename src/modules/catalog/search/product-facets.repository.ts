import { Injectable } from '@nestjs/common';
import { PreparedSql } from '../../../platform/database/prepared-sql.js';
import type { ProductSearch } from './product-search.js';
import {
  AFTER_SEARCH,
  MATCHES_SEARCH,
  PRODUCT_IN_STOCK,
  searchValues,
  VISIBLE,
} from './product-search.sql.js';

export interface OptionValueFacet {
  id: string;
  name: string;
  label: string;
  position: number;
  color_code: string | null;
  option_type_id: string;
  option_type_name: string;
  option_type_label: string;
  option_type_kind: string;
  count: number;
}

export interface CategoryFacet {
  id: string;
  name: string;
  permalink: string;
  count: number;
}

/** What the products of a search have in common, with the number of products of each. */
export interface ProductFacets {
  total_count: number;
  in_stock_count: number;
  min_price: string | null;
  max_price: string | null;
  option_values: OptionValueFacet[];
  categories: CategoryFacet[];
}

const SCOPE = `$${AFTER_SEARCH}::bigint`;

/**
 * The facets of a search in one statement: the matching products, then their price range,
 * stock, option values and categories (each category counting the products below it too). The
 * categories offered are those below the scope category, or every one but the roots.
 */
const FACETS = `
  WITH matching AS (SELECT p.id FROM products p WHERE ${VISIBLE} AND ${MATCHES_SEARCH}),
  matching_variants AS (
    SELECT v.id, v.product_id FROM variants v
    WHERE v.product_id IN (SELECT id FROM matching) AND v.deleted_at IS NULL)
  SELECT
    (SELECT count(*)::int FROM matching) AS total_count,
    (SELECT count(*)::int FROM matching p WHERE ${PRODUCT_IN_STOCK}) AS in_stock_count,
    prices.min_price, prices.max_price,
    (SELECT COALESCE(json_agg(o ORDER BY o.option_type_position, o.option_type_id, o.position, o.name), '[]'::json)
     FROM (
       SELECT ov.id::text AS id, ov.name, ov.label, ov.position, ov.color_code,
         ot.id::text AS option_type_id, ot.name AS option_type_name, ot.label AS option_type_label,
         ot.position AS option_type_position, ot.kind AS option_type_kind,
         count(DISTINCT mv.product_id)::int AS count
       FROM matching_variants mv
       JOIN variant_option_values vov ON vov.variant_id = mv.id
       JOIN option_values ov ON ov.id = vov.option_value_id
       JOIN option_types ot ON ot.id = ov.option_type_id
       GROUP BY ov.id, ot.id) o) AS option_values,
    (SELECT COALESCE(json_agg(k ORDER BY k.depth, k.position, k.permalink), '[]'::json)
     FROM (
       SELECT c.id::text AS id, c.name, c.permalink, c.depth, c.position,
         count(DISTINCT pc.product_id)::int AS count
       FROM categories c
       JOIN categories d ON d.store_id = c.store_id
         AND (d.id = c.id OR left(d.permalink, length(c.permalink) + 1) = c.permalink || '/')
       JOIN product_categories pc ON pc.category_id = d.id
       JOIN matching m ON m.id = pc.product_id
       WHERE c.store_id = $1 AND (
         (${SCOPE} IS NULL AND c.parent_id IS NOT NULL)
         OR c.id IN (SELECT below.id FROM categories scope
           JOIN categories below ON below.store_id = scope.store_id
             AND left(below.permalink, length(scope.permalink) + 1) = scope.permalink || '/'
           WHERE scope.store_id = $1 AND scope.id = ${SCOPE}))
       GROUP BY c.id) k) AS categories
  FROM (
    SELECT min(pr.amount)::text AS min_price, max(pr.amount)::text AS max_price
    FROM matching_variants mv JOIN prices pr ON pr.variant_id = mv.id AND pr.currency = $2
  ) prices`;

@Injectable()
export class ProductFacetsRepository {
  constructor(private readonly sql: PreparedSql) {}

  async facets(
    storeId: string,
    currency: string,
    search: ProductSearch,
    scopeCategoryId: string | undefined,
  ): Promise<ProductFacets> {
    const [facets] = await this.sql.rows<ProductFacets>('product_facets', FACETS, [
      storeId,
      currency,
      ...searchValues(search),
      scopeCategoryId ?? null,
    ]);
    return facets;
  }
}
