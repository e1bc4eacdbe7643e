import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { RawQuery } from '../../../common/query/list-filters.js';
import { CurrentStore, RequestCurrency } from '../../auth/index.js';
import { StoreProductsService } from '../../catalog/index.js';
import type { StoreContext } from '../../stores/index.js';
import { ApiJsonApiDocument, ApiV2PublicAccess } from '../json-api/api-docs.decorators.js';
import { renderDocument } from '../json-api/json-api-document.js';
import type { JsonApiQuery } from '../json-api/json-api-query.js';
import { JsonApiParams } from '../json-api/json-api-request.decorator.js';
import { listPageOf, renderList } from '../json-api/list-document.js';
import { type ProductNodeView, productResource } from '../resources/product.resource.js';
import { PRODUCT_EXPAND, productListParams } from './product-list-params.js';

/** The store's products on sale, as the v3 Store API lists them, in JSON:API. */
@ApiTags('Storefront v2: catalog')
@ApiV2PublicAccess()
@Controller('api/v2/storefront/products')
export class StorefrontProductsController {
  constructor(private readonly products: StoreProductsService) {}

  @Get()
  @ApiJsonApiDocument('`product` resources, with `meta` and `links`')
  @ApiOperation({
    summary:
      'Products on sale: `filter[ids]`, `filter[name]`, `filter[price]=min,max`, `filter[taxons]`, `filter[options][<option type>]`, `filter[skus]`, `filter[in_stock]`, `sort`, `page`, `per_page`, `currency`',
  })
  async list(
    @CurrentStore() store: StoreContext,
    @JsonApiParams('product') query: JsonApiQuery,
    @RequestCurrency() requestCurrency: string,
    @Req() request: FastifyRequest,
  ) {
    const raw = request.query as RawQuery;
    const page = listPageOf(raw);
    const { list, filters, narrowing } = productListParams(raw, page);
    const currency = this.currencyOf(store, raw, requestCurrency);
    const found = await this.products.list(store, list, filters, currency, narrowing);
    const nodes = found.data.map((view) => productResource(view as ProductNodeView));
    return renderList(nodes, query, page, found.meta.count, request.url);
  }

  @Get(':id')
  @ApiJsonApiDocument('A `product`')
  @ApiOperation({ summary: 'A product on sale, by `prod_…` id or slug' })
  async show(
    @CurrentStore() store: StoreContext,
    @JsonApiParams('product') query: JsonApiQuery,
    @RequestCurrency() requestCurrency: string,
    @Req() request: FastifyRequest,
    @Param('id') id: string,
  ) {
    const currency = this.currencyOf(store, request.query as RawQuery, requestCurrency);
    const view = await this.products.show(store, id, { expand: PRODUCT_EXPAND }, currency);
    return renderDocument(productResource(view as ProductNodeView), query);
  }

  /** `currency` when sent (one of the store's), else `X-Store-Currency`, else the store's. */
  private currencyOf(store: StoreContext, raw: RawQuery, requested: string): string {
    const sent = typeof raw.currency === 'string' && raw.currency ? raw.currency : undefined;
    return this.products.currencyFor(store, sent?.toUpperCase(), requested);
  }
}
