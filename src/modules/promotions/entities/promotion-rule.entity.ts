import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { PromotionPart } from './promotion-part.entity.js';
import type { Promotion } from './promotion.entity.js';

/** One condition a cart must meet (all of them or any, by the promotion's match policy). */
@Entity('promotion_rules')
@Index('promotion_rules_promotion_id_idx', ['promotionId'])
export class PromotionRule extends PromotionPart {
  @ManyToOne('Promotion', 'rules', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'promotion_id' })
  promotion?: Promotion;
}
