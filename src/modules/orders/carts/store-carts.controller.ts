import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { CreateCartBody, UpdateCartBody } from '../dto/cart.body.js';
import { type CartCaller, CurrentCartCaller } from './cart-caller.js';
import { CartsService } from './carts.service.js';

/** Carts of the Store API; owned through the customer's token or the cart token (`X-Store-Token`). */
@ApiTags('Store: carts')
@ApiSecurity('publishable-key')
@ApiBearerAuth('jwt')
@Idempotent()
@Controller('api/v3/store/carts')
export class StoreCartsController {
  constructor(private readonly carts: CartsService) {}

  @Post()
  @ApiOperation({
    summary: 'Start a cart (guest, or bound to the signed-in customer); returns its token',
  })
  create(@CurrentCartCaller() caller: CartCaller, @Body() body: CreateCartBody) {
    return this.carts.create(caller, body);
  }

  @Get()
  @ApiOperation({ summary: "The signed-in customer's open carts, newest first" })
  list(@CurrentCartCaller() caller: CartCaller, @Query() query: PaginationQuery) {
    return this.carts.list(caller, query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A cart, with the requirements still missing for checkout' })
  show(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string) {
    return this.carts.show(caller, id);
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Set email, addresses and instructions; advances the checkout as far as it can',
  })
  update(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Body() body: UpdateCartBody,
  ) {
    return this.carts.update(caller, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Abandon a cart' })
  async remove(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string) {
    await this.carts.remove(caller, id);
  }

  @Patch(':id/associate')
  @ApiOperation({ summary: 'Give a guest cart (X-Store-Token) to the signed-in customer' })
  associate(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string) {
    return this.carts.associate(caller, id);
  }
}
