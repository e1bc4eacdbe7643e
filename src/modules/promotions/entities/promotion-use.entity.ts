import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';

/**
 * One placed order's use of a promotion (and of the code it came with), counted when the order
 * was placed; given back when the order is canceled.
 */
@Entity('promotion_uses')
@Index('promotion_uses_order_id_promotion_id_key', ['orderId', 'promotionId'], { unique: true })
@Index('promotion_uses_promotion_id_idx', ['promotionId'])
@Index('promotion_uses_coupon_code_id_idx', ['couponCodeId'])
export class PromotionUse extends StoreScopedEntity {
  @Column({ name: 'order_id', type: 'bigint' })
  orderId: string;

  @Column({ name: 'promotion_id', type: 'bigint' })
  promotionId: string;

  @Column({ name: 'coupon_code_id', type: 'bigint', nullable: true })
  couponCodeId: string | null;

  /** The buyer's keys its per-customer counts were taken under (`customerKeys`). */
  @Column({ name: 'customer_keys', type: 'text', array: true, default: () => "'{}'" })
  customerKeys: string[];

  @Column({ name: 'given_back_at', type: 'timestamptz', nullable: true })
  givenBackAt: Date | null;
}
