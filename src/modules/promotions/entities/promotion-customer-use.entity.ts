import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * How many placed orders of one buyer (a customer key: `customerKeys`) used a promotion with a
 * per-customer limit: the row a completion takes to count one more, so that two completions of
 * one buyer cannot both take the last use.
 */
@Entity('promotion_customer_uses')
@Index('promotion_customer_uses_customer_key_idx', ['storeId', 'customerKey'])
@Check('promotion_customer_uses_uses_check', 'uses >= 0')
export class PromotionCustomerUse {
  @PrimaryColumn({ name: 'promotion_id', type: 'bigint' })
  promotionId: string;

  @PrimaryColumn({ name: 'customer_key', type: 'text' })
  customerKey: string;

  @Column({ name: 'store_id', type: 'bigint' })
  storeId: string;

  @Column({ type: 'integer', default: 0 })
  uses: number;
}
