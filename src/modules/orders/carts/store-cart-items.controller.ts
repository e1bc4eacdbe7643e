import { Body, Controller, Delete, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import {
  ApiCartOwnerAccess,
  ApiErrors,
  ApiResource,
} from '../../../platform/openapi/api-docs.decorators.js';
import { AddItemBody, SetQuantityBody } from '../dto/cart.body.js';
import { type CartCaller, CurrentCartCaller } from './cart-caller.js';
import { CartItemsService } from './cart-items.service.js';

@ApiTags('Store: carts')
@ApiCartOwnerAccess()
@Idempotent()
@Controller('api/v3/store/carts/:id/items')
export class StoreCartItemsController {
  constructor(private readonly items: CartItemsService) {}

  @Post()
  @ApiResource('Cart', 201)
  @ApiErrors(
    'cart_not_found',
    'validation_error',
    'variant_not_found',
    'invalid_quantity',
    'insufficient_stock',
    'cart_already_updated',
  )
  @ApiOperation({ summary: 'Add units of a variant (with line metadata); answers the cart' })
  add(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string, @Body() body: AddItemBody) {
    return this.items.add(caller, id, body);
  }

  @Patch(':item_id')
  @ApiResource('Cart')
  @ApiErrors(
    'cart_not_found',
    'line_item_not_found',
    'validation_error',
    'invalid_quantity',
    'insufficient_stock',
    'cart_already_updated',
  )
  @ApiOperation({ summary: "Set a line's quantity and/or merge its metadata; answers the cart" })
  setQuantity(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Param('item_id') itemId: string,
    @Body() body: SetQuantityBody,
  ) {
    return this.items.setQuantity(caller, id, itemId, body);
  }

  @Delete(':item_id')
  @ApiResource('Cart')
  @ApiErrors('cart_not_found', 'line_item_not_found', 'cart_already_updated')
  @ApiOperation({ summary: 'Remove a line; answers the cart' })
  remove(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Param('item_id') itemId: string,
  ) {
    return this.items.remove(caller, id, itemId);
  }
}
