import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { CurrentStore, RequireScope } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
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
  constructor(private readonly customers: AdminCustomersService) {}

  @Post()
  @RequireScope('write_customers')
  @ApiOperation({ summary: 'Create a customer (no password: it cannot sign in yet)' })
  create(@CurrentStore() store: StoreContext, @Body() body: CreateCustomerBody) {
    return this.customers.create(store, body);
  }

  @Get()
  @RequireScope('read_customers')
  @ApiOperation({ summary: 'List customers, newest first; `email` filters by exact address' })
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
