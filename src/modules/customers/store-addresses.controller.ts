import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { CurrentCustomerId, CurrentStore } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { AddressBookService } from './address-book.service.js';
import { AddressBody } from './dto/address.body.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';

/** The signed-in customer's address book. */
@ApiTags('Store: address book')
@ApiSecurity('publishable-key')
@ApiBearerAuth('jwt')
@Idempotent()
@Controller('api/v3/store/account/addresses')
export class StoreAddressesController {
  constructor(private readonly addresses: AddressBookService) {}

  @Get()
  @ApiOperation({ summary: 'The saved addresses, newest first, paginated' })
  list(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Query() query: PaginationQuery,
  ) {
    return this.addresses.list({ store, customerId }, query);
  }

  @Post()
  @ApiOperation({ summary: 'Save an address (v2 or v3 field names)' })
  create(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Body() body: AddressBody,
  ) {
    return this.addresses.create({ store, customerId }, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One saved address, by `addr_…` id' })
  show(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Param('id') id: string,
  ) {
    return this.addresses.show({ store, customerId }, id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change a saved address; only the fields sent change' })
  update(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Param('id') id: string,
    @Body() body: AddressBody,
  ) {
    return this.addresses.update({ store, customerId }, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a saved address' })
  async remove(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Param('id') id: string,
  ) {
    await this.addresses.remove({ store, customerId }, id);
  }
}

/** The same address book, also served under the customer's own path. */
@ApiTags('Store: address book')
@Idempotent()
@Controller('api/v3/store/customers/me/addresses')
export class StoreCustomerAddressesController extends StoreAddressesController {}
