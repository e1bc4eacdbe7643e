import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import type { Page } from '../../common/pagination/page.js';
import {
  ApiCustomerAccess,
  ApiErrors,
  ApiPublishableKeyAccess,
  ApiResource,
  ApiResourceList,
} from '../../platform/openapi/api-docs.decorators.js';
import { CurrentCustomerId, CurrentStore, RequestCurrency } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { CreateWishlistBody, UpdateWishlistBody } from './dto/wishlist.body.js';
import { expansionOf, ListWishlistsQuery, WishlistQuery } from './dto/wishlist.query.js';
import { CustomerIdIfSignedIn } from './wishlist-caller.js';
import { WishlistRecords } from './wishlist-records.js';
import { WishlistSerializer, type WishlistView } from './wishlist.serializer.js';
import { WishlistsService } from './wishlists.service.js';

/** The signed-in customer's wishlists; a shared one is readable by anyone with its token. */
@ApiTags('Store: wishlists')
@Idempotent()
@ApiErrors('authentication_required', 'invalid_token')
@Controller('api/v3/store/wishlists')
export class StoreWishlistsController {
  constructor(
    private readonly wishlists: WishlistsService,
    private readonly records: WishlistRecords,
    private readonly serializer: WishlistSerializer,
  ) {}

  @Get()
  @ApiCustomerAccess()
  @ApiResourceList('Wishlist', { paginated: true })
  @ApiOperation({ summary: "The customer's lists in this store, oldest first" })
  async list(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @RequestCurrency() currency: string,
    @Query() query: ListWishlistsQuery,
  ): Promise<Page<WishlistView>> {
    const page = await this.wishlists.list({ store, customerId, currency }, query);
    const expand = expansionOf(query);
    return { ...page, data: page.data.map((shown) => this.serializer.serialize(shown, expand)) };
  }

  @Post()
  @ApiCustomerAccess()
  @ApiResource('Wishlist', 201)
  @ApiErrors('validation_error')
  @ApiOperation({
    summary: 'Make a list (the first one, or one sent with is_default, is the default)',
  })
  async create(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @RequestCurrency() currency: string,
    @Body() body: CreateWishlistBody,
  ): Promise<WishlistView> {
    const shown = await this.wishlists.create({ store, customerId, currency }, body);
    return this.serializer.serialize(shown, { items: true, products: false });
  }

  @Get(':id')
  @ApiPublishableKeyAccess()
  @ApiCustomerAccess()
  @ApiResource('Wishlist')
  @ApiErrors('record_not_found')
  @ApiOperation({
    summary:
      'A list by `wl_…` id (its owner), or by its share token (anyone when shared, else its owner)',
  })
  async show(
    @CurrentStore() store: StoreContext,
    @CustomerIdIfSignedIn() customerId: string | null,
    @RequestCurrency() currency: string,
    @Param('id') idOrToken: string,
    @Query() query: WishlistQuery,
  ): Promise<WishlistView> {
    const ref = this.records.refOf(idOrToken);
    const shown = await this.wishlists.show(store, customerId, currency, ref);
    return this.serializer.serialize(shown, expansionOf(query));
  }

  @Patch(':id')
  @ApiCustomerAccess()
  @ApiResource('Wishlist')
  @ApiErrors('record_not_found', 'validation_error')
  @ApiOperation({ summary: 'Rename a list, share it or make it private, or make it the default' })
  async update(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @RequestCurrency() currency: string,
    @Param('id') id: string,
    @Body() body: UpdateWishlistBody,
  ): Promise<WishlistView> {
    const shown = await this.wishlists.update({ store, customerId, currency }, { id }, body);
    return this.serializer.serialize(shown, { items: false, products: false });
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiCustomerAccess()
  @ApiResponse({ status: 204, description: 'Deleted, with its items' })
  @ApiErrors('record_not_found')
  @ApiOperation({ summary: 'Delete a list' })
  async remove(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Param('id') id: string,
  ): Promise<void> {
    await this.wishlists.remove({ store, customerId }, { id });
  }
}
