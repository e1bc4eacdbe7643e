import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { CartGiftCards } from '../carts/cart-gift-cards.service.js';
import { GiftCardCodeBody } from '../dto/gift-card-code.body.js';
import type { OrderChange } from '../order-change.js';
import { OrderChanges } from '../order-changes.js';
import { OrderLookup } from '../order-lookup.js';
import { AdminOrderPresenter, type AdminOrderView } from './admin-order-presenter.js';
import { draftTarget } from './draft-target.js';

/** Gift cards on a draft order or cart, as the Store API applies them to carts. */
@ApiTags('Admin: orders')
@ApiAdminAccess()
@Idempotent()
@ApiErrors('record_not_found', 'cart_invalid_state', 'cart_already_updated')
@Controller('api/v3/admin/orders/:order_id/gift_cards')
export class AdminOrderGiftCardsController {
  constructor(
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly giftCards: CartGiftCards,
    private readonly presenter: AdminOrderPresenter,
  ) {}

  @Post()
  @HttpCode(200)
  @RequireScope('write_gift_cards')
  @ApiOperation({
    summary: 'Apply a gift card to a draft order or cart; answers the order',
    description:
      'Refused cards are 422 `validation_error` with `details.code` saying why, as in the Store API; a placed order takes no gift card (422 `cart_invalid_state`).',
  })
  @ApiErrors('validation_error')
  apply(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Body() body: GiftCardCodeBody,
  ): Promise<AdminOrderView> {
    return this.change(store, orderId, (change) => this.giftCards.applyIn(change, body.code));
  }

  @Delete(':id')
  @RequireScope('write_gift_cards')
  @ApiParam({ name: 'id', description: 'The gift card’s `gc_…` id' })
  @ApiOperation({
    summary: 'Take a gift card off a draft order or cart; answers the order',
    description: '404 `record_not_found` when the order does not carry the card.',
  })
  remove(
    @CurrentStore() store: StoreContext,
    @Param('order_id') orderId: string,
    @Param('id') id: string,
  ): Promise<AdminOrderView> {
    return this.change(store, orderId, (change) => this.giftCards.removeIn(change, id));
  }

  private change(
    store: StoreContext,
    orderId: string,
    work: (change: OrderChange) => Promise<void>,
  ): Promise<AdminOrderView> {
    const target = draftTarget(this.lookup.inStore(store.storeId, orderId), 'gift cards');
    return this.changes.run(target, undefined, async (change) => {
      await work(change);
      return this.presenter.present(change);
    });
  }
}
