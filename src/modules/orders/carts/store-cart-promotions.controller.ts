import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import {
  ApiCartOwnerAccess,
  ApiErrors,
  ApiResource,
} from '../../../platform/openapi/api-docs.decorators.js';
import { DiscountCodeBody } from '../dto/discount-code.body.js';
import { CartDiscountCodes } from './cart-discount-codes.service.js';
import { type CartCaller, CurrentCartCaller } from './cart-caller.js';

/**
 * Discount codes on a cart, entered and removed with the cart answered (`CartDiscountCodes`).
 * The cart itself must be the caller's (404 `cart_not_found`).
 */
@ApiTags('Store: carts')
@ApiCartOwnerAccess()
@Idempotent()
@Controller('api/v3/store/carts/:id')
export class StoreCartPromotionsController {
  constructor(private readonly discountCodes: CartDiscountCodes) {}

  @Post('discount_codes')
  @HttpCode(200)
  @ApiResource('Cart')
  @ApiErrors('cart_not_found', 'validation_error')
  @ApiOperation({
    summary: 'Apply a discount code',
    description:
      'Enters the code (matched trimmed, in any case) on the cart and answers the cart recalculated. A code whose promotion the cart does not qualify for yet is kept and applies as soon as the cart qualifies (the cart\'s `warnings` say so until then). An unknown, inactive, not yet started, expired or used-up code, or one already on the cart, is refused with 422 `validation_error` and `details.code` saying which, e.g. `["has expired"]`.',
  })
  applyDiscountCode(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Body() body: DiscountCodeBody,
  ) {
    return this.discountCodes.apply(caller, id, body.code);
  }

  @Delete('discount_codes/:code')
  @ApiParam({ name: 'code', description: 'The discount code to remove, in any case' })
  @ApiResource('Cart')
  @ApiErrors('cart_not_found', 'record_not_found')
  @ApiOperation({
    summary: 'Remove a discount code',
    description:
      'Takes the code off the cart and answers the cart recalculated; 404 `record_not_found` when the cart does not carry it.',
  })
  removeDiscountCode(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Param('code') code: string,
  ) {
    return this.discountCodes.remove(caller, id, code);
  }
}
