import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { LockedBody } from '../dto/cart.body.js';
import { AdminFulfillmentQueries } from './admin-fulfillment-queries.js';
import { ShipFulfillmentBody } from './dto/ship-fulfillment.body.js';
import { FulfillmentChanges } from './fulfillment-changes.js';

/** An order's fulfillments (`ful_…`): read them, ship, cancel or resume one; changes answer the order. */
@ApiTags('Admin: fulfillments')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/orders/:id/fulfillments')
export class AdminFulfillmentsController {
  constructor(
    private readonly queries: AdminFulfillmentQueries,
    private readonly changes: FulfillmentChanges,
  ) {}

  @Get()
  @RequireScope('read_fulfillments')
  @ApiOperation({ summary: 'The order’s fulfillments, in the order’s order' })
  @ApiErrors('record_not_found', 'parameter_invalid')
  list(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Query() query: PaginationQuery,
  ) {
    return this.queries.list(store, id, query);
  }

  @Get(':fulfillment_id')
  @RequireScope('read_fulfillments')
  @ApiOperation({ summary: 'One fulfillment of the order, by `ful_…` id' })
  @ApiErrors('record_not_found')
  show(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Param('fulfillment_id') fulfillmentId: string,
  ) {
    return this.queries.show(store, id, fulfillmentId);
  }

  @Patch(':fulfillment_id/ship')
  @RequireScope('write_fulfillments')
  @ApiOperation({
    summary:
      'Ship a ready fulfillment of a paid order, with tracking number and URL; publishes shipment.shipped',
  })
  @ApiErrors('record_not_found', 'validation_error', 'cart_invalid_state', 'order_already_updated')
  ship(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Param('fulfillment_id') fulfillmentId: string,
    @Body() body: ShipFulfillmentBody,
  ) {
    return this.changes.ship(store, id, fulfillmentId, body);
  }

  @Patch(':fulfillment_id/cancel')
  @RequireScope('write_fulfillments')
  @ApiOperation({
    summary:
      'Cancel a fulfillment not yet shipped: its units back to stock; publishes shipment.canceled',
  })
  @ApiErrors('record_not_found', 'validation_error', 'cart_invalid_state', 'order_already_updated')
  cancel(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Param('fulfillment_id') fulfillmentId: string,
    @Body() body: LockedBody,
  ) {
    return this.changes.cancel(store, id, fulfillmentId, body);
  }

  @Patch(':fulfillment_id/resume')
  @RequireScope('write_fulfillments')
  @ApiOperation({
    summary:
      'Resume a canceled fulfillment: its units taken again (ready if paid, else pending); publishes shipment.resumed',
  })
  @ApiErrors(
    'record_not_found',
    'validation_error',
    'cart_invalid_state',
    'insufficient_stock',
    'order_already_updated',
  )
  resume(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Param('fulfillment_id') fulfillmentId: string,
    @Body() body: LockedBody,
  ) {
    return this.changes.resume(store, id, fulfillmentId, body);
  }
}
