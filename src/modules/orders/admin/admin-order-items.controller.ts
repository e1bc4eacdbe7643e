import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { AddItemBody, SetQuantityBody } from '../dto/cart.body.js';
import { AdminOrderItems } from './admin-order-items.js';

/** The lines (`li_…`) of an order; they change only while it is a draft or cart. */
@ApiTags('Admin: orders')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/orders/:id/items')
export class AdminOrderItemsController {
  constructor(private readonly items: AdminOrderItems) {}

  @Get()
  @RequireScope('read_orders')
  @ApiOperation({ summary: 'The order’s line items, in line order' })
  @ApiErrors('record_not_found', 'parameter_invalid')
  list(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Query() query: PaginationQuery,
  ) {
    return this.items.list(store, id, query);
  }

  @Post()
  @RequireScope('write_orders')
  @ApiOperation({
    summary:
      'Add units of a variant to a draft or cart (its line, if it has one); answers the order',
  })
  @ApiErrors(
    'record_not_found',
    'validation_error',
    'variant_not_found',
    'invalid_quantity',
    'insufficient_stock',
    'cart_invalid_state',
    'cart_already_updated',
  )
  add(@CurrentStore() store: StoreContext, @Param('id') id: string, @Body() body: AddItemBody) {
    return this.items.add(store, id, body);
  }

  @Patch(':item_id')
  @RequireScope('write_orders')
  @ApiOperation({ summary: 'Set a line’s quantity (and/or merge its metadata); answers the order' })
  @ApiErrors(
    'record_not_found',
    'line_item_not_found',
    'validation_error',
    'invalid_quantity',
    'insufficient_stock',
    'cart_invalid_state',
    'cart_already_updated',
  )
  setQuantity(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Param('item_id') itemId: string,
    @Body() body: SetQuantityBody,
  ) {
    return this.items.setQuantity(store, id, itemId, body);
  }

  @Delete(':item_id')
  @RequireScope('write_orders')
  @ApiOperation({ summary: 'Remove a line from a draft or cart; answers the order' })
  @ApiErrors(
    'record_not_found',
    'line_item_not_found',
    'cart_invalid_state',
    'cart_already_updated',
  )
  remove(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Param('item_id') itemId: string,
  ) {
    return this.items.remove(store, id, itemId);
  }
}
