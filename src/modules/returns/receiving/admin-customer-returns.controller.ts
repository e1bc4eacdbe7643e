import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { CustomerReturnsService } from './customer-returns.service.js';
import { CreateCustomerReturnBody } from './dto/customer-return.body.js';

@ApiTags('Admin: returns')
@ApiAdminAccess()
@Idempotent()
@ApiErrors('record_not_found')
@Controller('api/v3/admin/orders/:order_id/customer_returns')
export class AdminCustomerReturnsController {
  constructor(private readonly customerReturns: CustomerReturnsService) {}

  @Get()
  @RequireScope('read_orders')
  @ApiOperation({ summary: 'The units of the order received back, by customer return' })
  list(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Query() query: PaginationQuery,
  ) {
    return this.customerReturns.list(store, orderId, query);
  }

  @Post()
  @RequireScope('write_orders')
  @ApiOperation({
    summary: 'Receive returned units: each accepted or refused with a reason',
    description:
      'Accepted units go back into the receiving location’s stock (a `return` movement) unless ' +
      '`resellable` is false. A unit not awaited by an authorized return is 422 `resource_invalid`.',
  })
  @ApiErrors('validation_error', 'resource_invalid', 'order_already_updated')
  create(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Body() body: CreateCustomerReturnBody,
  ) {
    return this.customerReturns.create(store, orderId, body);
  }

  @Get(':id')
  @RequireScope('read_orders')
  @ApiOperation({ summary: 'One customer return of the order, by `cr_…` id' })
  show(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Param('id') id: string,
  ) {
    return this.customerReturns.show(store, orderId, id);
  }
}
