import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { CurrentStore, RequireScope } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { BulkTagsBody } from '../../common/tags/bulk-tags.body.js';
import { ApiErrors } from '../../platform/openapi/api-docs.decorators.js';
import { AdminCustomerTagging } from './admin-customer-tagging.js';
import { AdminCustomersService } from './admin-customers.service.js';
import { CreateCustomerBody, UpdateCustomerBody } from './dto/admin-customer.body.js';
import { ListCustomersQuery } from './dto/list-customers.query.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';

@ApiTags('Admin: customers')
@ApiSecurity('secret-key')
@ApiBearerAuth('jwt')
@Idempotent()
@Controller('api/v3/admin/customers')
export class AdminCustomersController {
  constructor(
    private readonly customers: AdminCustomersService,
    private readonly tagging: AdminCustomerTagging,
  ) {}

  @Post()
  @RequireScope('write_customers')
  @ApiOperation({ summary: 'Create a customer (no password: it cannot sign in yet)' })
  create(@CurrentStore() store: StoreContext, @Body() body: CreateCustomerBody) {
    return this.customers.create(store, body);
  }

  @Post('bulk_add_tags')
  @HttpCode(200)
  @RequireScope('write_customers')
  @ApiOperation({ summary: 'Add tags to each of several customers (`ids`); answers them' })
  @ApiErrors('validation_error', 'record_not_found')
  bulkAddTags(@CurrentStore() store: StoreContext, @Body() body: BulkTagsBody) {
    return this.tagging.add(store, body);
  }

  @Post('bulk_remove_tags')
  @HttpCode(200)
  @RequireScope('write_customers')
  @ApiOperation({ summary: 'Remove tags from each of several customers (`ids`); answers them' })
  @ApiErrors('validation_error', 'record_not_found')
  bulkRemoveTags(@CurrentStore() store: StoreContext, @Body() body: BulkTagsBody) {
    return this.tagging.remove(store, body);
  }

  @Get()
  @RequireScope('read_customers')
  @ApiOperation({
    summary:
      'List customers, newest first; `email` filters by exact address, `tag` / `tags[]` by tags (any)',
  })
  @ApiErrors('parameter_invalid')
  list(@CurrentStore() store: StoreContext, @Query() query: ListCustomersQuery) {
    return this.customers.list(store, query);
  }

  @Get(':id')
  @RequireScope('read_customers')
  @ApiOperation({ summary: 'One customer, by `cus_…` id' })
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.customers.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_customers')
  @ApiOperation({ summary: 'Change a customer' })
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdateCustomerBody,
  ) {
    return this.customers.update(store, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_customers')
  @ApiOperation({
    summary: 'Delete a customer; one with completed orders is 422 customer_has_orders',
  })
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    await this.customers.remove(store, id);
  }

  @Post(':id/anonymize')
  @HttpCode(200)
  @RequireScope('write_customers')
  @ApiOperation({
    summary: 'Erase the personal data of a customer, keeping the record for its orders',
  })
  anonymize(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.customers.anonymize(store, id);
  }
}
