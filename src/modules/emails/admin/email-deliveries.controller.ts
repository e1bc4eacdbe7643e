import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { ListEmailDeliveriesQuery } from './email-deliveries.query.js';
import { AdminEmailDeliveriesService } from './email-deliveries.service.js';

@ApiTags('Admin: e-mails')
@ApiSecurity('secret-key')
@ApiBearerAuth('jwt')
@Idempotent()
@Controller('api/v3/admin')
export class AdminEmailDeliveriesController {
  constructor(private readonly deliveries: AdminEmailDeliveriesService) {}

  @Get('orders/:order_id/email_deliveries')
  @RequireScope('read_orders')
  @ApiOperation({
    summary: 'The mails of an order, newest first; filters `mail`, `status`',
  })
  ofOrder(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Query() query: ListEmailDeliveriesQuery,
  ) {
    return this.deliveries.ofOrder(store, orderId, query);
  }

  @Get('customers/:customer_id/email_deliveries')
  @RequireScope('read_orders')
  @ApiOperation({
    summary: 'The mails of a customer, newest first; filters `mail`, `status`',
  })
  ofCustomer(
    @CurrentStore() store: StoreContext,
    @Param('customer_id') customerId: string,
    @Query() query: ListEmailDeliveriesQuery,
  ) {
    return this.deliveries.ofCustomer(store, customerId, query);
  }

  @Get('email_deliveries/:id')
  @RequireScope('read_orders')
  @ApiOperation({ summary: 'One delivery, by `ed_…` id, with its message as rendered' })
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.deliveries.show(store, id);
  }

  @Post('email_deliveries/:id/resend')
  @HttpCode(201)
  @RequireScope('write_orders')
  @ApiOperation({
    summary: 'Send the mail again: a new delivery (`resend_of` this one), from the same values',
  })
  resend(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.deliveries.resend(store, id);
  }
}
