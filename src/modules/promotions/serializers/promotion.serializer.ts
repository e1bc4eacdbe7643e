import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { PromotionAction } from '../entities/promotion-action.entity.js';
import type { PromotionRule } from '../entities/promotion-rule.entity.js';
import type { Promotion, PromotionKind, PromotionStatus } from '../entities/promotion.entity.js';
import {
  PromotionPartSerializer,
  type PromotionActionView,
  type PromotionRuleView,
} from './promotion-part.serializer.js';

/** A promotion read with its rules, its actions and its own code (outside any batch). */
export interface LoadedPromotion {
  promotion: Promotion;
  rules: PromotionRule[];
  actions: PromotionAction[];
  code: string | null;
}

/** Spree's Admin `Promotion`, plus what this service adds (status, limits, stacking, its parts). */
export interface PromotionView {
  id: string;
  name: string;
  description: string | null;
  code: string | null;
  starts_at: string | null;
  expires_at: string | null;
  usage_limit: number | null;
  match_policy: 'all' | 'any';
  path: null;
  kind: PromotionKind;
  multi_codes: boolean;
  number_of_codes: number | null;
  code_prefix: string | null;
  promotion_category_id: null;
  metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  action_ids: string[];
  rule_ids: string[];
  status: PromotionStatus;
  per_customer_limit: number | null;
  priority: number;
  exclusive: boolean;
  rules: PromotionRuleView[];
  actions: PromotionActionView[];
}

const time = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** The v3 representation of a promotion, for Admin API answers and `promotion.*` events alike. */
@Injectable()
export class PromotionSerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly parts: PromotionPartSerializer,
  ) {}

  serialize({ promotion, rules, actions, code }: LoadedPromotion): PromotionView {
    const ruleViews = rules.map((rule) => this.parts.rule(rule));
    const actionViews = actions.map((action) => this.parts.action(action));
    return {
      id: this.ids.encode(ID_PREFIX.promotion, promotion.id),
      name: promotion.name,
      description: promotion.description,
      code,
      starts_at: time(promotion.startsAt),
      expires_at: time(promotion.expiresAt),
      usage_limit: promotion.usageLimit,
      match_policy: promotion.matchPolicy,
      path: null,
      kind: promotion.kind,
      multi_codes: promotion.multiCodes,
      number_of_codes: promotion.numberOfCodes,
      code_prefix: promotion.codePrefix,
      promotion_category_id: null,
      metadata: promotion.metadata,
      created_at: new Date(promotion.createdAt).toISOString(),
      updated_at: new Date(promotion.updatedAt).toISOString(),
      action_ids: actionViews.map((action) => action.id),
      rule_ids: ruleViews.map((rule) => rule.id),
      status: promotion.status,
      per_customer_limit: promotion.perCustomerLimit,
      priority: promotion.priority,
      exclusive: promotion.exclusive,
      rules: ruleViews,
      actions: actionViews,
    };
  }
}
