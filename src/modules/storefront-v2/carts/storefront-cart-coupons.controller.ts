import { Body, Controller, Delete, Param, Patch } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { type CartCaller, CartDiscountCodes } from '../../orders/index.js';
import { ApiJsonApiDocument, ApiOrderTokenAccess } from '../json-api/api-docs.decorators.js';
import type { JsonApiQuery } from '../json-api/json-api-query.js';
import { JsonApiParams } from '../json-api/json-api-request.decorator.js';
import { CartDocuments } from '../resources/cart-documents.js';
import { StorefrontCaller } from '../storefront-caller.js';
import { CouponCodeBody } from './dto/coupon-code.body.js';
import { CallerCartId, OpensCart } from './storefront-cart.guard.js';

/** Coupon codes on the v2 cart: the same codes, rules and refusals as the v3 `discount_codes`. */
@ApiOrderTokenAccess()
@ApiTags('Storefront v2: cart')
@Controller('api/v2/storefront/cart')
export class StorefrontCartCouponsController {
  constructor(
    private readonly discountCodes: CartDiscountCodes,
    private readonly documents: CartDocuments,
  ) {}

  @Patch('apply_coupon_code')
  @ApiJsonApiDocument('The `cart`, recalculated')
  @ApiOperation({
    summary: 'Apply a coupon code',
    description:
      'Enters the code (matched trimmed, in any case) and answers the cart recalculated. A code whose promotion the cart does not qualify for yet is kept and applies as soon as the cart qualifies. An unknown, inactive, not yet started, expired or used-up code, or one already on the cart, is refused with 422 `validation_error` and `details.code` saying which, e.g. `["has expired"]`; nothing is stored then.',
  })
  @OpensCart()
  async apply(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('cart') query: JsonApiQuery,
    @Body() body: CouponCodeBody,
  ) {
    return this.documents.document(
      await this.discountCodes.apply(caller, id, body.coupon_code),
      query,
    );
  }

  @Delete('remove_coupon_code/:coupon_code')
  @ApiParam({ name: 'coupon_code', description: 'The code to remove, in any case' })
  @ApiJsonApiDocument('The `cart`, recalculated')
  @ApiOperation({
    summary: 'Remove a coupon code',
    description: '404 `record_not_found` when the cart does not carry the code.',
  })
  @OpensCart()
  async remove(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('cart') query: JsonApiQuery,
    @Param('coupon_code') code: string,
  ) {
    return this.documents.document(await this.discountCodes.remove(caller, id, code), query);
  }

  @Delete('remove_coupon_code')
  @ApiJsonApiDocument('The `cart`, recalculated')
  @ApiOperation({ summary: 'Remove every coupon code' })
  @OpensCart()
  async removeAll(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('cart') query: JsonApiQuery,
  ) {
    return this.documents.document(await this.discountCodes.removeAll(caller, id), query);
  }
}
