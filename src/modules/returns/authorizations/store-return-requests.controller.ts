import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import {
  ApiCustomerAccess,
  ApiErrors,
  ApiResource,
  ApiResourceList,
} from '../../../platform/openapi/api-docs.decorators.js';
import { type CartCaller, CurrentCartCaller } from '../../orders/index.js';
import { RequestReturnBody } from './dto/return-authorization.body.js';
import { ReturnRequestsService } from './return-requests.service.js';

@ApiTags('Store: returns')
@Idempotent()
@Controller('api/v3/store/customers/me/orders/:id/returns')
export class StoreReturnRequestsController {
  constructor(private readonly requests: ReturnRequestsService) {}

  @Get()
  @ApiCustomerAccess()
  @ApiResourceList('ReturnAuthorization', { paginated: false })
  @ApiOperation({
    summary:
      'The returns of one of the signed-in customer’s orders, oldest first, with their units',
  })
  @ApiErrors('authentication_required', 'order_not_found')
  list(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string) {
    return this.requests.list(caller, id);
  }

  @Post()
  @ApiCustomerAccess()
  @ApiResource('ReturnAuthorization', 201)
  @ApiOperation({
    summary: 'Ask to return shipped units of one of the signed-in customer’s orders',
    description:
      'The request waits, `requested`, for staff to authorize it. Units shipped longer ago than ' +
      'the store’s return window are 422 `return_window_expired`; more units than shipped and ' +
      'not yet returned 422 `resource_invalid`.',
  })
  @ApiErrors(
    'authentication_required',
    'order_not_found',
    'line_item_not_found',
    'validation_error',
    'resource_invalid',
    'return_window_expired',
    'order_already_updated',
  )
  create(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Body() body: RequestReturnBody,
  ) {
    return this.requests.request(caller, id, body);
  }
}
