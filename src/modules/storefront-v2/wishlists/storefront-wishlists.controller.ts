import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { RawQuery } from '../../../common/query/list-filters.js';
import { CurrentStore, RequestCurrency } from '../../auth/index.js';
import type { CartCaller } from '../../orders/index.js';
import type { StoreContext } from '../../stores/index.js';
import {
  AddWishedItemBody,
  CreateWishlistBody,
  type ShownWishlist,
  UpdateWishlistBody,
  WishedItemQuantityBody,
  WishedItemsService,
  WishlistsService,
} from '../../wishlists/index.js';
import { signedInCustomer } from '../account/v2-customer.js';
import {
  ApiJsonApiDocument,
  ApiV2CustomerAccess,
  ApiV2PublicAccess,
} from '../json-api/api-docs.decorators.js';
import { renderDocument } from '../json-api/json-api-document.js';
import type { JsonApiQuery } from '../json-api/json-api-query.js';
import { JsonApiParams } from '../json-api/json-api-request.decorator.js';
import { listPageOf, renderList } from '../json-api/list-document.js';
import {
  type WishlistPublicIds,
  wishedItemResource,
  wishlistResource,
} from '../resources/wishlist.resource.js';
import { StorefrontCaller } from '../storefront-caller.js';

/**
 * The signed-in customer's wishlists as the v2 client calls them: by share token, which also
 * lets anyone read a shared list.
 */
@ApiTags('Storefront v2: wishlists')
@Controller('api/v2/storefront/wishlists')
export class StorefrontWishlistsController {
  private readonly publicIds: WishlistPublicIds;

  constructor(
    private readonly wishlists: WishlistsService,
    private readonly items: WishedItemsService,
    ids: PublicIdCodec,
  ) {
    this.publicIds = {
      wishlist: (id) => ids.encode(ID_PREFIX.wishlist, id),
      item: (id) => ids.encode(ID_PREFIX.wishedItem, id),
    };
  }

  @Get()
  @ApiV2CustomerAccess()
  @ApiJsonApiDocument('`wishlist` resources, with `meta` and `links`')
  @ApiOperation({ summary: "The customer's lists in this store (`is_variant_included`, `page`)" })
  async list(
    @StorefrontCaller() caller: CartCaller,
    @RequestCurrency() currency: string,
    @JsonApiParams('wishlist') query: JsonApiQuery,
    @Query('is_variant_included') asked: string | undefined,
    @Req() request: FastifyRequest,
  ) {
    const page = listPageOf(request.query as RawQuery);
    const found = await this.wishlists.list(this.owner(caller, currency), {
      page: page.page,
      limit: page.perPage,
    });
    const nodes = found.data.map((shown) => this.node(shown, asked));
    return renderList(nodes, query, page, found.meta.count, request.url);
  }

  @Post()
  @HttpCode(200)
  @ApiV2CustomerAccess()
  @ApiJsonApiDocument('The new `wishlist`')
  @ApiOperation({ summary: 'Make a list (`name`, `is_private`, `is_default`)' })
  async create(
    @StorefrontCaller() caller: CartCaller,
    @RequestCurrency() currency: string,
    @JsonApiParams('wishlist') query: JsonApiQuery,
    @Body() body: CreateWishlistBody,
  ) {
    const shown = await this.wishlists.create(this.owner(caller, currency), body);
    return renderDocument(this.node(shown), query);
  }

  @Get('default')
  @ApiV2CustomerAccess()
  @ApiJsonApiDocument('The default `wishlist`')
  @ApiOperation({ summary: "The customer's default list, made when it has none" })
  async default(
    @StorefrontCaller() caller: CartCaller,
    @RequestCurrency() currency: string,
    @JsonApiParams('wishlist') query: JsonApiQuery,
    @Query('is_variant_included') asked: string | undefined,
  ) {
    const shown = await this.wishlists.default(this.owner(caller, currency));
    return renderDocument(this.node(shown, asked), query);
  }

