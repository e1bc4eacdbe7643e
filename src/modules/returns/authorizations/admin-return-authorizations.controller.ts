import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import { LockedBody } from '../../orders/index.js';
import type { StoreContext } from '../../stores/index.js';
import {
  CreateReturnAuthorizationBody,
  UpdateReturnAuthorizationBody,
} from './dto/return-authorization.body.js';
import { ReturnAuthorizationsService } from './return-authorizations.service.js';

@ApiTags('Admin: returns')
@ApiAdminAccess()
@Idempotent()
@ApiErrors('record_not_found')
@Controller('api/v3/admin/orders/:order_id/return_authorizations')
export class AdminReturnAuthorizationsController {
  constructor(private readonly authorizations: ReturnAuthorizationsService) {}

  @Get()
  @RequireScope('read_orders')
  @ApiOperation({ summary: 'The order’s return authorizations, oldest first, with their units' })
  list(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Query() query: PaginationQuery,
  ) {
    return this.authorizations.list(store, orderId, query);
  }

  @Post()
  @RequireScope('write_orders')
  @ApiOperation({
    summary: 'Authorize shipped units of the order to come back to a stock location',
    description:
      'One return item per unit, priced at its share of its line (discounts and taxes as ' +
      'charged). More units than shipped less those already returning is 422 ' +
      '`resource_invalid`; a concurrent change of the order 409 `order_already_updated`.',
  })
  @ApiErrors('line_item_not_found', 'validation_error', 'resource_invalid', 'order_already_updated')
  create(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Body() body: CreateReturnAuthorizationBody,
  ) {
    return this.authorizations.create(store, orderId, body);
  }

  @Get(':id')
  @RequireScope('read_orders')
  @ApiOperation({ summary: 'One return authorization of the order, by `ra_…` id' })
  show(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Param('id') id: string,
  ) {
    return this.authorizations.show(store, orderId, id);
  }

  @Patch(':id')
  @RequireScope('write_orders')
  @ApiOperation({ summary: 'Change the receiving location, reason or memo before units arrive' })
  @ApiErrors('validation_error', 'resource_invalid', 'order_already_updated')
  update(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Param('id') id: string,
    @Body() body: UpdateReturnAuthorizationBody,
  ) {
    return this.authorizations.update(store, orderId, id, body);
  }

  @Patch(':id/authorize')
  @RequireScope('write_orders')
  @ApiOperation({ summary: 'Authorize a shopper’s request (`requested` → `authorized`)' })
  @ApiErrors('resource_invalid', 'order_already_updated')
  authorize(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Param('id') id: string,
    @Body() body: LockedBody,
  ) {
    return this.authorizations.authorize(store, orderId, id, body.state_lock_version);
  }

  @Patch(':id/cancel')
  @RequireScope('write_orders')
  @ApiOperation({ summary: 'Cancel a return none of whose units came in' })
  @ApiErrors('resource_invalid', 'order_already_updated')
  cancel(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Param('id') id: string,
    @Body() body: LockedBody,
  ) {
    return this.authorizations.cancel(store, orderId, id, body.state_lock_version);
  }
}
