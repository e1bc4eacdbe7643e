import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import {
  ApiCartOwnerAccess,
  ApiCustomerAccess,
  ApiErrors,
  ApiGuestOrCustomerAccess,
  ApiResource,
  ApiResourceList,
} from '../../../platform/openapi/api-docs.decorators.js';
import { SECURITY_SCHEMES } from '../../../platform/openapi/security-schemes.js';
import { RequestCurrency, RequestLocale } from '../../auth/index.js';
import { CHANNEL_HEADER } from '../../channels/index.js';
import { CreateCartBody, UpdateCartBody } from '../dto/cart.body.js';
import { type CartCaller, CurrentCartCaller } from './cart-caller.js';
import { CartsService } from './carts.service.js';

/** Carts of the Store API; owned through the customer's token or the cart token (`X-Store-Token`). */
@ApiTags('Store: carts')
@Idempotent()
@Controller('api/v3/store/carts')
export class StoreCartsController {
  constructor(private readonly carts: CartsService) {}

  @Post()
  @ApiGuestOrCustomerAccess()
  @ApiResource('Cart', 201)
  @ApiErrors('validation_error', 'variant_not_found', 'invalid_quantity', 'insufficient_stock')
  @ApiOperation({
    summary: 'Start a cart (guest, or bound to the signed-in customer); returns its token',
    description:
      'Optionally with `items` (added as `POST /carts/{id}/items` adds them, with its errors; nothing is created when one fails), `metadata`, `currency`, `email` and `locale`. Without `currency` or `locale`, those the request names (`X-Store-Currency`, `X-Store-Locale`, or the market of `X-Store-Country`).',
  })
  create(
    @CurrentCartCaller() caller: CartCaller,
    @Body() body: CreateCartBody,
    @RequestCurrency() currency: string,
    @Headers(CHANNEL_HEADER) channel: string | undefined,
    @RequestLocale({ named: true }) locale: string | undefined,
  ) {
    return this.carts.create(caller, body, { currency, channel, locale });
  }

  @Get()
  @ApiCustomerAccess()
  @ApiResourceList('Cart', { paginated: true })
  @ApiErrors('authentication_required')
  @ApiOperation({ summary: "The signed-in customer's open carts, newest first" })
  list(@CurrentCartCaller() caller: CartCaller, @Query() query: PaginationQuery) {
    return this.carts.list(caller, query);
  }

  @Get(':id')
  @ApiCartOwnerAccess()
  @ApiResource('Cart')
  @ApiErrors('cart_not_found')
  @ApiOperation({ summary: 'A cart, with the requirements still missing for checkout' })
  show(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string) {
    return this.carts.show(caller, id);
  }

  @Patch(':id')
  @ApiCartOwnerAccess()
  @ApiResource('Cart')
  @ApiErrors(
    'cart_not_found',
    'validation_error',
    'record_not_found',
    'variant_not_found',
    'invalid_quantity',
    'insufficient_stock',
    'cart_already_updated',
  )
  @ApiOperation({
    summary:
      'Set email, note, locale, metadata, currency, addresses and lines; advances the checkout as far as it can',
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
  @ApiCartOwnerAccess()
  @ApiResponse({ status: 204, description: 'The cart is gone' })
  @ApiErrors('cart_not_found', 'cart_invalid_state', 'cart_already_updated')
  @ApiOperation({ summary: 'Abandon a cart (not one that has been paid something)' })
  async remove(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string) {
    await this.carts.remove(caller, id);
  }

  @Patch(':id/associate')
  @ApiSecurity({
    [SECURITY_SCHEMES.publishableKey.id]: [],
    [SECURITY_SCHEMES.cartToken.id]: [],
    [SECURITY_SCHEMES.jwt.id]: [],
  })
  @ApiResource('Cart')
  @ApiErrors('authentication_required', 'cart_not_found', 'cart_already_updated')
  @ApiOperation({ summary: 'Give a guest cart (X-Store-Token) to the signed-in customer' })
  associate(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string) {
    return this.carts.associate(caller, id);
  }
}
