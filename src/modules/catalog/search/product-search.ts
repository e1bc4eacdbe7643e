import { Injectable } from '@nestjs/common';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX, type IdPrefix } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { type RawQuery, readListFilters } from '../../../common/query/list-filters.js';

/** Which of the store's visible products a list or its filters cover (ids are internal keys). */
export interface ProductSearch {
  /** Part of the name or of a variant's SKU. */
  text?: string;
  nameContains?: string;
  priceGte?: string;
  priceLte?: string;
  /** Option values: any of those of one option type, and every option type named. */
  optionValueIds?: string[];
  inStock?: boolean;
  outOfStock?: boolean;
  /** Categories (each with its descendants) the product must be in, every one of them. */
  inAllCategoryIds?: string[];
  /** Categories (each with its descendants) the product must be in, any one of them. */
  inAnyCategoryIds?: string[];
  /** Tags the product must carry, any one of them. */
  tags?: string[];
  /** Products by key, any of them. */
  productIds?: string[];
  /** SKUs of which the product must have a variant, any of them. */
  skus?: string[];
  /** (option type name, option value name) pairs in lower case: as `optionValueIds`, by name. */
  optionNames?: [string, string][];
}

/**
 * What a list can be narrowed by besides its `q[...]` filters (the Storefront v2 API's
 * `filter[ids]`, `filter[skus]` and `filter[options][<type>]`).
 */
export interface ProductNarrowing {
  /** `prod_…` ids; one that is not a product's matches nothing, as an unknown one. */
  ids?: string[];
  skus?: string[];
  /** Option value names by option type name, matched in any case. */
  options?: Record<string, string[]>;
}

/** The `q[...]` filters of `products.list` and `products.filters`, as the client sends them. */
export const PRODUCT_FILTERS = {
  search: 'text',
  name_cont: 'text',
  price_gte: 'decimal',
  price_lte: 'decimal',
  with_option_value_ids: 'list',
  in_stock: 'boolean',
  out_of_stock: 'boolean',
  in_category: 'text',
  in_categories: 'list',
  with_tags: 'list',
} as const;

/** Reads a request's product filters, refusing unknown ones and ids of the wrong kind. */
@Injectable()
export class ProductSearchReader {
  constructor(private readonly ids: PublicIdCodec) {}

  read(
    query: RawQuery,
    parameters: readonly string[],
    extra: { nameContains?: string; withinCategoryId?: string } = {},
  ): ProductSearch {
    const filters = readListFilters(query, PRODUCT_FILTERS, parameters);
    const priceGte = filters.price_gte;
    const priceLte = filters.price_lte;
    const inAll = [
      ...(filters.in_category ? [this.categoryKey('q[in_category]', filters.in_category)] : []),
      ...(extra.withinCategoryId ? [extra.withinCategoryId] : []),
    ];
    return {
      text: filters.search,
      nameContains: filters.name_cont ?? extra.nameContains,
      priceGte,
      priceLte,
      optionValueIds: filters.with_option_value_ids?.map((id) =>
        this.key(ID_PREFIX.optionValue, 'q[with_option_value_ids][]', id),
      ),
      inStock: filters.in_stock,
      outOfStock: filters.out_of_stock,
      inAllCategoryIds: inAll.length > 0 ? [...new Set(inAll)] : undefined,
      inAnyCategoryIds: filters.in_categories?.map((id) =>
        this.categoryKey('q[in_categories][]', id),
      ),
      tags: filters.with_tags,
    };
  }

  /** The search conditions of a narrowing (see `ProductNarrowing`). */
  narrowing(narrowing: ProductNarrowing): Partial<ProductSearch> {
    const { ids, skus, options } = narrowing;
    const pairs = Object.entries(options ?? {}).flatMap(([type, values]) =>
      values.map((value): [string, string] => [type.toLowerCase(), value.toLowerCase()]),
    );
    return {
      productIds: ids?.flatMap((id) => this.ids.decode(ID_PREFIX.product, id) ?? []),
      skus,
      optionNames: pairs.length > 0 ? pairs : undefined,
    };
  }

  /** The key of a `ctg_…` id sent as `parameter`; a malformed one is 400 `parameter_invalid`. */
  categoryKey(parameter: string, publicId: string): string {
    return this.key(ID_PREFIX.category, parameter, publicId);
  }

  private key(prefix: IdPrefix, parameter: string, publicId: string): string {
    const key = this.ids.decode(prefix, publicId);
    if (key) return key;
    throw new StoreError('parameter_invalid', `${parameter} takes ${prefix}_… ids`, {
      [parameter]: [`${publicId.slice(0, 40)} is not a ${prefix}_… id`],
    });
  }
}
