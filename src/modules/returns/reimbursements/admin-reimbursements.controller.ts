import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentPrincipal, CurrentStore, type Principal, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { CreateReimbursementBody } from './dto/reimbursement.body.js';
import { ReimbursementsService } from './reimbursements.service.js';

@ApiTags('Admin: returns')
@ApiAdminAccess()
@Idempotent()
@ApiErrors('record_not_found')
@Controller('api/v3/admin/orders/:order_id/reimbursements')
export class AdminReimbursementsController {
  constructor(private readonly reimbursements: ReimbursementsService) {}

  @Get()
  @RequireScope('read_payments')
  @ApiOperation({ summary: 'The order’s reimbursements, oldest first, with their units' })
  list(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Query() query: PaginationQuery,
  ) {
    return this.reimbursements.list(store, orderId, query);
  }

  @Post()
  @RequireScope('write_payments')
  @ApiOperation({
    summary:
      'Give back the money of accepted units: refunds to the order’s payments, or store credit',
    description:
      'Each unit gives back its share of its line as charged (after discounts, with its taxes); ' +
      'shipping only with `refund_shipping`. A refund is split over the captured payments, card ' +
      'first, unless `payments` gives the split; more than they may refund is 422 ' +
      '`resource_invalid`. A gateway refusal is 422 `gateway_error` and leaves the ' +
      'reimbursement `errored`.',
  })
  @ApiErrors(
    'validation_error',
    'resource_invalid',
    'order_already_updated',
    'gateway_error',
    'payment_processing_error',
  )
  create(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() caller: Principal,
    @Param('order_id') orderId: string,
    @Body() body: CreateReimbursementBody,
  ) {
    return this.reimbursements.create(store, caller, orderId, body);
  }

  @Get(':id')
  @RequireScope('read_payments')
  @ApiOperation({ summary: 'One reimbursement of the order, by `rei_…` id' })
  show(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Param('id') id: string,
  ) {
    return this.reimbursements.show(store, orderId, id);
  }
}