  @Get(':token')
  @ApiV2PublicAccess()
  @ApiV2CustomerAccess()
  @ApiJsonApiDocument('The `wishlist`')
  @ApiOperation({ summary: 'A list by its token: anyone for a shared list, its owner otherwise' })
  async show(
    @CurrentStore() store: StoreContext,
    @StorefrontCaller() caller: CartCaller,
    @RequestCurrency() currency: string,
    @JsonApiParams('wishlist') query: JsonApiQuery,
    @Param('token') token: string,
    @Query('is_variant_included') asked: string | undefined,
  ) {
    const shown = await this.wishlists.show(store, caller.customerId, currency, { token });
    return renderDocument(this.node(shown, asked), query);
  }

  @Patch(':token')
  @ApiV2CustomerAccess()
  @ApiJsonApiDocument('The `wishlist`')
  @ApiOperation({ summary: 'Rename, share or hide a list, or make it the default' })
  async update(
    @StorefrontCaller() caller: CartCaller,
    @RequestCurrency() currency: string,
    @JsonApiParams('wishlist') query: JsonApiQuery,
    @Param('token') token: string,
    @Body() body: UpdateWishlistBody,
  ) {
    const shown = await this.wishlists.update(this.owner(caller, currency), { token }, body);
    return renderDocument(this.node(shown), query);
  }

  @Delete(':token')
  @HttpCode(204)
  @ApiV2CustomerAccess()
  @ApiResponse({ status: 204, description: 'Deleted, with its items' })
  @ApiOperation({ summary: 'Delete a list' })
  async remove(@StorefrontCaller() caller: CartCaller, @Param('token') token: string) {
    await this.wishlists.remove(
      { store: caller.store, customerId: signedInCustomer(caller) },
      { token },
    );
  }

  @Post(':token/add_item')
  @HttpCode(200)
  @ApiV2CustomerAccess()
  @ApiJsonApiDocument('The `wished_item`')
  @ApiOperation({
    summary: 'Wish for a variant (`variant_id`, `quantity`); again sets the quantity',
  })
  async addItem(
    @StorefrontCaller() caller: CartCaller,
    @RequestCurrency() currency: string,
    @JsonApiParams('wished_item') query: JsonApiQuery,
    @Param('token') token: string,
    @Body() body: AddWishedItemBody,
  ) {
    const item = await this.items.add(this.owner(caller, currency), { token }, body);
    return renderDocument(wishedItemResource(item, this.publicIds), query);
  }

  @Patch(':token/set_item_quantity/:item_id')
  @ApiV2CustomerAccess()
  @ApiJsonApiDocument('The `wished_item`')
  @ApiOperation({ summary: 'Change the quantity wished for' })
  async setItemQuantity(
    @StorefrontCaller() caller: CartCaller,
    @RequestCurrency() currency: string,
    @JsonApiParams('wished_item') query: JsonApiQuery,
    @Param('token') token: string,
    @Param('item_id') itemId: string,
    @Body() body: WishedItemQuantityBody,
  ) {
    const owner = this.owner(caller, currency);
    const item = await this.items.setQuantity(owner, { token }, itemId, body.quantity);
    return renderDocument(wishedItemResource(item, this.publicIds), query);
  }

  @Delete(':token/remove_item/:item_id')
  @ApiV2CustomerAccess()
  @ApiJsonApiDocument('The `wished_item` removed')
  @ApiOperation({ summary: 'Take a variant off the list' })
  async removeItem(
    @StorefrontCaller() caller: CartCaller,
    @RequestCurrency() currency: string,
    @JsonApiParams('wished_item') query: JsonApiQuery,
    @Param('token') token: string,
    @Param('item_id') itemId: string,
  ) {
    const item = await this.items.remove(this.owner(caller, currency), { token }, itemId);
    return renderDocument(wishedItemResource(item, this.publicIds), query);
  }

  private owner(caller: CartCaller, currency: string) {
    return { store: caller.store, customerId: signedInCustomer(caller), currency };
  }

  private node(shown: ShownWishlist, askedVariantId?: string) {
    return wishlistResource(shown, this.publicIds, askedVariantId);
  }
}
