import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../platform/openapi/api-docs.decorators.js';
import { CurrentPrincipal, CurrentStore, type Principal, RequireScope } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { OrderEditActionBody, OrderEditBody } from './dto/order-edit.body.js';
import { OrderEditsService } from './order-edits.service.js';

const PREVIEW =
  'Answers the edit with its `preview`: the order’s lines, totals and taxes as the edit makes ' +
  'them, and the difference with what was paid (`balance_due` or `credit_owed`); the order is ' +
  'not changed. Only a complete order none of whose units shipped is edited (422 ' +
  '`cart_invalid_state`).';

/** What writing or confirming an edit may answer besides 404. */
const EDIT_ERRORS = [
  'validation_error',
  'resource_invalid',
  'cart_invalid_state',
  'variant_not_found',
  'line_item_not_found',
  'insufficient_stock',
  'order_already_updated',
] as const;

@ApiTags('Admin: orders')
@ApiAdminAccess()
@Idempotent()
@ApiErrors('record_not_found')
@Controller('api/v3/admin/orders/:order_id/order_edits')
export class AdminOrderEditsController {
  constructor(private readonly edits: OrderEditsService) {}

  @Get()
  @RequireScope('read_orders')
  @ApiOperation({ summary: 'The order’s edits, oldest first' })
  list(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Query() query: PaginationQuery,
  ) {
    return this.edits.list(store, orderId, query);
  }

  @Post()
  @RequireScope('write_orders')
  @ApiOperation({
    summary: 'Draft an edit of a placed order: add, remove or change lines',
    description: `${PREVIEW} A second open edit of the order is 422 \`resource_invalid\`.`,
  })
  @ApiErrors(...EDIT_ERRORS)
  create(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Body() body: OrderEditBody,
  ) {
    return this.edits.create(store, orderId, body);
  }

  @Get(':id')
  @RequireScope('read_orders')
  @ApiOperation({ summary: 'One edit of the order, by `oe_…` id' })
  show(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Param('id') id: string,
  ) {
    return this.edits.show(store, orderId, id);
  }

  @Patch(':id')
  @RequireScope('write_orders')
  @ApiOperation({ summary: 'Replace a draft edit’s line changes', description: PREVIEW })
  @ApiErrors(...EDIT_ERRORS)
  update(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Param('id') id: string,
    @Body() body: OrderEditBody,
  ) {
    return this.edits.update(store, orderId, id, body);
  }

  @Post(':id/confirm')
  @HttpCode(200)
  @RequireScope('write_orders')
  @ApiOperation({
    summary: 'Apply a draft edit to its order',
    description:
      'In one change of the order: its lines, totals, taxes and shipments, stock taken or given ' +
      'back, and `payment_state` `balance_due`, `credit_owed` or `paid`. A credit owed is then ' +
      'refunded to the captured payments (`refund_status`); a balance due is paid by the shopper ' +
      'through the edit’s `payment_session_id`.',
  })
  @ApiErrors(...EDIT_ERRORS)
  confirm(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() caller: Principal,
    @Param('order_id') orderId: string,
    @Param('id') id: string,
    @Body() body: OrderEditActionBody,
  ) {
    return this.edits.confirm(store, caller, orderId, id, body);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @RequireScope('write_orders')
  @ApiOperation({ summary: 'Discard a draft edit; the order stays as it is' })
  @ApiErrors('cart_invalid_state')
  cancel(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Param('id') id: string,
  ) {
    return this.edits.cancel(store, orderId, id);
  }
}
