import { StoreError } from '../../../common/errors/store-error.js';
import type { RawQuery } from '../../../common/query/list-filters.js';
import {
  type ListProductsQuery,
  PRODUCT_SORTS,
  type ProductNarrowing,
  type ProductSort,
} from '../../catalog/index.js';
import type { ListPage } from '../json-api/list-document.js';
import { listOf, text } from './query-values.js';

/** Every relation a v2 product relates to comes from these v3 expands. */
export const PRODUCT_EXPAND = 'variants,default_variant,option_types,categories,media';

const OPTION_FILTER = /^filter\[options\]\[([^\]]+)\]$/;

/** A v2 product list request as the v3 product list's query, `q[...]` filters and narrowing. */
export interface ProductListParams {
  list: ListProductsQuery;
  filters: RawQuery;
  narrowing: ProductNarrowing;
}

/**
 * Reads a v2 product list request: `sort` (the v3 list's sorts, which are Spree's), `page` and
 * `per_page`, and the filters `filter[name]` (part of the name), `filter[price]` (`min,max`,
 * either may be blank), `filter[taxons]` (`ctg_…` ids: products in any of them or below),
 * `filter[in_stock]`, `filter[ids]`, `filter[skus]` and `filter[options][<option type name>]`
 * (option value names). Both APIs' lists thus run one search.
 */
export function productListParams(query: RawQuery, page: ListPage): ProductListParams {
  const sort = text(query.sort) ?? '-created_at';
  if (!isProductSort(sort)) {
    throw new StoreError('parameter_invalid', `sort must be one of ${PRODUCT_SORTS.join(', ')}`, {
      sort: [`${sort.slice(0, 40)} is not a sort of products`],
    });
  }
  const filters: RawQuery = {};
  const name = text(query['filter[name]']);
  if (name !== undefined) filters['q[name_cont]'] = name;
  const price = text(query['filter[price]']);
  if (price !== undefined) {
    const [min, max] = price.split(',').map((part) => part.trim());
    if (min) filters['q[price_gte]'] = min;
    if (max) filters['q[price_lte]'] = max;
  }
  const taxons = listOf(query['filter[taxons]'], 'filter[taxons]');
  if (taxons) filters['q[in_categories][]'] = taxons;
  if (text(query['filter[in_stock]']) === 'true') filters['q[in_stock]'] = 'true';

  const options: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    const type = OPTION_FILTER.exec(key)?.[1];
    const values = type && listOf(value, key);
    if (values) options[type] = values;
  }
  const narrowing: ProductNarrowing = {
    ids: listOf(query['filter[ids]'], 'filter[ids]'),
    skus: listOf(query['filter[skus]'], 'filter[skus]'),
    ...(Object.keys(options).length > 0 ? { options } : {}),
  };
  const list = {
    page: page.page,
    limit: page.perPage,
    sort,
    expand: PRODUCT_EXPAND,
  } as ListProductsQuery;
  return { list, filters, narrowing };
}

function isProductSort(sort: string): sort is ProductSort {
  return (PRODUCT_SORTS as readonly string[]).includes(sort);
}
