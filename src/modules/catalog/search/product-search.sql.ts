import { containsPattern } from '../../../common/query/like-pattern.js';
import type { ProductSearch } from './product-search.js';

/**
 * SQL of the product searches. Every statement takes `$1` the store and `$2` the currency, then
 * the search's values from `$3` on (`searchValues`), a NULL standing for "no such filter" so
 * that one prepared statement serves every combination of filters.
 */

/**
 * Whether `query` (correlated to product `p`) has a row, checked product by product. The OFFSET
 * keeps PostgreSQL from hashing the query's rows for the whole table instead: a list reads a
 * page and counts a bounded number of products, so each product's check must stay a few index
 * probes, whatever the size of the catalog.
 */
const forProduct = (query: string) => `EXISTS (${query} OFFSET 0)`;

/**
 * Products a shopper may see: active, not deleted, already available and not yet discontinued,
 * and priced in the currency (`$2`) on their default variant (as Spree shows no product without
 * a price in the current currency).
 */
export const VISIBLE = `p.store_id = $1 AND p.status = 'active' AND p.deleted_at IS NULL
  AND (p.available_on IS NULL OR p.available_on <= now())
  AND (p.discontinue_on IS NULL OR p.discontinue_on > now())
  AND ${forProduct(`SELECT 1 FROM prices pr WHERE pr.currency = $2 AND pr.variant_id = (
    SELECT v.id FROM variants v WHERE v.product_id = p.id AND v.deleted_at IS NULL
    ORDER BY v.position, v.id LIMIT 1)`)}`;

/** Units of variant `v` at the store's active locations. */
export const VARIANT_STOCK = `(SELECT SUM(si.count_on_hand)::int FROM stock_items si
   WHERE si.variant_id = v.id
     AND si.stock_location_id IN (SELECT id FROM stock_locations WHERE store_id = v.store_id AND active))`;

/** Product `p` has a variant that can be bought from stock now (untracked, or units on hand). */
export const PRODUCT_IN_STOCK =
  forProduct(`SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.deleted_at IS NULL
   AND (NOT v.track_inventory OR COALESCE(${VARIANT_STOCK}, 0) > 0)`);

/**
 * Product `p` is in category `root` or below it: a category's permalink is the path from its
 * root, so the descendants are the permalinks that extend it.
 */
const IN_SUBTREE_OF_ROOT = forProduct(`SELECT 1 FROM product_categories pc
   JOIN categories c ON c.id = pc.category_id
   WHERE pc.product_id = p.id AND c.store_id = root.store_id
     AND (c.id = root.id OR left(c.permalink, length(root.permalink) + 1) = root.permalink || '/')`);

/** Every option type named by `$7` is matched by a variant with one of its named values. */
const HAS_OPTION_VALUES = `(SELECT count(*) FROM option_values WHERE store_id = $1 AND id = ANY($7::bigint[])) = cardinality($7::bigint[])
   AND NOT ${forProduct(`SELECT 1 FROM option_values wanted WHERE wanted.id = ANY($7::bigint[])
     AND NOT ${forProduct(`SELECT 1 FROM variants v
       JOIN variant_option_values vov ON vov.variant_id = v.id
       JOIN option_values ov ON ov.id = vov.option_value_id
       WHERE v.product_id = p.id AND v.deleted_at IS NULL
         AND ov.option_type_id = wanted.option_type_id AND ov.id = ANY($7::bigint[])`)}`)}`;

/**
 * For every option type named in `$15` (lower case), a variant has one of the values that `$16`
 * names for it: `$15` and `$16` are the (type, value) pairs, side by side.
 */
const HAS_NAMED_OPTIONS = `NOT ${forProduct(`SELECT 1 FROM unnest($15::text[]) AS wanted(type_name)
   WHERE NOT ${forProduct(`SELECT 1 FROM variants v
     JOIN variant_option_values vov ON vov.variant_id = v.id
     JOIN option_values ov ON ov.id = vov.option_value_id
     JOIN option_types ot ON ot.id = ov.option_type_id
     WHERE v.product_id = p.id AND v.deleted_at IS NULL AND lower(ot.name) = wanted.type_name
       AND (lower(ot.name), lower(ov.name)) IN (SELECT * FROM unnest($15::text[], $16::text[]))`)}`)}`;

/** The search's conditions on product `p`, over `$3`…`$16`. */
export const MATCHES_SEARCH = `
  ($3::text IS NULL OR p.name ILIKE $3::text ESCAPE '\\'
    OR ${forProduct(`SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.deleted_at IS NULL
      AND v.sku ILIKE $3::text ESCAPE '\\'`)})
  AND ($4::text IS NULL OR p.name ILIKE $4::text ESCAPE '\\')
  AND (($5::numeric IS NULL AND $6::numeric IS NULL) OR ${forProduct(`SELECT 1 FROM variants v
    JOIN prices pr ON pr.variant_id = v.id AND pr.currency = $2
    WHERE v.product_id = p.id AND v.deleted_at IS NULL
      AND ($5::numeric IS NULL OR pr.amount >= $5::numeric)
      AND ($6::numeric IS NULL OR pr.amount <= $6::numeric)`)})
  AND ($7::bigint[] IS NULL OR (${HAS_OPTION_VALUES}))
  AND ($8::boolean IS NOT TRUE OR ${PRODUCT_IN_STOCK})
  AND ($9::boolean IS NOT TRUE OR NOT ${PRODUCT_IN_STOCK})
  AND ($10::bigint[] IS NULL OR (SELECT count(*) FROM categories root
    WHERE root.store_id = $1 AND root.id = ANY($10::bigint[]) AND ${IN_SUBTREE_OF_ROOT}) = cardinality($10::bigint[]))
  AND ($11::bigint[] IS NULL OR ${forProduct(`SELECT 1 FROM categories root
    WHERE root.store_id = $1 AND root.id = ANY($11::bigint[]) AND ${IN_SUBTREE_OF_ROOT}`)})
  AND ($12::text[] IS NULL OR p.tags && $12::text[])
  AND ($13::bigint[] IS NULL OR p.id = ANY($13::bigint[]))
  AND ($14::text[] IS NULL OR ${forProduct(`SELECT 1 FROM variants v
    WHERE v.product_id = p.id AND v.deleted_at IS NULL AND v.sku = ANY($14::text[])`)})
  AND ($15::text[] IS NULL OR ${HAS_NAMED_OPTIONS})`;

/** The first parameter after the search's. */
export const AFTER_SEARCH = 17;

/** `$3`…`$16` of a search. */
export function searchValues(search: ProductSearch): unknown[] {
  return [
    containing(search.text),
    containing(search.nameContains),
    search.priceGte ?? null,
    search.priceLte ?? null,
    search.optionValueIds ?? null,
    search.inStock ?? null,
    search.outOfStock ?? null,
    search.inAllCategoryIds ?? null,
    search.inAnyCategoryIds ?? null,
    search.tags ?? null,
    search.productIds ?? null,
    search.skus ?? null,
    search.optionNames?.map(([type]) => type) ?? null,
    search.optionNames?.map(([, value]) => value) ?? null,
  ];
}

/** An ILIKE pattern matching text that contains `part` literally. */
function containing(part: string | undefined): string | null {
  return part ? containsPattern(part) : null;
}
