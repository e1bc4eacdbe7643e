import { Injectable } from '@nestjs/common';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { Money } from '../../../common/money/money.js';
import {
  DEFAULT_PRODUCT_SORT,
  PRODUCT_SORTS,
  type ProductSort,
} from '../dto/list-products.query.js';
import type { RawQuery } from '../../../common/query/list-filters.js';
import { type OptionValueFacet, ProductFacetsRepository } from './product-facets.repository.js';
import { ProductSearchReader } from './product-search.js';

/** The parameters of `products.filters` besides its `q[...]` filters. */
export const PRODUCT_FILTERS_PARAMETERS = ['category_id', 'currency'] as const;

const SORT_LABELS: Record<ProductSort, string> = {
  '-created_at': 'Newest',
  created_at: 'Oldest',
  name: 'Name (A–Z)',
  '-name': 'Name (Z–A)',
  price: 'Price (low to high)',
  '-price': 'Price (high to low)',
  '-available_on': 'Recently available',
  available_on: 'Available longest',
  '-updated_at': 'Recently updated',
  updated_at: 'Least recently updated',
};

/** The client's ProductFilters: what a storefront can offer to narrow a product list. */
export interface ProductFiltersView {
  id: string;
  filters: object[];
  sort_options: { id: ProductSort; label: string }[];
  default_sort: ProductSort;
  total_count: number;
}

/** The filters of the products a search (and optionally a category) covers, with counts. */
@Injectable()
export class ProductFiltersService {
  constructor(
    private readonly facets: ProductFacetsRepository,
    private readonly searches: ProductSearchReader,
    private readonly ids: PublicIdCodec,
  ) {}

  async filters(storeId: string, currency: string, raw: RawQuery): Promise<ProductFiltersView> {
    const categoryId = this.scope(raw.category_id);
    const search = this.searches.read(raw, PRODUCT_FILTERS_PARAMETERS, {
      withinCategoryId: categoryId,
    });
    const facets = await this.facets.facets(storeId, currency, search, categoryId);
    const filters: object[] = [];
    if (facets.min_price !== null && facets.max_price !== null) {
      filters.push({
        id: 'price',
        type: 'price_range',
        min: this.amount(facets.min_price, currency),
        max: this.amount(facets.max_price, currency),
        currency,
      });
    }
    filters.push({
      id: 'availability',
      type: 'availability',
      options: [
        { id: 'in_stock', count: facets.in_stock_count },
        { id: 'out_of_stock', count: facets.total_count - facets.in_stock_count },
      ],
    });
    filters.push(...this.optionFilters(facets.option_values));
    if (facets.categories.length > 0) {
      filters.push({
        id: 'categories',
        type: 'category',
        options: facets.categories.map((category) => ({
          id: this.ids.encode(ID_PREFIX.category, category.id),
          name: category.name,
          permalink: category.permalink,
          count: category.count,
        })),
      });
    }
    return {
      id: 'product_filters',
      filters,
      sort_options: PRODUCT_SORTS.map((sort) => ({ id: sort, label: SORT_LABELS[sort] })),
      default_sort: DEFAULT_PRODUCT_SORT,
      total_count: facets.total_count,
    };
  }

  /** The key of the `category_id` the filters are scoped to, if one is sent. */
  private scope(sent: string | string[] | undefined): string | undefined {
    if (Array.isArray(sent)) {
      throw new StoreError('parameter_invalid', 'category_id must be given once', {
        category_id: ['category_id must be given once'],
      });
    }
    return sent ? this.searches.categoryKey('category_id', sent) : undefined;
  }

  /** One filter per option type, its values in order, each with its number of products. */
  private optionFilters(values: OptionValueFacet[]): object[] {
    const byType = new Map<string, OptionValueFacet[]>();
    for (const value of values) {
      byType.set(value.option_type_id, [...(byType.get(value.option_type_id) ?? []), value]);
    }
    return [...byType.values()].map(([first, ...rest]) => ({
      id: this.ids.encode(ID_PREFIX.optionType, first.option_type_id),
      type: 'option',
      name: first.option_type_name,
      label: first.option_type_label,
      kind: first.option_type_kind,
      options: [first, ...rest].map((value) => ({
        id: this.ids.encode(ID_PREFIX.optionValue, value.id),
        name: value.name,
        label: value.label,
        position: value.position,
        color_code: value.color_code,
        image_url: null,
        count: value.count,
      })),
    }));
  }

  /** A price bound as the client wants it: a number, rounded to the currency's minor unit. */
  private amount(amount: string, currency: string): number {
    return Number(Money.of(amount, currency).round().toString());
  }
}
