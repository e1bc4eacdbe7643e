import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type FindOptionsWhere, MoreThan } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { findPage, type Page } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { CodeBatchJobs } from '../codes/code-batch-jobs.js';
import { CodeBatches } from '../codes/code-batches.js';
import { csvHeader, csvRow } from '../codes/coupon-csv.js';
import type { CreateCodeBatchBody } from '../dto/code-batch.body.js';
import type { ListCouponCodesQuery } from '../dto/list-coupon-codes.query.js';
import { CouponCodeBatch } from '../entities/coupon-code-batch.entity.js';
import { CouponCode, type CouponCodeState } from '../entities/coupon-code.entity.js';
import {
  type CouponCodeBatchView,
  CouponCodeSerializer,
  type CouponCodeView,
} from '../serializers/coupon-code.serializer.js';
import type { PartsOwner } from './admin-promotion-parts.service.js';
import { PromotionRecords } from './promotion-records.js';

const EXPORT_CHUNK = 5_000;
const CODE = { prefix: ID_PREFIX.couponCode, what: 'coupon code' };
const BATCH = { prefix: ID_PREFIX.couponCodeBatch, what: 'coupon code batch' };

/** A promotion's codes: listing, batches of generated codes, (de)activation and CSV export. */
@Injectable()
export class AdminCouponCodesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: PromotionRecords,
    private readonly ids: PublicIdCodec,
    private readonly serializer: CouponCodeSerializer,
    private readonly batches: CodeBatches,
    private readonly jobs: CodeBatchJobs,
  ) {}

  async list(owner: PartsOwner, query: ListCouponCodesQuery): Promise<Page<CouponCodeView>> {
    const where = await this.codesWhere(owner, query);
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(CouponCode, {
          where,
          order: { id: 'ASC' },
          ...window,
        }),
      (code) => this.serializer.serialize(code),
    );
  }

  /** Every code of the promotion (of one batch or state, if asked) as CSV, in pages of 5,000. */
  async *csv(owner: PartsOwner, query: ListCouponCodesQuery): AsyncGenerator<string> {
    const where = await this.codesWhere(owner, query);
    yield csvHeader();
    let after = '0';
    for (;;) {
      const codes = await this.dataSource.manager.find(CouponCode, {
        where: { ...where, id: MoreThan(after) },
        order: { id: 'ASC' },
        take: EXPORT_CHUNK,
      });
      if (codes.length === 0) return;
      yield codes.map((code) => csvRow(this.serializer.serialize(code))).join('');
      after = codes[codes.length - 1].id;
    }
  }

  async setState(
    owner: PartsOwner,
    publicId: string,
    state: CouponCodeState,
  ): Promise<CouponCodeView> {
    return this.dataSource.transaction(async (manager) => {
      const promotion = await this.records.find(
        manager,
        owner.store.storeId,
        owner.promotionPublicId,
      );
      const code = await this.records.child(manager, CouponCode, CODE, promotion, publicId);
      if (code.state !== state) await manager.update(CouponCode, { id: code.id }, { state });
      return this.serializer.serialize(await manager.findOneByOrFail(CouponCode, { id: code.id }));
    });
  }

  async createBatch(owner: PartsOwner, body: CreateCodeBatchBody): Promise<CouponCodeBatchView> {
    const batch = await this.dataSource.transaction(async (manager) => {
      const promotion = await this.records.find(
        manager,
        owner.store.storeId,
        owner.promotionPublicId,
        {
          lock: true,
        },
      );
      const created = await this.batches.create(manager, promotion, body);
      await this.records.published(manager, promotion, 'updated');
      return created;
    });
    if (batch.state === 'pending') await this.jobs.enqueue(batch);
    return this.serializer.batch(batch);
  }

  async listBatches(owner: PartsOwner, query: PaginationQuery): Promise<Page<CouponCodeBatchView>> {
    const manager = this.dataSource.manager;
    const promotion = await this.records.find(
      manager,
      owner.store.storeId,
      owner.promotionPublicId,
    );
    return findPage(
      query,
      (window) =>
        manager.findAndCount(CouponCodeBatch, {
          where: { promotionId: promotion.id },
          order: { id: 'ASC' },
          ...window,
        }),
      (batch) => this.serializer.batch(batch),
    );
  }

  async showBatch(owner: PartsOwner, publicId: string): Promise<CouponCodeBatchView> {
    const manager = this.dataSource.manager;
    const promotion = await this.records.find(
      manager,
      owner.store.storeId,
      owner.promotionPublicId,
    );
    return this.serializer.batch(
      await this.records.child(manager, CouponCodeBatch, BATCH, promotion, publicId),
    );
  }

  private async codesWhere(
    owner: PartsOwner,
    query: ListCouponCodesQuery,
  ): Promise<FindOptionsWhere<CouponCode>> {
    const manager = this.dataSource.manager;
    const promotion = await this.records.find(
      manager,
      owner.store.storeId,
      owner.promotionPublicId,
    );
    const where: FindOptionsWhere<CouponCode> = { promotionId: promotion.id };
    if (query.state) where.state = query.state;
    if (query.batch_id !== undefined) {
      const batchId = this.ids.decode(ID_PREFIX.couponCodeBatch, query.batch_id);
      if (!batchId) throw StoreError.notFound(BATCH.what);
      where.batchId = batchId;
    }
    return where;
  }
}
