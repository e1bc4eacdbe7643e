import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import { CurrentStore, RequireScope } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { AdminWebhookDeliveriesService } from './admin-webhook-deliveries.service.js';
import { AdminWebhookEndpointsService } from './admin-webhook-endpoints.service.js';
import {
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
} from './dto/webhook-endpoint.body.js';

@ApiTags('Admin: webhooks')
@ApiSecurity('secret-key')
@ApiBearerAuth('jwt')
@Idempotent()
@Controller('api/v3/admin/webhook_endpoints')
export class AdminWebhookEndpointsController {
  constructor(
    private readonly endpoints: AdminWebhookEndpointsService,
    private readonly deliveries: AdminWebhookDeliveriesService,
  ) {}

  @Post()
  @RequireScope('write_webhooks')
  @ApiOperation({
    summary: 'Create an endpoint; its signing `secret` is shown in this answer only',
  })
  create(@CurrentStore() store: StoreContext, @Body() body: CreateWebhookEndpointBody) {
    return this.endpoints.create(store, body);
  }

  @Get()
  @RequireScope('read_webhooks')
  @ApiOperation({ summary: 'List endpoints, newest first' })
  list(@CurrentStore() store: StoreContext, @Query() query: PaginationQuery) {
    return this.endpoints.list(store, query);
  }

  @Get(':id')
  @RequireScope('read_webhooks')
  @ApiOperation({ summary: 'One endpoint, by `whe_…` id' })
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.endpoints.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_webhooks')
  @ApiOperation({ summary: 'Change name, url, subscriptions or enabled' })
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdateWebhookEndpointBody,
  ) {
    return this.endpoints.update(store, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_webhooks')
  @ApiOperation({ summary: 'Delete an endpoint and its delivery history' })
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    await this.endpoints.remove(store, id);
  }

  @Patch(':id/enable')
  @RequireScope('write_webhooks')
  @ApiOperation({ summary: 'Enable an endpoint; its consecutive failure count starts at zero' })
  enable(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.endpoints.setEnabled(store, id, true);
  }

  @Patch(':id/disable')
  @RequireScope('write_webhooks')
  @ApiOperation({ summary: 'Disable an endpoint: nothing is delivered to it until enabled' })
  disable(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.endpoints.setEnabled(store, id, false);
  }

  @Post(':id/send_test')
  @RequireScope('write_webhooks')
  @ApiOperation({
    summary: 'Deliver a `webhook.test` event now; answers the delivery record',
    description: 'A disabled endpoint is 422 `processing_error`.',
  })
  sendTest(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.deliveries.sendTest(store, id);
  }
}
