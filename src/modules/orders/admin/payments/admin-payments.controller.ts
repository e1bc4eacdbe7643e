import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../../auth/index.js';
import type { StoreContext } from '../../../stores/index.js';
import { LockedBody } from '../../dto/cart.body.js';
import { CreatePaymentBody } from '../../dto/checkout.body.js';
import { AdminPaymentsService } from './admin-payments.service.js';
import { CapturePaymentBody } from './dto/payment-action.body.js';

/** An order's payments for staff: add, capture (in full or in part), void. */
@ApiTags('Admin: payments')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/orders/:id/payments')
export class AdminPaymentsController {
  constructor(private readonly payments: AdminPaymentsService) {}

  @Get()
  @RequireScope('read_payments')
  @ApiOperation({ summary: 'The order’s payments, oldest first, with what was refunded of each' })
  @ApiErrors('record_not_found')
  list(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Query() query: PaginationQuery,
  ) {
    return this.payments.list(store, id, query);
  }

  @Get(':payment_id')
  @RequireScope('read_payments')
  @ApiOperation({ summary: 'One payment of the order, by `py_…` id' })
  @ApiErrors('record_not_found')
  show(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Param('payment_id') paymentId: string,
  ) {
    return this.payments.show(store, id, paymentId);
  }

  @Post()
  @RequireScope('write_payments')
  @ApiOperation({
    summary:
      'Add a payment: to a draft (charged when placed) or to a complete order with a balance due',
    description:
      'On a complete order the payment is authorized now for `amount` (default: the balance due, ' +
      'at most that): a check or an approved card is `pending` until captured. A declined card is ' +
      'recorded as a failed payment and answered 422 `payment_failed`, a processor error ' +
      '`gateway_error`; a gateway that does not answer is 422 `payment_processing_error` with ' +
      'nothing recorded.',
  })
  @ApiErrors(
    'record_not_found',
    'validation_error',
    'resource_invalid',
    'cart_invalid_state',
    'payment_failed',
    'gateway_error',
    'payment_processing_error',
  )
  create(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: CreatePaymentBody,
  ) {
    return this.payments.create(store, id, body);
  }

  @Patch(':payment_id/capture')
  @RequireScope('write_payments')
  @ApiOperation({
    summary: 'Capture a pending payment, all of it or `amount` of it (the rest is released)',
  })
  @ApiErrors(
    'record_not_found',
    'validation_error',
    'resource_invalid',
    'gateway_error',
    'payment_processing_error',
  )
  capture(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Param('payment_id') paymentId: string,
    @Body() body: CapturePaymentBody,
  ) {
    return this.payments.capture(store, id, paymentId, body);
  }

  @Patch(':payment_id/void')
  @RequireScope('write_payments')
  @ApiOperation({ summary: 'Void a payment not yet captured (checkout or pending)' })
  @ApiErrors('record_not_found', 'resource_invalid', 'gateway_error', 'payment_processing_error')
  void(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Param('payment_id') paymentId: string,
    @Body() body: LockedBody,
  ) {
    return this.payments.void(store, id, paymentId, body);
  }
}
