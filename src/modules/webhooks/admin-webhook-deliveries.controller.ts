import { Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import { CurrentStore, RequireScope } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { AdminWebhookDeliveriesService } from './admin-webhook-deliveries.service.js';
import { ListDeliveriesQuery } from './dto/list-deliveries.query.js';

@ApiTags('Admin: webhooks')
@ApiSecurity('secret-key')
@ApiBearerAuth('jwt')
@Idempotent()
@Controller('api/v3/admin/webhook_endpoints/:endpoint_id/deliveries')
export class AdminWebhookDeliveriesController {
  constructor(private readonly deliveries: AdminWebhookDeliveriesService) {}

  @Get()
  @RequireScope('read_webhooks')
  @ApiOperation({
    summary:
      'An endpoint’s delivery attempts, newest first (in flight ones included); filters `event_name`, `success`, `status`',
  })
  list(
    @CurrentStore() store: StoreContext,
    @Param('endpoint_id') endpointId: string,
    @Query() query: ListDeliveriesQuery,
  ) {
    return this.deliveries.list(store, endpointId, query);
  }

  @Get(':id')
  @RequireScope('read_webhooks')
  @ApiOperation({ summary: 'One delivery, by `whd_…` id, with the exact body sent' })
  show(
    @CurrentStore() store: StoreContext,
    @Param('endpoint_id') endpointId: string,
    @Param('id') id: string,
  ) {
    return this.deliveries.show(store, endpointId, id);
  }

  @Post(':id/redeliver')
  @RequireScope('write_webhooks')
  @ApiOperation({
    summary: 'Send the delivery’s envelope again (same `id`, fresh timestamp and signature)',
    description: 'Answers the new delivery record. A disabled endpoint is 422 `processing_error`.',
  })
  redeliver(
    @CurrentStore() store: StoreContext,
    @Param('endpoint_id') endpointId: string,
    @Param('id') id: string,
  ) {
    return this.deliveries.redeliver(store, endpointId, id);
  }
}
