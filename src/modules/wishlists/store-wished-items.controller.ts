import { Body, Controller, Delete, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import {
  ApiCustomerAccess,
  ApiErrors,
  ApiResource,
} from '../../platform/openapi/api-docs.decorators.js';
import { CurrentCustomerId, CurrentStore, RequestCurrency } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { AddWishedItemBody, WishedItemQuantityBody } from './dto/wished-item.body.js';
import { WishedItemsService } from './wished-items.service.js';
import { WishlistSerializer, type WishlistItemView } from './wishlist.serializer.js';

/** The variants on the signed-in customer's own lists. */
@ApiTags('Store: wishlists')
@Idempotent()
@ApiCustomerAccess()
@ApiErrors('authentication_required', 'invalid_token', 'record_not_found')
@Controller('api/v3/store/wishlists/:wishlist_id/items')
export class StoreWishedItemsController {
  constructor(
    private readonly items: WishedItemsService,
    private readonly serializer: WishlistSerializer,
  ) {}

  @Post()
  @ApiResource('WishlistItem', 201)
  @ApiErrors('variant_not_found', 'validation_error')
  @ApiOperation({ summary: 'Wish for a variant (again: sets the quantity sent)' })
  async add(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @RequestCurrency() currency: string,
    @Param('wishlist_id') wishlistId: string,
    @Body() body: AddWishedItemBody,
  ): Promise<WishlistItemView> {
    const item = await this.items.add({ store, customerId, currency }, { id: wishlistId }, body);
    return this.serializer.item(item, false);
  }

  @Patch(':id')
  @ApiResource('WishlistItem')
  @ApiErrors('validation_error')
  @ApiOperation({ summary: 'Change the quantity wished for' })
  async update(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @RequestCurrency() currency: string,
    @Param('wishlist_id') wishlistId: string,
    @Param('id') id: string,
    @Body() body: WishedItemQuantityBody,
  ): Promise<WishlistItemView> {
    const owner = { store, customerId, currency };
    const item = await this.items.setQuantity(owner, { id: wishlistId }, id, body.quantity);
    return this.serializer.item(item, false);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResponse({ status: 204, description: 'Removed from the list' })
  @ApiOperation({ summary: 'Take a variant off the list' })
  async remove(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @RequestCurrency() currency: string,
    @Param('wishlist_id') wishlistId: string,
    @Param('id') id: string,
  ): Promise<void> {
    await this.items.remove({ store, customerId, currency }, { id: wishlistId }, id);
  }
}
