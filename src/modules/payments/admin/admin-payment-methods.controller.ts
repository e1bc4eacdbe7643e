import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { AdminPaymentMethodsService } from './admin-payment-methods.service.js';
import { CreatePaymentMethodBody, UpdatePaymentMethodBody } from './payment-method.body.js';

@ApiTags('Admin: settings')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/payment_methods')
export class AdminPaymentMethodsController {
  constructor(private readonly methods: AdminPaymentMethodsService) {}

  @Get()
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'List payment methods, in checkout order' })
  list(@CurrentStore() store: StoreContext, @Query() query: PaginationQuery) {
    return this.methods.list(store, query);
  }

  @Post()
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Create a payment method (check, test_card or store_credit)' })
  @ApiErrors('validation_error')
  create(@CurrentStore() store: StoreContext, @Body() body: CreatePaymentMethodBody) {
    return this.methods.create(store, body);
  }

  @Get(':id')
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'One payment method, by `pm_…` id' })
  @ApiErrors('record_not_found')
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.methods.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Change a payment method; carts show the change at once' })
  @ApiErrors('validation_error', 'record_not_found')
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdatePaymentMethodBody,
  ) {
    return this.methods.update(store, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_settings')
  @ApiOperation({
    summary: 'Delete a payment method; one used by payments is 422 resource_invalid',
  })
  @ApiErrors('resource_invalid', 'record_not_found')
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string): Promise<void> {
    await this.methods.remove(store, id);
  }
}
