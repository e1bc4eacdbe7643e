import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';
import type { Promotion } from './promotion.entity.js';

export const CODE_BATCH_STATES = ['pending', 'processing', 'completed', 'failed'] as const;
export type CodeBatchState = (typeof CODE_BATCH_STATES)[number];

/** A request for `count` random codes of a promotion, generated in the request or by a job. */
@Entity('promotion_code_batches')
@Index('promotion_code_batches_promotion_id_idx', ['promotionId'])
@Check(
  'promotion_code_batches_state_check',
  "state IN ('pending', 'processing', 'completed', 'failed')",
)
export class CouponCodeBatch extends StoreScopedEntity {
  @Column({ name: 'promotion_id', type: 'bigint' })
  promotionId: string;

  @ManyToOne('Promotion', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'promotion_id' })
  promotion?: Promotion;

  /** Lower-case; every code starts with it. */
  @Column({ type: 'text', default: '' })
  prefix: string;

  @Column({ type: 'integer' })
  count: number;

  /** Random characters after the prefix. */
  @Column({ type: 'integer' })
  length: number;

  @Column({ name: 'single_use', type: 'boolean', default: false })
  singleUse: boolean;

  @Column({ type: 'text', default: 'pending' })
  state: CodeBatchState;

  /** Codes generated so far. */
  @Column({ type: 'integer', default: 0 })
  generated: number;

  @Column({ type: 'text', nullable: true })
  error: string | null;
}
