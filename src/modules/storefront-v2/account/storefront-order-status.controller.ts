import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreError } from '../../../common/errors/store-error.js';
import { type CartCaller, PlacedOrdersService } from '../../orders/index.js';
import { ApiJsonApiDocument, ApiOrderTokenAccess } from '../json-api/api-docs.decorators.js';
import type { JsonApiQuery } from '../json-api/json-api-query.js';
import { JsonApiParams } from '../json-api/json-api-request.decorator.js';
import { CartDocuments } from '../resources/cart-documents.js';
import { StorefrontCaller } from '../storefront-caller.js';

/** A guest's placed order, opened with the order token it was bought with. */
@ApiTags('Storefront v2: account')
@ApiOrderTokenAccess()
@Controller('api/v2/storefront/order_status')
export class StorefrontOrderStatusController {
  constructor(
    private readonly orders: PlacedOrdersService,
    private readonly documents: CartDocuments,
  ) {}

  @Get(':number')
  @ApiJsonApiDocument('The placed order as a `cart`')
  @ApiOperation({ summary: 'A placed order by number, with its order token (X-Store-Order-Token)' })
  async show(
    @StorefrontCaller() caller: CartCaller,
    @JsonApiParams('cart') query: JsonApiQuery,
    @Param('number') number: string,
  ) {
    if (caller.cartToken === null) {
      throw new StoreError(
        'authentication_required',
        'The order token (X-Store-Order-Token) is required',
      );
    }
    const order = await this.orders.showByNumber({ ...caller, customerId: null }, number);
    return this.documents.document(order, query, caller.cartToken);
  }
}
