import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { LockedBody } from '../dto/cart.body.js';
import { AdminOrderChanges } from './admin-order-changes.js';
import { ShipFulfillmentBody } from './dto/ship-fulfillment.body.js';
import { FulfillmentShipping } from './fulfillment-shipping.js';
import { AdminOrderQueries } from './admin-order-queries.js';
import { DraftOrderCreation } from './draft-order-creation.js';
import { CreateDraftOrderBody } from './dto/create-draft-order.body.js';
import { ListAdminOrdersQuery } from './dto/list-admin-orders.query.js';
import { UpdateAdminOrderBody } from './dto/update-admin-order.body.js';
import { OrderCancellation } from './order-cancellation.js';

/** A store's orders, carts and drafts for staff; every order is known by its `or_…` id. */
@ApiTags('Admin: orders')
@ApiSecurity('secret-key')
@ApiBearerAuth('jwt')
@Idempotent()
@Controller('api/v3/admin/orders')
export class AdminOrdersController {
  constructor(
    private readonly queries: AdminOrderQueries,
    private readonly drafts: DraftOrderCreation,
    private readonly changes: AdminOrderChanges,
    private readonly cancellation: OrderCancellation,
    private readonly shipping: FulfillmentShipping,
  ) {}

  @Get()
  @RequireScope('read_orders')
  @ApiOperation({
    summary: 'List orders newest first; filter by state, email, number, completed_at range',
  })
  list(@CurrentStore() store: StoreContext, @Query() query: ListAdminOrdersQuery) {
    return this.queries.list(store, query);
  }

  @Get(':id')
  @RequireScope('read_orders')
  @ApiOperation({ summary: 'One order, draft or cart, by `or_…` id' })
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.queries.show(store, id);
  }

  @Post()
  @RequireScope('write_orders')
  @ApiOperation({ summary: 'Start a draft order (channel admin), optionally with items' })
  create(@CurrentStore() store: StoreContext, @Body() body: CreateDraftOrderBody) {
    return this.drafts.create(store, body);
  }

  @Patch(':id')
  @RequireScope('write_orders')
  @ApiOperation({
    summary: 'Change email, addresses, instructions or item quantities; stale version is 409',
  })
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdateAdminOrderBody,
  ) {
    return this.changes.update(store, id, body);
  }

  @Patch(':id/complete')
  @RequireScope('write_orders')
  @ApiOperation({ summary: 'Place a draft that has items, addresses, delivery and payment' })
  complete(@CurrentStore() store: StoreContext, @Param('id') id: string, @Body() body: LockedBody) {
    return this.changes.complete(store, id, body);
  }

  @Patch(':id/fulfillments/:fid/ship')
  @RequireScope('write_fulfillments')
  @ApiOperation({
    summary: 'Ship a ready fulfillment of a paid order, with tracking; publishes shipment.shipped',
  })
  ship(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Param('fid') fulfillmentId: string,
    @Body() body: ShipFulfillmentBody,
  ) {
    return this.shipping.ship(store, id, fulfillmentId, body);
  }

  @Patch(':id/cancel')
  @RequireScope('write_orders')
  @ApiOperation({
    summary: 'Cancel a complete order: restock, void payments, publish order.canceled',
  })
  cancel(@CurrentStore() store: StoreContext, @Param('id') id: string, @Body() body: LockedBody) {
    return this.cancellation.cancel(store, id, body.state_lock_version);
  }
}
