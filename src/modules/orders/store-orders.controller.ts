import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiCartOwnerAccess,
  ApiCustomerAccess,
  ApiErrors,
  ApiResource,
  ApiResourceList,
} from '../../platform/openapi/api-docs.decorators.js';
import type { RawQuery } from '../../common/query/list-filters.js';
import { RawQueryParams } from '../../platform/http/raw-query.decorator.js';
import { type CartCaller, CurrentCartCaller } from './carts/cart-caller.js';
import { OrderHistoryQuery } from './dto/order-history.query.js';
import { PlacedOrdersService } from './placed-orders.service.js';

@ApiTags('Store: orders')
@Controller('api/v3/store')
export class StoreOrdersController {
  constructor(private readonly orders: PlacedOrdersService) {}

  @Get('orders/:id')
  @ApiCartOwnerAccess()
  @ApiResource('Order')
  @ApiErrors('order_not_found')
  @ApiOperation({
    summary: "A placed order (`or_…`) of the signed-in customer or the cart token's holder",
  })
  show(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string) {
    return this.orders.show(caller, id);
  }

  @Get('customers/me/orders')
  @ApiCustomerAccess()
  @ApiResourceList('Order', { paginated: true })
  @ApiOperation({ summary: "The signed-in customer's placed orders, newest first" })
  history(
    @CurrentCartCaller() caller: CartCaller,
    @Query() query: OrderHistoryQuery,
    @RawQueryParams() raw: RawQuery,
  ) {
    return this.orders.history(caller, query, raw);
  }

  @Get('customers/me/orders/:id')
  @ApiCustomerAccess()
  @ApiResource('Order')
  @ApiErrors('order_not_found')
  @ApiOperation({ summary: 'One placed order of the signed-in customer' })
  showOwn(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string) {
    return this.orders.show({ ...caller, cartToken: null }, id, { signedIn: true });
  }
}
