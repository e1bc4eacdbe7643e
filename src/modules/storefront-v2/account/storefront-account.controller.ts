import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { RawQuery } from '../../../common/query/list-filters.js';
import { CustomerAccountsService } from '../../customers/index.js';
import {
  type CartCaller,
  type OrderHistoryQuery,
  PlacedOrdersService,
} from '../../orders/index.js';
import { ApiJsonApiDocument, ApiV2CustomerAccess } from '../json-api/api-docs.decorators.js';
import { renderDocument } from '../json-api/json-api-document.js';
import type { JsonApiQuery } from '../json-api/json-api-query.js';
import { JsonApiParams } from '../json-api/json-api-request.decorator.js';
import { listPageOf, renderList } from '../json-api/list-document.js';
import { CartDocuments } from '../resources/cart-documents.js';
import { userResource } from '../resources/user.resource.js';
import { StorefrontCaller } from '../storefront-caller.js';
import { completedOrderCount } from './completed-order-count.js';
import { signedInCustomer } from './v2-customer.js';

/** The signed-in customer's account and placed orders. */
@ApiTags('Storefront v2: account')
@ApiV2CustomerAccess()
@Controller('api/v2/storefront/account')
export class StorefrontAccountController {
  constructor(
    private readonly accounts: CustomerAccountsService,
    private readonly orders: PlacedOrdersService,
    private readonly documents: CartDocuments,
  ) {}

  @Get()
  @ApiJsonApiDocument('The customer as a `user`')
  @ApiOperation({ summary: 'The signed-in customer, with store credit left and default addresses' })
  async show(@StorefrontCaller() caller: CartCaller, @JsonApiParams('user') query: JsonApiQuery) {
    const customerId = signedInCustomer(caller);
    const [account, completedOrders] = await Promise.all([
      this.accounts.profile(caller.store, customerId, caller.store.defaultCurrency),
      completedOrderCount(this.orders, caller),
    ]);
    return renderDocument(userResource(account, completedOrders), query);
  }

  @Get('orders')
  @ApiJsonApiDocument('Placed orders as `cart` resources, newest first, with `meta` and `links`')
  @ApiOperation({ summary: "The customer's placed orders" })
  async orderList(
    @StorefrontCaller() caller: CartCaller,
    @JsonApiParams('cart') query: JsonApiQuery,
    @Req() request: FastifyRequest,
  ) {
    signedInCustomer(caller);
    const page = listPageOf(request.query as RawQuery);
    const history = await this.orders.history(
      caller,
      { page: page.page, limit: page.perPage, sort: '-completed_at' } as OrderHistoryQuery,
      {},
    );
    const nodes = history.data.map((order) => this.documents.resource(order));
    return renderList(nodes, query, page, history.meta.count, request.url);
  }

  @Get('orders/:number')
  @ApiJsonApiDocument('A placed order as a `cart`')
  @ApiOperation({ summary: 'One of the customer’s placed orders, by number' })
  async order(
    @StorefrontCaller() caller: CartCaller,
    @JsonApiParams('cart') query: JsonApiQuery,
    @Param('number') number: string,
  ) {
    signedInCustomer(caller);
    const order = await this.orders.showByNumber({ ...caller, cartToken: null }, number);
    return this.documents.document(order, query);
  }
}
