import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiJsonApiDocument, ApiOrderTokenAccess } from '../json-api/api-docs.decorators.js';
import {
  AddItemBody,
  type CartCaller,
  CartItemsService,
  CartsService,
} from '../../orders/index.js';
import type { JsonApiQuery } from '../json-api/json-api-query.js';
import { JsonApiParams } from '../json-api/json-api-request.decorator.js';
import { CartDocuments } from '../resources/cart-documents.js';
import { StorefrontCaller } from '../storefront-caller.js';
import { AssociateBody, ChangeCurrencyBody, LineQuantityBody } from './dto/cart-item.body.js';
import { CallerCartId, OpensCart } from './storefront-cart.guard.js';
import { StorefrontCartResolver } from './storefront-cart-resolver.js';

/** The v2 cart: the one the order token opens (or the signed-in customer's current cart). */
@ApiOrderTokenAccess()
@ApiTags('Storefront v2: cart')
@Controller('api/v2/storefront/cart')
export class StorefrontCartController {
  constructor(
    private readonly carts: CartsService,
    private readonly items: CartItemsService,
    private readonly resolver: StorefrontCartResolver,
    private readonly documents: CartDocuments,
  ) {}

  @Post()
  @ApiJsonApiDocument('The new `cart`, with its order token', 201)
  @ApiOperation({ summary: 'Start a cart; its order token is `data.attributes.token`' })
  async create(@StorefrontCaller() caller: CartCaller, @JsonApiParams('cart') query: JsonApiQuery) {
    return this.documents.document(await this.carts.create(caller, {}), query);
  }

  @Get()
  @ApiJsonApiDocument('The `cart`')
  @ApiOperation({ summary: 'The cart' })
  @OpensCart()
  async show(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('cart') query: JsonApiQuery,
  ) {
    return this.documents.document(await this.carts.show(caller, id), query);
  }

  @Delete()
  @HttpCode(204)
  @ApiResponse({ status: 204, description: 'The cart is gone' })
  @ApiOperation({ summary: 'Abandon the cart' })
  @OpensCart()
  async remove(@StorefrontCaller() caller: CartCaller, @CallerCartId() id: string) {
    await this.carts.remove(caller, id);
  }

  @Post('add_item')
  @HttpCode(200)
  @ApiJsonApiDocument('The `cart`')
  @ApiOperation({ summary: 'Add units of a variant' })
  @OpensCart()
  async addItem(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('cart') query: JsonApiQuery,
    @Body() body: AddItemBody,
  ) {
    return this.documents.document(await this.items.add(caller, id, body), query);
  }

  @Patch('set_quantity')
  @ApiJsonApiDocument('The `cart`')
  @ApiOperation({ summary: "Set a line's quantity" })
  @OpensCart()
  async setQuantity(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('cart') query: JsonApiQuery,
    @Body() body: LineQuantityBody,
  ) {
    const { line_item_id: lineItemId, ...change } = body;
    return this.documents.document(
      await this.items.setQuantity(caller, id, lineItemId, change),
      query,
    );
  }

  @Delete('remove_line_item/:id')
  @ApiJsonApiDocument('The `cart`')
  @ApiOperation({ summary: 'Remove a line' })
  @OpensCart()
  async removeLineItem(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('cart') query: JsonApiQuery,
    @Param('id') lineItemId: string,
  ) {
    return this.documents.document(await this.items.remove(caller, id, lineItemId), query);
  }

  @Patch('empty')
  @ApiJsonApiDocument('The `cart`')
  @ApiOperation({ summary: 'Remove every line' })
  @OpensCart()
  async empty(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('cart') query: JsonApiQuery,
  ) {
    return this.documents.document(await this.items.empty(caller, id), query);
  }

  @Patch('associate')
  @ApiJsonApiDocument("The `cart`, now the signed-in customer's")
  @ApiOperation({
    summary:
      'Give a guest cart (`guest_order_token`, or the X-Store-Order-Token header) to the signed-in customer',
  })
  async associate(
    @StorefrontCaller() caller: CartCaller,
    @JsonApiParams('cart') query: JsonApiQuery,
    @Body() body: AssociateBody,
  ) {
    const cartToken = body.guest_order_token ?? caller.cartToken;
    const id = await this.resolver.cartId({ ...caller, customerId: null, cartToken });
    return this.documents.document(await this.carts.associate({ ...caller, cartToken }, id), query);
  }

  @Patch('change_currency')
  @ApiJsonApiDocument('The `cart`, re-priced')
  @ApiOperation({ summary: "Move the cart to another of the store's currencies" })
  @OpensCart()
  async changeCurrency(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('cart') query: JsonApiQuery,
    @Body() body: ChangeCurrencyBody,
  ) {
    const { new_currency: currency, state_lock_version } = body;
    return this.documents.document(
      await this.carts.update(caller, id, { currency, state_lock_version }),
      query,
    );
  }
}
