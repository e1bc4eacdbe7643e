import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentPrincipal, CurrentStore, type Principal, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { BulkTagsBody } from '../../../common/tags/bulk-tags.body.js';
import { LockedBody } from '../dto/cart.body.js';
import { AdminOrderChanges } from './admin-order-changes.js';
import { AdminOrderQueries } from './admin-order-queries.js';
import { DraftOrderCreation } from './draft-order-creation.js';
import { CreateDraftOrderBody } from './dto/create-draft-order.body.js';
import { ListAdminOrdersQuery } from './dto/list-admin-orders.query.js';
import { UpdateAdminOrderBody } from './dto/update-admin-order.body.js';
import { OrderCancellation } from './order-cancellation.js';
import { OrderConfirmation } from './order-confirmation.js';
import { OrderTagging } from './order-tagging.js';

/** A store's orders, carts and drafts for staff; every order is known by its `or_…` id. */
@ApiTags('Admin: orders')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/orders')
export class AdminOrdersController {
  constructor(
    private readonly queries: AdminOrderQueries,
    private readonly drafts: DraftOrderCreation,
    private readonly changes: AdminOrderChanges,
    private readonly cancellation: OrderCancellation,
    private readonly confirmation: OrderConfirmation,
    private readonly tagging: OrderTagging,
  ) {}

  @Get()
  @RequireScope('read_orders')
  @ApiOperation({
    summary:
      'List orders newest first; filter by state, email, number, completed_at range, tag / tags[] (any)',
  })
  @ApiErrors('parameter_invalid')
  list(@CurrentStore() store: StoreContext, @Query() query: ListAdminOrdersQuery) {
    return this.queries.list(store, query);
  }

  @Get(':id')
  @RequireScope('read_orders')
  @ApiOperation({ summary: 'One order, draft or cart, by `or_…` id' })
  @ApiErrors('record_not_found')
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.queries.show(store, id);
  }

  @Get(':id/discounts')
  @RequireScope('read_orders')
  @ApiOperation({
    summary: 'The order’s discounts: one row per promotion adjustment of a line or delivery',
  })
  @ApiErrors('record_not_found', 'parameter_invalid')
  discounts(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Query() query: PaginationQuery,
  ) {
    return this.queries.discounts(store, id, query);
  }

  @Post()
  @RequireScope('write_orders')
  @ApiOperation({
    summary: 'Start a draft order (channel admin), optionally with items, tags and a coupon code',
    description:
      'A `coupon_code` that is refused (unknown, inactive, expired, used up, …) is not fatal, as in Spree: the draft is made without it and its `coupon_code` is null.',
  })
  @ApiErrors(
    'validation_error',
    'record_not_found',
    'variant_not_found',
    'invalid_quantity',
    'insufficient_stock',
  )
  create(@CurrentStore() store: StoreContext, @Body() body: CreateDraftOrderBody) {
    return this.drafts.create(store, body);
  }

  @Post('bulk_add_tags')
  @HttpCode(200)
  @RequireScope('write_orders')
  @ApiOperation({ summary: 'Add tags to each of several orders (`ids`); answers those orders' })
  @ApiErrors('validation_error', 'record_not_found')
  bulkAddTags(@CurrentStore() store: StoreContext, @Body() body: BulkTagsBody) {
    return this.tagging.add(store, body);
  }

  @Post('bulk_remove_tags')
  @HttpCode(200)
  @RequireScope('write_orders')
  @ApiOperation({
    summary: 'Remove tags from each of several orders (`ids`); answers those orders',
  })
  @ApiErrors('validation_error', 'record_not_found')
  bulkRemoveTags(@CurrentStore() store: StoreContext, @Body() body: BulkTagsBody) {
    return this.tagging.remove(store, body);
  }

  @Patch(':id')
  @RequireScope('write_orders')
  @ApiOperation({
    summary:
      'Change email, addresses, instructions, tags, item quantities or coupon code; stale version is 409',
    description:
      'A draft or cart takes a `coupon_code`: the code is entered and the order re-priced (one the order already carries stays as it is); a refused code is 422 `validation_error` with `details.code` saying why, as in the Store API, and nothing of the request is kept. `coupon_code: null` takes every code off; `DELETE /orders/{id}/coupon_codes/{code}` takes one off. A placed order takes no `coupon_code` (422 `cart_invalid_state`).',
  })
  @ApiErrors('record_not_found', 'validation_error', 'cart_invalid_state', 'cart_already_updated')
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdateAdminOrderBody,
  ) {
    return this.changes.update(store, id, body);
  }

  @Delete(':id/coupon_codes/:code')
  @RequireScope('write_orders')
  @ApiParam({ name: 'code', description: 'The coupon code to take off, in any case' })
  @ApiOperation({
    summary: 'Take a coupon code off a draft or cart; answers the order re-priced',
    description:
      '404 `record_not_found` when the order does not carry the code; 422 `cart_invalid_state` once the order is placed.',
  })
  @ApiErrors('record_not_found', 'cart_invalid_state', 'cart_already_updated')
  removeCouponCode(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Param('code') code: string,
  ) {
    return this.changes.removeCode(store, id, code);
  }

  @Patch(':id/complete')
  @RequireScope('write_orders')
  @ApiOperation({ summary: 'Place a draft that has items, addresses, delivery and payment' })
  @ApiErrors('record_not_found', 'cart_empty', 'cart_cannot_transition', 'cart_invalid_state')
  complete(@CurrentStore() store: StoreContext, @Param('id') id: string, @Body() body: LockedBody) {
    return this.changes.complete(store, id, body);
  }

  @Patch(':id/cancel')
  @RequireScope('write_orders')
  @ApiOperation({
    summary:
      'Cancel a complete order: void authorizations, refund captures, restock, publish order.canceled',
  })
  @ApiErrors(
    'record_not_found',
    'cart_invalid_state',
    'order_already_updated',
    'gateway_error',
    'payment_processing_error',
  )
  cancel(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
    @Body() body: LockedBody,
  ) {
    return this.cancellation.cancel(store, caller, id, body.state_lock_version);
  }

  @Post(':id/resend_confirmation')
  @HttpCode(200)
  @RequireScope('write_orders')
  @ApiOperation({
    summary: 'Publish order.completed again for a placed order (its confirmation); answers it',
  })
  @ApiErrors('record_not_found', 'cart_invalid_state')
  resendConfirmation(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.confirmation.resend(store, id);
  }
}
