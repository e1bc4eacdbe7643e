import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../platform/openapi/api-docs.decorators.js';
import { CurrentPrincipal, CurrentStore, type Principal, RequireScope } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { AdminStoreCreditsService } from './admin-store-credits.service.js';
import { CreateStoreCreditBody, UpdateStoreCreditBody } from './dto/admin-store-credit.body.js';

@ApiTags('Admin: store credits')
@ApiAdminAccess()
@Idempotent()
@ApiErrors('record_not_found')
@Controller('api/v3/admin/customers/:customer_id/store_credits')
export class AdminStoreCreditsController {
  constructor(private readonly credits: AdminStoreCreditsService) {}

  @Get()
  @RequireScope('read_store_credits')
  @ApiOperation({ summary: 'List the customer’s store credits, newest first' })
  list(
    @CurrentStore() store: StoreContext,
    @Param('customer_id') customerPublicId: string,
    @Query() query: PaginationQuery,
  ) {
    return this.credits.list({ store, customerPublicId }, query);
  }

  @Post()
  @RequireScope('write_store_credits')
  @ApiOperation({
    summary: 'Give the customer store credit',
    description: 'Records the staff user or API key that gave it as `created_by`.',
  })
  @ApiErrors('validation_error')
  create(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() caller: Principal,
    @Param('customer_id') customerPublicId: string,
    @Body() body: CreateStoreCreditBody,
  ) {
    return this.credits.create({ store, customerPublicId }, caller, body);
  }

  @Get(':id')
  @RequireScope('read_store_credits')
  @ApiOperation({ summary: 'One store credit of the customer, by `credit_…` id' })
  show(
    @CurrentStore() store: StoreContext,
    @Param('customer_id') customerPublicId: string,
    @Param('id') id: string,
  ) {
    return this.credits.show({ store, customerPublicId }, id);
  }

  @Patch(':id')
  @RequireScope('write_store_credits')
  @ApiOperation({
    summary: 'Change a store credit’s amount, category or memo',
    description:
      'Once any of the credit is used its amount is fixed: changing it is 422 ' +
      '`store_credit_in_use`; category and memo can still change.',
  })
  @ApiErrors('validation_error', 'store_credit_in_use')
  update(
    @CurrentStore() store: StoreContext,
    @Param('customer_id') customerPublicId: string,
    @Param('id') id: string,
    @Body() body: UpdateStoreCreditBody,
  ) {
    return this.credits.update({ store, customerPublicId }, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_store_credits')
  @ApiOperation({
    summary: 'Delete an unused store credit',
    description:
      'A credit partly or fully used, or that paid for an order, is 422 `store_credit_in_use`.',
  })
  @ApiErrors('store_credit_in_use')
  async remove(
    @CurrentStore() store: StoreContext,
    @Param('customer_id') customerPublicId: string,
    @Param('id') id: string,
  ) {
    await this.credits.remove({ store, customerPublicId }, id);
  }
}
