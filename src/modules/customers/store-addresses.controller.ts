import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import {
  ApiCustomerAccess,
  ApiErrors,
  ApiResource,
  ApiResourceList,
} from '../../platform/openapi/api-docs.decorators.js';
import { CurrentCustomerId, CurrentStore } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { AddressBookService } from './address-book.service.js';
import { AddressBookEntryBody } from './dto/address-book-entry.body.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';

/** The signed-in customer's address book. */
@ApiTags('Store: address book')
@ApiCustomerAccess()
@ApiErrors('authentication_required', 'invalid_token')
@Idempotent()
@Controller('api/v3/store/account/addresses')
export class StoreAddressesController {
  constructor(private readonly addresses: AddressBookService) {}

  @Get()
  @ApiResourceList('Address', { paginated: true })
  @ApiOperation({ summary: 'The saved addresses, newest first, paginated' })
  list(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Query() query: PaginationQuery,
  ) {
    return this.addresses.list({ store, customerId }, query);
  }

  @Post()
  @ApiResource('Address', 201)
  @ApiErrors('validation_error')
  @ApiOperation({
    summary:
      'Save an address (v2 or v3 field names); is_default_billing / is_default_shipping make it a default',
  })
  create(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Body() body: AddressBookEntryBody,
  ) {
    return this.addresses.create({ store, customerId }, body);
  }

  @Get(':id')
  @ApiResource('Address')
  @ApiErrors('record_not_found')
  @ApiOperation({ summary: 'One saved address, by `addr_…` id' })
  show(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Param('id') id: string,
  ) {
    return this.addresses.show({ store, customerId }, id);
  }

  @Patch(':id')
  @ApiResource('Address')
  @ApiErrors('record_not_found', 'validation_error')
  @ApiOperation({
    summary: 'Change a saved address; only the fields sent change (defaults included)',
  })
  update(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Param('id') id: string,
    @Body() body: AddressBookEntryBody,
  ) {
    return this.addresses.update({ store, customerId }, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResponse({ status: 204, description: 'Removed' })
  @ApiErrors('record_not_found')
  @ApiOperation({ summary: 'Remove a saved address' })
  async remove(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Param('id') id: string,
  ) {
    await this.addresses.remove({ store, customerId }, id);
  }
}

/** The same address book, also served under the customer's own path (the client's). */
@ApiTags('Store: address book')
@Idempotent()
@Controller('api/v3/store/customers/me/addresses')
export class StoreCustomerAddressesController extends StoreAddressesController {}
