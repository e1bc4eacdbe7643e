import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { OrderSerializer, type OrderView } from '../order.serializer.js';
import type { OrderContext } from '../order-snapshot.js';

/** The order view staff see: the v3 view plus the order's tags and coupon code. */
export type AdminOrderView = OrderView & {
  tags: string[];
  /** The first of the codes entered on the order (as stored: lower case), applied or not yet. */
  coupon_code: string | null;
};

/**
 * Renders an order for staff: the v3 order view, always under its `or_…` id (drafts and carts
 * included), never with the shopper's cart token, with staff's `tags` and Spree's `coupon_code`.
 */
@Injectable()
export class AdminOrderPresenter {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly serializer: OrderSerializer,
  ) {}

  async present(context: OrderContext): Promise<AdminOrderView> {
    const { view, snapshot } = await this.serializer.rendering(context);
    return {
      ...view,
      id: this.ids.encode(ID_PREFIX.order, context.order.id),
      tags: context.order.tags,
      coupon_code: snapshot.discounts.find((discount) => discount.code !== null)?.code ?? null,
    };
  }
}
