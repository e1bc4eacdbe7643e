import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';

/**
 * A code entered on a cart (Spree's `order_promotions`): kept while the cart does not qualify
 * yet, so that its promotion applies the moment it does. One code per promotion and cart.
 */
@Entity('order_promotions')
@Index('order_promotions_order_id_promotion_id_key', ['orderId', 'promotionId'], { unique: true })
@Index('order_promotions_coupon_code_id_idx', ['couponCodeId'])
@Index('order_promotions_promotion_id_idx', ['promotionId'])
export class OrderPromotion extends StoreScopedEntity {
  @Column({ name: 'order_id', type: 'bigint' })
  orderId: string;

  @Column({ name: 'promotion_id', type: 'bigint' })
  promotionId: string;

  @Column({ name: 'coupon_code_id', type: 'bigint' })
  couponCodeId: string;

  /** The code as stored (trimmed, lower-cased). */
  @Column({ type: 'text' })
  code: string;
}
