import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { findPage, type Page, pageOf } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { fieldInvalid } from '../../../common/records/store-records.js';
import type { StoreContext } from '../../stores/index.js';
import { AutomaticPromotions } from '../automatic-promotions.js';
import { CodeBatchJobs } from '../codes/code-batch-jobs.js';
import { CodeBatches } from '../codes/code-batches.js';
import { OwnCodes } from '../codes/own-codes.js';
import type { CreatePromotionBody, UpdatePromotionBody } from '../dto/promotion.body.js';
import type { CouponCodeBatch } from '../entities/coupon-code-batch.entity.js';
import { CouponCode } from '../entities/coupon-code.entity.js';
import { Promotion } from '../entities/promotion.entity.js';
import { PromotionSerializer, type PromotionView } from '../serializers/promotion.serializer.js';
import { ACTIONS, PromotionParts, RULES } from './promotion-parts.js';
import { PromotionRecords } from './promotion-records.js';

type PromotionInput = UpdatePromotionBody &
  Partial<Pick<CreatePromotionBody, 'multi_codes' | 'number_of_codes' | 'code_prefix'>>;

/** Staff management of a store's promotions, their rules, actions and own code. */
@Injectable()
export class AdminPromotionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: PromotionRecords,
    private readonly serializer: PromotionSerializer,
    private readonly parts: PromotionParts,
    private readonly ownCodes: OwnCodes,
    private readonly batches: CodeBatches,
    private readonly jobs: CodeBatchJobs,
    private readonly automatic: AutomaticPromotions,
  ) {}

  async list(store: StoreContext, query: PaginationQuery): Promise<Page<PromotionView>> {
    const manager = this.dataSource.manager;
    const page = await findPage(
      query,
      (window) =>
        manager.findAndCount(Promotion, {
          where: { storeId: store.storeId, deletedAt: IsNull() },
          order: { createdAt: 'DESC', id: 'DESC' },
          ...window,
        }),
      (promotion) => promotion,
    );
    const loaded = await this.records.loadAll(manager, page.data);
    return pageOf(
      loaded.map((promotion) => this.serializer.serialize(promotion)),
      page.meta.count,
      query.page,
      query.limit,
    );
  }

  async show(store: StoreContext, publicId: string): Promise<PromotionView> {
    const manager = this.dataSource.manager;
    return this.records.view(manager, await this.records.find(manager, store.storeId, publicId));
  }

  async create(store: StoreContext, body: CreatePromotionBody): Promise<PromotionView> {
    let batch: CouponCodeBatch | undefined;
    const view = await this.dataSource.transaction(async (manager) => {
      const promotion = manager.create(Promotion, {
        storeId: store.storeId,
        kind: body.kind ?? (body.code || body.multi_codes ? 'coupon_code' : 'automatic'),
      });
      if (body.multi_codes && !body.number_of_codes)
        throw fieldInvalid('number_of_codes', 'is required with multi_codes');
      await this.apply(manager, promotion, body);
      if (body.multi_codes)
        batch = await this.batches.create(manager, promotion, {
          count: body.number_of_codes!,
          prefix: body.code_prefix ?? undefined,
        });
      await this.assertKindFits(manager, promotion);
      return this.records.published(manager, promotion, 'created');
    });
    await this.automatic.changed(store.storeId);
    if (batch?.state === 'pending') await this.jobs.enqueue(batch);
    return view;
  }

  async update(
    store: StoreContext,
    publicId: string,
    body: UpdatePromotionBody,
  ): Promise<PromotionView> {
    const view = await this.dataSource.transaction(async (manager) => {
      const promotion = await this.records.find(manager, store.storeId, publicId, { lock: true });
      if (body.kind !== undefined) promotion.kind = body.kind;
      await this.apply(manager, promotion, body);
      await this.assertKindFits(manager, promotion);
      return this.records.published(manager, promotion, 'updated');
    });
    await this.automatic.changed(store.storeId);
    return view;
  }

  /**
   * Deletes softly: the promotion no longer applies and is no longer listed. Its codes that were
   * never used go (free for other promotions), the others stay, inactive.
   */
  async remove(store: StoreContext, publicId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const promotion = await this.records.find(manager, store.storeId, publicId, { lock: true });
      await this.records.published(manager, promotion, 'deleted');
      await manager.delete(CouponCode, { promotionId: promotion.id, usageCount: 0 });
      await manager.update(CouponCode, { promotionId: promotion.id }, { state: 'inactive' });
      await manager.update(Promotion, { id: promotion.id }, { deletedAt: new Date() });
    });
    await this.automatic.changed(store.storeId);
  }

  /** Sets what the body sent; the rules and actions sent replace the promotion's. */
  private async apply(
    manager: EntityManager,
    promotion: Promotion,
    body: PromotionInput,
  ): Promise<void> {
    const scalars = {
      name: body.name,
      description: body.description,
      status: body.status,
      startsAt:
        body.starts_at === undefined ? undefined : body.starts_at && new Date(body.starts_at),
      expiresAt:
        body.expires_at === undefined ? undefined : body.expires_at && new Date(body.expires_at),
      usageLimit: body.usage_limit,
      perCustomerLimit: body.per_customer_limit,
      matchPolicy: body.match_policy,
      priority: body.priority,
      exclusive: body.exclusive,
      metadata: body.metadata,
    };
    for (const [key, value] of Object.entries(scalars))
      if (value !== undefined) Object.assign(promotion, { [key]: value });
    if (promotion.startsAt && promotion.expiresAt && promotion.expiresAt <= promotion.startsAt)
      throw fieldInvalid('expires_at', 'must be after starts_at');
    await manager.save(promotion);
    if (body.code !== undefined) {
      if (body.code !== null && promotion.kind === 'automatic')
        throw fieldInvalid('code', 'an automatic promotion has no code');
      await this.ownCodes.set(manager, promotion, body.code);
    }
    if (body.rules !== undefined) await this.parts.replace(manager, RULES, promotion, body.rules);
    if (body.actions !== undefined)
      await this.parts.replace(manager, ACTIONS, promotion, body.actions);
  }

  /** A coupon_code promotion has a code (its own or generated); an automatic one has none. */
  private async assertKindFits(manager: EntityManager, promotion: Promotion): Promise<void> {
    const hasCodes = await this.ownCodes.has(manager, promotion);
    if (promotion.kind === 'coupon_code' && !hasCodes)
      throw fieldInvalid('code', 'is required by a coupon_code promotion (or generate codes)');
    if (promotion.kind === 'automatic' && hasCodes)
      throw fieldInvalid('kind', 'automatic promotions have no codes: remove its codes first');
  }
}
