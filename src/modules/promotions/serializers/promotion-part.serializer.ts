import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { PromotionPart } from '../entities/promotion-part.entity.js';
import { ACTION_SPECS, type PartSpec, RULE_SPECS, TOP_LEVEL_IDS } from '../input/part-specs.js';
import { PromotionReferences } from '../input/record-references.js';
import { type PreferenceSchemaEntry, preferenceSchemaOf } from './preference-schema.js';

interface PartView {
  id: string;
  created_at: string;
  updated_at: string;
  type: string;
  promotion_id: string;
  preferences: Record<string, unknown>;
  preference_schema: PreferenceSchemaEntry[];
  label: string;
}

/** A rule as the Admin API shows it (Spree's `PromotionRule`): id lists as public ids. */
export interface PromotionRuleView extends PartView {
  product_ids: string[] | null;
  category_ids: string[] | null;
  customer_ids: string[] | null;
}

/** An action as the Admin API shows it (Spree's `PromotionAction`). */
export interface PromotionActionView extends PartView {
  calculator: null;
  line_items: null;
}

/** Rules and actions, with the record ids they keep as database keys shown as public ids. */
@Injectable()
export class PromotionPartSerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly references: PromotionReferences,
  ) {}

  rule(rule: PromotionPart): PromotionRuleView {
    const view = this.part(rule, RULE_SPECS, ID_PREFIX.promotionRule);
    const preferences = { ...view.preferences };
    const lists = Object.fromEntries(
      TOP_LEVEL_IDS.map((key) => {
        const listed = preferences[key] as string[] | undefined;
        delete preferences[key];
        return [key, listed ?? null];
      }),
    ) as Pick<PromotionRuleView, (typeof TOP_LEVEL_IDS)[number]>;
    return { ...view, preferences, ...lists };
  }

  action(action: PromotionPart): PromotionActionView {
    return {
      ...this.part(action, ACTION_SPECS, ID_PREFIX.promotionAction),
      calculator: null,
      line_items: null,
    };
  }

  private part(
    part: PromotionPart,
    specs: readonly PartSpec[],
    prefix: typeof ID_PREFIX.promotionRule | typeof ID_PREFIX.promotionAction,
  ): PartView {
    const spec = specs.find((candidate) => candidate.type === part.type);
    const preferences: Record<string, unknown> = { ...part.preferences };
    for (const kind of ['product_ids', 'category_ids', 'customer_ids', 'zone_ids'] as const)
      if (Array.isArray(preferences[kind]))
        preferences[kind] = this.references.publicIdsOf(kind, preferences[kind] as string[]);
    return {
      id: this.ids.encode(prefix, part.id),
      created_at: new Date(part.createdAt).toISOString(),
      updated_at: new Date(part.updatedAt).toISOString(),
      type: part.type,
      promotion_id: this.ids.encode(ID_PREFIX.promotion, part.promotionId),
      preferences,
      preference_schema: preferenceSchemaOf(spec),
      label: spec?.label ?? part.type,
    };
  }
}
