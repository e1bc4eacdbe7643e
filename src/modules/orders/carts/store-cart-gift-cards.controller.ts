import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import {
  ApiCartOwnerAccess,
  ApiErrors,
  ApiResource,
} from '../../../platform/openapi/api-docs.decorators.js';
import { GiftCardCodeBody } from '../dto/gift-card-code.body.js';
import { type CartCaller, CurrentCartCaller } from './cart-caller.js';
import { CartGiftCards } from './cart-gift-cards.service.js';

/** Gift cards on a cart (`CartGiftCards`); the cart must be the caller's (404 `cart_not_found`). */
@ApiTags('Store: carts')
@ApiCartOwnerAccess()
@Idempotent()
@Controller('api/v3/store/carts/:id/gift_cards')
export class StoreCartGiftCardsController {
  constructor(private readonly giftCards: CartGiftCards) {}

  @Post()
  @HttpCode(200)
  @ApiResource('Cart')
  @ApiErrors('cart_not_found', 'validation_error')
  @ApiOperation({
    summary: 'Apply a gift card',
    description:
      'Pays as much of what is left to pay as the card holds (matched trimmed, in any case); the card is spent when the order is placed, after store credit and before any card payment. The cart answers with `gift_card` and `gift_card_total`; its total is unchanged and `amount_due` goes down. A card replaces the one applied before. An unknown, disabled, expired or spent card, or one in another currency, is refused with 422 `validation_error` and `details.code` saying which, e.g. `["has expired"]`.',
  })
  apply(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Body() body: GiftCardCodeBody,
  ) {
    return this.giftCards.apply(caller, id, body.code);
  }

  @Delete(':gift_card_id')
  @ApiParam({ name: 'gift_card_id', description: 'The gift card’s `gc_…` id' })
  @ApiResource('Cart')
  @ApiErrors('cart_not_found', 'record_not_found')
  @ApiOperation({
    summary: 'Remove a gift card',
    description:
      'Takes the card off the cart and answers the cart; 404 `record_not_found` when the cart does not carry it.',
  })
  remove(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Param('gift_card_id') giftCardId: string,
  ) {
    return this.giftCards.remove(caller, id, giftCardId);
  }
}
