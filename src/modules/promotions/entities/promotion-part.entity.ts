import { Column } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';

/** A rule or action of a promotion: a calculator `type` and its checked preferences. */
export abstract class PromotionPart extends StoreScopedEntity {
  @Column({ name: 'promotion_id', type: 'bigint' })
  promotionId: string;

  @Column({ type: 'text' })
  type: string;

  /**
   * As the API takes them, checked; record ids (products, categories, customers, zones) are
   * database keys here and public ids in the API.
   */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  preferences: Record<string, unknown>;
}
