import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';
import type { Promotion } from './promotion.entity.js';

export const COUPON_CODE_STATES = ['active', 'inactive'] as const;
export type CouponCodeState = (typeof COUPON_CODE_STATES)[number];

/**
 * A code that gives a cart its promotion. Stored trimmed and lower-cased, so it is matched
 * case-insensitively; unique in the store. A promotion's own `code` is its one code outside any
 * batch.
 */
@Entity('coupon_codes')
@Index('coupon_codes_store_id_code_key', ['storeId', 'code'], { unique: true })
@Index('coupon_codes_promotion_id_id_idx', ['promotionId', 'id'])
@Index('coupon_codes_batch_id_idx', ['batchId'])
@Index('coupon_codes_promotion_id_own_key', ['promotionId'], {
  unique: true,
  where: 'batch_id IS NULL',
})
@Check('coupon_codes_state_check', "state IN ('active', 'inactive')")
@Check('coupon_codes_usage_count_check', 'usage_count >= 0')
export class CouponCode extends StoreScopedEntity {
  @Column({ name: 'promotion_id', type: 'bigint' })
  promotionId: string;

  @ManyToOne('Promotion', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'promotion_id' })
  promotion?: Promotion;

  /** The batch that generated it; null for the promotion's own code. */
  @Column({ name: 'batch_id', type: 'bigint', nullable: true })
  batchId: string | null;

  @Column({ type: 'text' })
  code: string;

  @Column({ type: 'text', default: 'active' })
  state: CouponCodeState;

  /** Orders placed with it. */
  @Column({ name: 'usage_count', type: 'integer', default: 0 })
  usageCount: number;

  /** Good for one order only. */
  @Column({ name: 'single_use', type: 'boolean', default: false })
  singleUse: boolean;
}
