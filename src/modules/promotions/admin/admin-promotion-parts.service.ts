import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { pageOf, type Page } from '../../../common/pagination/page.js';
import type { StoreContext } from '../../stores/index.js';
import { AutomaticPromotions } from '../automatic-promotions.js';
import type { PartInput } from '../input/part-input.js';
import type { PromotionPart } from '../entities/promotion-part.entity.js';
import { Promotion } from '../entities/promotion.entity.js';
import { PromotionPartSerializer } from '../serializers/promotion-part.serializer.js';
import { ACTIONS, type PartKind, PromotionParts, storedPart } from './promotion-parts.js';
import { PromotionRecords } from './promotion-records.js';

/** Which promotion's rules or actions, in which store. */
export interface PartsOwner {
  store: StoreContext;
  promotionPublicId: string;
}

/**
 * The rule and action endpoints of a promotion. Every change publishes `promotion.updated`: a
 * promotion's rules and actions are part of it.
 */
@Injectable()
export class AdminPromotionPartsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: PromotionRecords,
    private readonly parts: PromotionParts,
    private readonly serializer: PromotionPartSerializer,
    private readonly automatic: AutomaticPromotions,
  ) {}

  async list<V>(kind: PartKind, owner: PartsOwner): Promise<Page<V>> {
    const manager = this.dataSource.manager;
    const promotion = await this.records.find(
      manager,
      owner.store.storeId,
      owner.promotionPublicId,
    );
    const rows = await manager.find(kind.entity, {
      where: { promotionId: promotion.id },
      order: { id: 'ASC' },
    });
    return pageOf(
      rows.map((row) => this.view<V>(kind, row)),
      rows.length,
      1,
      Math.max(rows.length, 1),
    );
  }

  create<V>(kind: PartKind, owner: PartsOwner, input: PartInput): Promise<V> {
    return this.change(owner, async (manager, promotion) => {
      const checked = await this.parts.check(manager, promotion.storeId, kind, input);
      return this.parts.add(manager, kind, promotion, checked);
    }).then((part) => this.view<V>(kind, part));
  }

  /** New preferences (and id lists, kept unless sent) for the part; its type stays. */
  update<V>(
    kind: PartKind,
    owner: PartsOwner,
    id: string,
    input: Omit<PartInput, 'type'>,
  ): Promise<V> {
    return this.change(owner, async (manager, promotion) => {
      const part = await this.partOf(manager, kind, promotion, id);
      const checked = await this.parts.recheck(manager, kind, part, input);
      await manager.update(
        kind.entity,
        { id: part.id },
        storedPart({ preferences: checked.preferences }),
      );
      return manager.findOneByOrFail(kind.entity, { id: part.id });
    }).then((part) => this.view<V>(kind, part));
  }

  async remove(kind: PartKind, owner: PartsOwner, id: string): Promise<void> {
    await this.change(owner, async (manager, promotion) => {
      const part = await this.partOf(manager, kind, promotion, id);
      await manager.delete(kind.entity, { id: part.id });
      return part;
    });
  }

  /** `work` on the locked promotion, then `promotion.updated`, in one transaction. */
  private async change(
    owner: PartsOwner,
    work: (manager: EntityManager, promotion: Promotion) => Promise<PromotionPart>,
  ): Promise<PromotionPart> {
    const changed = await this.dataSource.transaction(async (manager) => {
      const promotion = await this.records.find(
        manager,
        owner.store.storeId,
        owner.promotionPublicId,
        {
          lock: true,
        },
      );
      const part = await work(manager, promotion);
      await manager.update(Promotion, { id: promotion.id }, { updatedAt: new Date() });
      await this.records.published(manager, promotion, 'updated');
      return part;
    });
    await this.automatic.changed(owner.store.storeId);
    return changed;
  }

  private partOf(manager: EntityManager, kind: PartKind, promotion: Promotion, id: string) {
    return this.records.child<PromotionPart>(manager, kind.entity, kind, promotion, id);
  }

  private view<V>(kind: PartKind, part: PromotionPart): V {
    return (kind === ACTIONS ? this.serializer.action(part) : this.serializer.rule(part)) as V;
  }
}
