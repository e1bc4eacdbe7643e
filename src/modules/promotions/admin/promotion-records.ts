import { Injectable } from '@nestjs/common';
import { type EntityManager, type EntityTarget, In, IsNull } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX, type IdPrefix } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { ModelEvents } from '../../../events/index.js';
import { CouponCode } from '../entities/coupon-code.entity.js';
import { PromotionAction } from '../entities/promotion-action.entity.js';
import { PromotionRule } from '../entities/promotion-rule.entity.js';
import { Promotion } from '../entities/promotion.entity.js';
import {
  type LoadedPromotion,
  PromotionSerializer,
  type PromotionView,
} from '../serializers/promotion.serializer.js';

/** Reads promotions of a store (never deleted ones) with their parts, and publishes their changes. */
@Injectable()
export class PromotionRecords {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly serializer: PromotionSerializer,
    private readonly events: ModelEvents,
  ) {}

  /** The store's promotion (row-locked when asked); unknown, deleted or another store's: 404. */
  async find(
    manager: EntityManager,
    storeId: string,
    publicId: string,
    { lock = false } = {},
  ): Promise<Promotion> {
    const id = this.ids.decode(ID_PREFIX.promotion, publicId);
    const promotion = id
      ? await manager.findOne(Promotion, {
          where: { id, storeId, deletedAt: IsNull() },
          ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!promotion) throw StoreError.notFound('promotion');
    return promotion;
  }

  /** A row of the promotion (a rule, code, batch…) behind a public id; any other: 404. */
  async child<T extends { id: string; promotionId: string }>(
    manager: EntityManager,
    entity: EntityTarget<T>,
    { prefix, what }: { prefix: IdPrefix; what: string },
    promotion: Promotion,
    publicId: string,
  ): Promise<T> {
    const id = this.ids.decode(prefix, publicId);
    const row = id
      ? await manager.findOne(entity, { where: { id, promotionId: promotion.id } as never })
      : null;
    if (!row) throw StoreError.notFound(what);
    return row;
  }

  /** Each promotion with its rules, actions and own code, read together. */
  async loadAll(manager: EntityManager, promotions: Promotion[]): Promise<LoadedPromotion[]> {
    if (promotions.length === 0) return [];
    const ids = In(promotions.map((promotion) => promotion.id));
    const order = { id: 'ASC' as const };
    // One after another: in a transaction they share one connection anyway.
    const rules = await manager.find(PromotionRule, { where: { promotionId: ids }, order });
    const actions = await manager.find(PromotionAction, { where: { promotionId: ids }, order });
    const codes = await manager.find(CouponCode, {
      where: { promotionId: ids, batchId: IsNull() },
    });
    return promotions.map((promotion) => ({
      promotion,
      rules: rules.filter((rule) => rule.promotionId === promotion.id),
      actions: actions.filter((action) => action.promotionId === promotion.id),
      code: codes.find((code) => code.promotionId === promotion.id)?.code ?? null,
    }));
  }

  async view(manager: EntityManager, promotion: Promotion): Promise<PromotionView> {
    const [loaded] = await this.loadAll(manager, [promotion]);
    return this.serializer.serialize(loaded);
  }

  /** Publishes `promotion.<action>` with the promotion as the API shows it now; answers that. */
  async published(
    manager: EntityManager,
    promotion: Promotion,
    action: 'created' | 'updated' | 'deleted',
  ): Promise<PromotionView> {
    const fresh = await manager.findOneByOrFail(Promotion, { id: promotion.id });
    const view = await this.view(manager, fresh);
    await this.events.publish(
      { manager, storeId: promotion.storeId },
      `promotion.${action}`,
      fresh,
      { ...view },
    );
    return view;
  }
}
