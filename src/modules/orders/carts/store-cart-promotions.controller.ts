import { Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import {
  ApiCartOwnerAccess,
  ApiErrors,
  ApiResource,
} from '../../../platform/openapi/api-docs.decorators.js';
import { OrderLookup } from '../order-lookup.js';
import { type CartCaller, CurrentCartCaller } from './cart-caller.js';

/**
 * Discount codes and gift cards on a cart: this store runs no promotions and sells no gift
 * cards, so no code is ever valid (422 on `code`) and there is never one to remove (404). The
 * cart itself must still be the caller's (404 `cart_not_found`). Gift cards are left out of the
 * API document like the store's other gift card routes (features it does not offer); the
 * discount code routes say there what happens to gift cards too.
 */
@ApiTags('Store: carts')
@ApiCartOwnerAccess()
@Idempotent()
@Controller('api/v3/store/carts/:id')
export class StoreCartPromotionsController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lookup: OrderLookup,
  ) {}

  @Post('discount_codes')
  @HttpCode(200)
  @ApiResource('Cart')
  @ApiErrors('cart_not_found', 'validation_error')
  @ApiOperation({
    summary: 'Apply a discount code',
    description:
      'This store runs no promotions: every code is refused with 422 `validation_error` on `code`. Gift cards (`POST /carts/{id}/gift_cards`) are refused the same way, and removing one answers 404 `record_not_found`.',
  })
  async applyDiscountCode(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string) {
    await this.ownCart(caller, id);
    throw invalidCode('is not a valid discount code');
  }

  @Delete('discount_codes/:code')
  @ApiParam({ name: 'code', description: 'The discount code to remove' })
  @ApiResource('Cart')
  @ApiErrors('cart_not_found', 'record_not_found')
  @ApiOperation({
    summary: 'Remove a discount code',
    description: 'No code is ever applied, so there is none to remove: 404 `record_not_found`.',
  })
  async removeDiscountCode(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string) {
    await this.ownCart(caller, id);
    throw new StoreError('record_not_found', 'The cart has no such discount code');
  }

  @Post('gift_cards')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  async applyGiftCard(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string) {
    await this.ownCart(caller, id);
    throw invalidCode('is not a valid gift card code');
  }

  @Delete('gift_cards/:gift_card_id')
  @ApiExcludeEndpoint()
  async removeGiftCard(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string) {
    await this.ownCart(caller, id);
    throw new StoreError('record_not_found', 'The cart has no such gift card');
  }

  private async ownCart(caller: CartCaller, id: string): Promise<void> {
    await this.lookup.cartOf(this.dataSource.manager, caller, id);
  }
}

function invalidCode(message: string): StoreError {
  return new StoreError('validation_error', `The code ${message}`, { code: [message] });
}
