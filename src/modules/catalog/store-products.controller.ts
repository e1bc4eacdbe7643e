import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { pageOf, pageOffset } from '../../common/pagination/page.js';
import { CurrentStore } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import {
  expandsVariants,
  ListProductsQuery,
  ProductPresentationQuery,
} from './dto/list-products.query.js';
import { ProductReadRepository } from './product-read.repository.js';
import { ProductSerializer } from './product.serializer.js';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

@ApiTags('Store: products')
@ApiSecurity('publishable-key')
@Controller('api/v3/store/products')
export class StoreProductsController {
  constructor(
    private readonly products: ProductReadRepository,
    private readonly serializer: ProductSerializer,
    private readonly ids: PublicIdCodec,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List the products on sale, paginated' })
  async list(@CurrentStore() store: StoreContext, @Query() query: ListProductsQuery) {
    const currency = this.currencyFor(store, query.currency);
    const { rows, count } = await this.products.listVisible(store.storeId, currency, {
      nameContains: query.name,
      sort: query.sort,
      limit: query.limit,
      offset: pageOffset(query.page, query.limit),
    });
    const expandVariants = expandsVariants(query);
    const data = rows.map((row) => this.serializer.serialize(row, currency, { expandVariants }));
    return pageOf(data, count, query.page, query.limit);
  }

  @Get(':id_or_slug')
  @ApiOperation({ summary: 'One product, by prefixed id or slug' })
  async show(
    @CurrentStore() store: StoreContext,
    @Param('id_or_slug') idOrSlug: string,
    @Query() query: ProductPresentationQuery,
  ) {
    const currency = this.currencyFor(store, query.currency);
    const row = await this.find(store.storeId, idOrSlug, currency);
    if (!row) throw StoreError.notFound('product');
    return this.serializer.serialize(row, currency, { expandVariants: expandsVariants(query) });
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

  private currencyFor(store: StoreContext, requested: string | undefined): string {
    const currency = requested ?? store.defaultCurrency;
    if (!store.supportedCurrencies.includes(currency)) {
      throw new StoreError(
        'parameter_invalid',
        `currency must be one of ${store.supportedCurrencies.join(', ')}`,
        {
          currency: [`${currency} is not a currency of this store`],
        },
      );
    }
    return currency;
  }
}
