import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { RawQuery } from '../../../common/query/list-filters.js';
import { AddressBookService } from '../../customers/index.js';
import type { CartCaller } from '../../orders/index.js';
import { ApiJsonApiDocument, ApiV2CustomerAccess } from '../json-api/api-docs.decorators.js';
import { renderDocument } from '../json-api/json-api-document.js';
import type { JsonApiQuery } from '../json-api/json-api-query.js';
import { JsonApiParams } from '../json-api/json-api-request.decorator.js';
import { listPageOf, renderList } from '../json-api/list-document.js';
import { addressResource } from '../resources/address.resource.js';
import { StorefrontCaller } from '../storefront-caller.js';
import { AccountAddressBody } from './dto/address.body.js';
import { signedInCustomer } from './v2-customer.js';

/** The signed-in customer's address book, as the v3 Store API keeps it. */
@ApiTags('Storefront v2: account')
@ApiV2CustomerAccess()
@Controller('api/v2/storefront/account/addresses')
export class StorefrontAccountAddressesController {
  constructor(private readonly addresses: AddressBookService) {}

  @Get()
  @ApiJsonApiDocument('`address` resources, with `meta` and `links`')
  @ApiOperation({ summary: 'The address book' })
  async list(
    @StorefrontCaller() caller: CartCaller,
    @JsonApiParams('address') query: JsonApiQuery,
    @Req() request: FastifyRequest,
  ) {
    const page = listPageOf(request.query as RawQuery);
    const book = await this.addresses.list(this.owner(caller), {
      page: page.page,
      limit: page.perPage,
    });
    return renderList(book.data.map(addressResource), query, page, book.meta.count, request.url);
  }

  @Get(':id')
  @ApiJsonApiDocument('An `address`')
  @ApiOperation({ summary: 'One address of the book' })
  async show(
    @StorefrontCaller() caller: CartCaller,
    @JsonApiParams('address') query: JsonApiQuery,
    @Param('id') id: string,
  ) {
    return renderDocument(
      addressResource(await this.addresses.show(this.owner(caller), id)),
      query,
    );
  }

  @Post()
  @ApiJsonApiDocument('The new `address`', 201)
  @ApiOperation({
    summary: 'Add an address (`{address: {firstname, address1, city, country_iso, …}}`)',
  })
  async create(
    @StorefrontCaller() caller: CartCaller,
    @JsonApiParams('address') query: JsonApiQuery,
    @Body() body: AccountAddressBody,
  ) {
    const address = await this.addresses.create(this.owner(caller), body.address);
    return renderDocument(addressResource(address), query);
  }

  @Patch(':id')
  @ApiJsonApiDocument('The `address`')
  @ApiOperation({ summary: 'Change an address' })
  async update(
    @StorefrontCaller() caller: CartCaller,
    @JsonApiParams('address') query: JsonApiQuery,
    @Param('id') id: string,
    @Body() body: AccountAddressBody,
  ) {
    const address = await this.addresses.update(this.owner(caller), id, body.address);
    return renderDocument(addressResource(address), query);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResponse({ status: 204, description: 'The address is gone' })
  @ApiOperation({ summary: 'Remove an address' })
  async remove(@StorefrontCaller() caller: CartCaller, @Param('id') id: string) {
    await this.addresses.remove(this.owner(caller), id);
  }

  private owner(caller: CartCaller) {
    return { store: caller.store, customerId: signedInCustomer(caller) };
  }
}
