import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiErrors,
  ApiPublishableKeyAccess,
  ApiResource,
  ApiResourceList,
} from '../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequestCurrency } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import {
  ListProductsQuery,
  ProductFiltersQuery,
  ProductPresentationQuery,
} from './dto/list-products.query.js';
import type { RawQuery } from '../../common/query/list-filters.js';
import { RawQueryParams } from '../../platform/http/raw-query.decorator.js';
import { ProductFiltersService } from './search/product-filters.service.js';
import { StoreProductsService } from './store-products.service.js';

const FILTERS_DOC =
  'Filters: `q[search]` (name or SKU), `q[name_cont]`, `q[price_gte]`, `q[price_lte]`, `q[with_option_value_ids][]` (any value of one option type, every option type named), `q[in_stock]`, `q[out_of_stock]`, `q[in_category]`, `q[in_categories][]` (with their descendants), `q[with_tags][]`. Unknown filters are refused.';

@ApiTags('Store: products')
@ApiPublishableKeyAccess()
@Controller('api/v3/store/products')
export class StoreProductsController {
  constructor(
    private readonly products: StoreProductsService,
    private readonly productFilters: ProductFiltersService,
  ) {}

  @Get()
  @ApiResourceList('Product', { paginated: true })
  @ApiOperation({ summary: 'List the products on sale, paginated', description: FILTERS_DOC })
  list(
    @CurrentStore() store: StoreContext,
    @Query() query: ListProductsQuery,
    @RawQueryParams() raw: RawQuery,
    @RequestCurrency() requestCurrency: string,
  ) {
    const currency = this.products.currencyFor(store, query.currency, requestCurrency);
    return this.products.list(store, query, raw, currency);
  }

  @Get('filters')
  @ApiResource('ProductFilters')
  @ApiOperation({
    summary: 'What the products on sale can be narrowed by, with counts',
    description: `Takes \`category_id\` (a \`ctg_…\` id) to scope them, and the filters of the list. ${FILTERS_DOC}`,
  })
  filters(
    @CurrentStore() store: StoreContext,
    @Query() query: ProductFiltersQuery,
    @RawQueryParams() raw: RawQuery,
    @RequestCurrency() requestCurrency: string,
  ) {
    const currency = this.products.currencyFor(store, query.currency, requestCurrency);
    return this.productFilters.filters(store.storeId, currency, raw);
  }

  @Get(':id_or_slug')
  @ApiResource('Product')
  @ApiErrors('record_not_found')
  @ApiOperation({ summary: 'One product, by prefixed id or slug' })
  show(
    @CurrentStore() store: StoreContext,
    @Param('id_or_slug') idOrSlug: string,
    @Query() query: ProductPresentationQuery,
    @RequestCurrency() requestCurrency: string,
  ) {
    const currency = this.products.currencyFor(store, query.currency, requestCurrency);
    return this.products.show(store, idOrSlug, query, currency);
  }
}
