import { Injectable } from '@nestjs/common';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { cappedPageMeta, countCap } from '../../common/pagination/capped-count.js';
import { type Page, pageOffset } from '../../common/pagination/page.js';
import type { StoreContext } from '../stores/index.js';
import { CategoryReadRepository } from './categories/category-read.repository.js';
import { CategorySerializer, type CategoryView } from './categories/category.serializer.js';
import {
  type ListProductsQuery,
  PRODUCT_LIST_PARAMETERS,
  type ProductExpand,
  type ProductPresentationQuery,
} from './dto/list-products.query.js';
import type { RawQuery } from '../../common/query/list-filters.js';
import { namesIn, pickFields } from './query/name-list.js';
import { ProductReadRepository, type ProductRow } from './product-read.repository.js';
import { ProductMediaExtension } from './product-media.js';
import { ProductSerializer, type ProductView } from './product.serializer.js';
import { type ProductNarrowing, ProductSearchReader } from './search/product-search.js';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * How far past the page the product list is counted (then `meta.count_capped`). Each product
 * counted costs its visibility and filter checks (a few index probes each), not one index entry
 * as an admin list's row: a hundred keep the count as cheap as the page on any catalog.
 */
const PRODUCTS_COUNT_AHEAD = 100;

/** The products on sale, as the Store API shows them. */
@Injectable()
export class StoreProductsService {
  constructor(
    private readonly products: ProductReadRepository,
    private readonly serializer: ProductSerializer,
    private readonly searches: ProductSearchReader,
    private readonly categories: CategoryReadRepository,
    private readonly categorySerializer: CategorySerializer,
    private readonly ids: PublicIdCodec,
    private readonly media: ProductMediaExtension,
  ) {}

  async list(
    store: StoreContext,
    query: ListProductsQuery,
    raw: RawQuery,
    currency: string,
    narrowing: ProductNarrowing = {},
  ): Promise<Page<Partial<ProductView>>> {
    const search = {
      ...this.searches.read(raw, PRODUCT_LIST_PARAMETERS, { nameContains: query.name }),
      ...this.searches.narrowing(narrowing),
    };
    const offset = pageOffset(query.page, query.limit);
    const cap = countCap(offset, query.limit, PRODUCTS_COUNT_AHEAD);
    const { rows, counted } = await this.products.listVisible(store.storeId, currency, {
      search,
      sort: query.sort,
      limit: query.limit,
      offset,
      countTo: cap + 1,
    });
    const data = await this.present(store, rows, currency, query);
    return { data, meta: cappedPageMeta(data.length, counted, cap, query.page, query.limit) };
  }

  /** One product, by `prod_…` id or slug. */
  async show(
    store: StoreContext,
    idOrSlug: string,
    query: ProductPresentationQuery,
    currency: string,
  ): Promise<Partial<ProductView>> {
    const row = await this.find(store.storeId, idOrSlug, currency);
    if (!row) throw StoreError.notFound('product');
    const [view] = await this.present(store, [row], currency, query);
    return view;
  }

  /** `currency` when the request names one (it must be the store's), else `fallback`. */
  currencyFor(store: StoreContext, requested: string | undefined, fallback: string): string {
    if (requested === undefined) return fallback;
    if (!store.supportedCurrencies.includes(requested)) {
      throw new StoreError(
        'parameter_invalid',
        `currency must be one of ${store.supportedCurrencies.join(', ')}`,
        { currency: [`${requested} is not a currency of this store`] },
      );
    }
    return requested;
  }

  private find(storeId: string, idOrSlug: string, currency: string) {
    if (idOrSlug.startsWith(`${ID_PREFIX.product}_`)) {
      const id = this.ids.decode(ID_PREFIX.product, idOrSlug);
      return id ? this.products.findVisibleById(storeId, id, currency) : undefined;
    }
    return SLUG.test(idOrSlug) && idOrSlug.length <= 200
      ? this.products.findVisibleBySlug(storeId, idOrSlug, currency)
      : undefined;
  }

  private async present(
    store: StoreContext,
    rows: ProductRow[],
    currency: string,
    query: ProductPresentationQuery,
  ): Promise<Partial<ProductView>[]> {
    const expand = new Set(namesIn(query.expand) as ProductExpand[]);
    const fields = namesIn(query.fields);
    const [categories, media] = await Promise.all([
      expand.has('categories')
        ? this.categoriesOf(store.storeId, rows)
        : new Map<string, CategoryView[]>(),
      ProductSerializer.showsMedia(expand)
        ? this.media.forProducts(
            store.storeId,
            rows.map((row) => row.id),
          )
        : undefined,
    ]);
    return rows.map((row) =>
      pickFields(
        this.serializer.serialize(row, currency, {
          expand,
          categories: categories.get(row.id),
          media: media && (media.get(row.id) ?? []),
        }),
        fields,
        [...expand],
      ),
    );
  }

  private async categoriesOf(
    storeId: string,
    rows: ProductRow[],
  ): Promise<Map<string, CategoryView[]>> {
    const placed = await this.categories.ofProducts(
      storeId,
      rows.map((row) => row.id),
    );
    const byProduct = new Map<string, CategoryView[]>();
    for (const category of placed) {
      const views = byProduct.get(category.product_id) ?? [];
      views.push(this.categorySerializer.serialize(category));
      byProduct.set(category.product_id, views);
    }
    return byProduct;
  }
}
