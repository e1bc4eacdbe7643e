import { Check, Column, Entity, Index, OneToMany } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';
import type { PromotionAction } from './promotion-action.entity.js';
import type { PromotionRule } from './promotion-rule.entity.js';

export const PROMOTION_STATUSES = ['draft', 'active', 'archived'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** `coupon_code`: a cart gets it by entering one of its codes; `automatic`: every eligible cart. */
export const PROMOTION_KINDS = ['coupon_code', 'automatic'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export const MATCH_POLICIES = ['all', 'any'] as const;

/** A discount offer: when it applies (its rules) and what it gives (its actions). */
@Entity('promotions')
@Index('promotions_store_id_created_at_idx', ['storeId', 'createdAt'])
@Check('promotions_status_check', "status IN ('draft', 'active', 'archived')")
@Check('promotions_kind_check', "kind IN ('coupon_code', 'automatic')")
@Check('promotions_usage_count_check', 'usage_count >= 0')
@Check('promotions_match_policy_check', "match_policy IN ('all', 'any')")
export class Promotion extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', default: 'active' })
  status: PromotionStatus;

  @Column({ type: 'text' })
  kind: PromotionKind;

  @Column({ name: 'starts_at', type: 'timestamptz', nullable: true })
  startsAt: Date | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  /** How many orders may use it in all; null: no limit. */
  @Column({ name: 'usage_limit', type: 'integer', nullable: true })
  usageLimit: number | null;

  /** Orders placed with it and not canceled: counted at completion, given back on cancel. */
  @Column({ name: 'usage_count', type: 'integer', default: 0 })
  usageCount: number;

  /** How many orders of one customer may use it; null: no limit. */
  @Column({ name: 'per_customer_limit', type: 'integer', nullable: true })
  perCustomerLimit: number | null;

  @Column({ name: 'match_policy', type: 'text', default: 'all' })
  matchPolicy: 'all' | 'any';

  /** Higher first. */
  @Column({ type: 'integer', default: 0 })
  priority: number;

  /** Applies alone rather than stacking with the other promotions. */
  @Column({ type: 'boolean', default: false })
  exclusive: boolean;

  /** Whether codes were generated for it in batches (Spree's `multi_codes`). */
  @Column({ name: 'multi_codes', type: 'boolean', default: false })
  multiCodes: boolean;

  /** How many codes its batches asked for. */
  @Column({ name: 'number_of_codes', type: 'integer', nullable: true })
  numberOfCodes: number | null;

  /** The prefix of its latest batch of codes. */
  @Column({ name: 'code_prefix', type: 'text', nullable: true })
  codePrefix: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata: Record<string, unknown>;

  /** Set when staff delete it: it no longer applies, orders that used it keep their discounts. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @OneToMany('PromotionRule', 'promotion')
  rules?: PromotionRule[];

  @OneToMany('PromotionAction', 'promotion')
  actions?: PromotionAction[];
}
