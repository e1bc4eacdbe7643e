import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../../platform/openapi/api-docs.decorators.js';
import {
  CurrentPrincipal,
  CurrentStore,
  type Principal,
  RequireScope,
} from '../../../auth/index.js';
import type { StoreContext } from '../../../stores/index.js';
import { AdminRefundsService } from './admin-refunds.service.js';
import { CreateRefundBody } from './dto/payment-action.body.js';

/** Money given back on an order's captured payments. */
@ApiTags('Admin: payments')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/orders/:id/refunds')
export class AdminRefundsController {
  constructor(private readonly refunds: AdminRefundsService) {}

  @Get()
  @RequireScope('read_payments')
  @ApiOperation({ summary: 'The order’s refunds, oldest first' })
  @ApiErrors('record_not_found')
  list(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Query() query: PaginationQuery,
  ) {
    return this.refunds.list(store, id, query);
  }

  @Get(':refund_id')
  @RequireScope('read_payments')
  @ApiOperation({ summary: 'One refund of the order, by `ref_…` id' })
  @ApiErrors('record_not_found')
  show(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Param('refund_id') refundId: string,
  ) {
    return this.refunds.show(store, id, refundId);
  }

  @Post()
  @RequireScope('write_payments')
  @ApiOperation({
    summary:
      'Refund part or all of a completed payment; the order’s payment total and state follow',
    description:
      '`amount` may be at most what the payment captured less its earlier refunds (else 422 ' +
      '`resource_invalid`). A gateway refusal is 422 `gateway_error`, a gateway that does not ' +
      'answer 422 `payment_processing_error`; neither records anything.',
  })
  @ApiErrors(
    'record_not_found',
    'validation_error',
    'resource_invalid',
    'gateway_error',
    'payment_processing_error',
  )
  create(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
    @Body() body: CreateRefundBody,
  ) {
    return this.refunds.create(store, caller, id, body);
  }
}
