import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { PromotionPart } from './promotion-part.entity.js';
import type { Promotion } from './promotion.entity.js';

/** One discount the promotion gives a cart that meets its rules. */
@Entity('promotion_actions')
@Index('promotion_actions_promotion_id_idx', ['promotionId'])
export class PromotionAction extends PromotionPart {
  @ManyToOne('Promotion', 'actions', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'promotion_id' })
  promotion?: Promotion;
}
