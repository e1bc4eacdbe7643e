import { Body, Controller, Delete, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { AddItemBody, SetQuantityBody } from '../dto/cart.body.js';
import { type CartCaller, CurrentCartCaller } from './cart-caller.js';
import { CartItemsService } from './cart-items.service.js';

@ApiTags('Store: carts')
@ApiSecurity('publishable-key')
@ApiBearerAuth('jwt')
@Idempotent()
@Controller('api/v3/store/carts/:id/items')
export class StoreCartItemsController {
  constructor(private readonly items: CartItemsService) {}

  @Post()
  @ApiOperation({ summary: 'Add units of a variant; answers the cart' })
  add(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string, @Body() body: AddItemBody) {
    return this.items.add(caller, id, body);
  }

  @Patch(':item_id')
  @ApiOperation({ summary: "Set a line's quantity; answers the cart" })
  setQuantity(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Param('item_id') itemId: string,
    @Body() body: SetQuantityBody,
  ) {
    return this.items.setQuantity(caller, id, itemId, body);
  }

  @Delete(':item_id')
  @ApiOperation({ summary: 'Remove a line; answers the cart' })
  remove(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Param('item_id') itemId: string,
  ) {
    return this.items.remove(caller, id, itemId);
  }
}
