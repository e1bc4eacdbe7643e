import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { fieldInvalid } from '../../../common/records/store-records.js';
import { PromotionAction } from '../entities/promotion-action.entity.js';
import type { PromotionPart } from '../entities/promotion-part.entity.js';
import { PromotionRule } from '../entities/promotion-rule.entity.js';
import type { Promotion } from '../entities/promotion.entity.js';
import { checkedPart, type CheckedPart, type PartInput } from '../input/part-input.js';
import { ACTION_SPECS, type PartSpec, RULE_SPECS, TOP_LEVEL_IDS } from '../input/part-specs.js';
import { PromotionReferences } from '../input/record-references.js';

/** Rules or actions: where they are stored, their types and how the API names them. */
export interface PartKind {
  entity: typeof PromotionRule | typeof PromotionAction;
  specs: readonly PartSpec[];
  prefix: typeof ID_PREFIX.promotionRule | typeof ID_PREFIX.promotionAction;
  what: string;
  field: 'rules' | 'actions';
}

export const RULES: PartKind = {
  entity: PromotionRule,
  specs: RULE_SPECS,
  prefix: ID_PREFIX.promotionRule,
  what: 'promotion rule',
  field: 'rules',
};

export const ACTIONS: PartKind = {
  entity: PromotionAction,
  specs: ACTION_SPECS,
  prefix: ID_PREFIX.promotionAction,
  what: 'promotion action',
  field: 'actions',
};

interface IdentifiedInput extends PartInput {
  id?: string;
}

/** Checks and writes the rules and actions of a promotion. */
@Injectable()
export class PromotionParts {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly references: PromotionReferences,
  ) {}

  check(manager: EntityManager, storeId: string, kind: PartKind, input: PartInput, path = '') {
    return checkedPart(kind.specs, input, path, { manager, storeId, references: this.references });
  }

  /**
   * New preferences for a part, checked as a whole; the record lists Spree keeps beside the
   * preferences (`product_ids`, …) stay as they are unless sent.
   */
  recheck(
    manager: EntityManager,
    kind: PartKind,
    part: PromotionPart,
    input: Omit<PartInput, 'type'>,
  ) {
    const kept = TOP_LEVEL_IDS.filter(
      (key) => input[key] === undefined && Array.isArray(part.preferences[key]),
    ).map((key) => [key, this.references.publicIdsOf(key, part.preferences[key] as string[])]);
    return this.check(manager, part.storeId, kind, {
      ...Object.fromEntries(kept),
      ...input,
      type: part.type,
    });
  }

  async add(manager: EntityManager, kind: PartKind, promotion: Promotion, checked: CheckedPart) {
    return manager.save(
      manager.create(kind.entity, {
        storeId: promotion.storeId,
        promotionId: promotion.id,
        ...checked,
      }),
    );
  }

  /**
   * Makes the promotion's parts the desired set: rows with an `id` of the promotion are updated,
   * the others built, the existing ones left out removed. Everything is checked before anything
   * is written.
   */
  async replace(
    manager: EntityManager,
    kind: PartKind,
    promotion: Promotion,
    inputs: readonly IdentifiedInput[],
  ): Promise<void> {
    const existing = await manager.find(kind.entity, { where: { promotionId: promotion.id } });
    const byId = new Map(existing.map((part) => [part.id, part]));
    const desired: Array<{ id?: string; checked: CheckedPart }> = [];
    for (const [index, input] of inputs.entries()) {
      const path = `${kind.field}.${index}`;
      let id: string | undefined;
      if (input.id !== undefined) {
        id = this.ids.decode(kind.prefix, input.id);
        if (!id || !byId.has(id))
          throw fieldInvalid(`${path}.id`, `is no ${kind.what} of this promotion`);
      }
      desired.push({
        id,
        checked: await this.check(manager, promotion.storeId, kind, input, path),
      });
    }
    const kept = new Set(desired.map((part) => part.id).filter(Boolean));
    const gone = existing.filter((part) => !kept.has(part.id)).map((part) => part.id);
    if (gone.length > 0) await manager.delete(kind.entity, gone);
    for (const { id, checked } of desired) {
      if (id) await manager.update(kind.entity, { id }, storedPart(checked));
      else await this.add(manager, kind, promotion, checked);
    }
  }
}

/** A checked part as a column update (its preferences are a JSON document, not a relation). */
export const storedPart = (checked: Partial<CheckedPart>) =>
  checked as QueryDeepPartialEntity<PromotionPart>;
