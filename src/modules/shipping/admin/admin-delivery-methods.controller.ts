import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { AdminDeliveryMethodsService } from './admin-delivery-methods.service.js';
import { CreateDeliveryMethodBody, UpdateDeliveryMethodBody } from './delivery-method.body.js';

@ApiTags('Admin: settings')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/delivery_methods')
export class AdminDeliveryMethodsController {
  constructor(private readonly methods: AdminDeliveryMethodsService) {}

  @Get()
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'List delivery methods, in checkout order' })
  list(@CurrentStore() store: StoreContext, @Query() query: PaginationQuery) {
    return this.methods.list(store, query);
  }

  @Post()
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Create a delivery method: flat_rate, per_item or free_over_amount' })
  @ApiErrors('validation_error')
  create(@CurrentStore() store: StoreContext, @Body() body: CreateDeliveryMethodBody) {
    return this.methods.create(store, body);
  }

  @Get(':id')
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'One delivery method, by `dm_…` id' })
  @ApiErrors('record_not_found')
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.methods.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Change a delivery method; carts see the new rates at once' })
  @ApiErrors('validation_error', 'record_not_found')
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdateDeliveryMethodBody,
  ) {
    return this.methods.update(store, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_settings')
  @ApiOperation({
    summary: 'Delete a delivery method; one offered on carts or orders is 422 resource_invalid',
  })
  @ApiErrors('resource_invalid', 'record_not_found')
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string): Promise<void> {
    await this.methods.remove(store, id);
  }
}
