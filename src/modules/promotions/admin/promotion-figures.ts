import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { StoreContext } from '../../stores/index.js';
import { PromotionRecords } from './promotion-records.js';

/** How a promotion's codes stand. */
export interface PromotionFiguresView {
  promotion_id: string;
  /** Its codes, its own and generated ones. */
  codes: number;
  active_codes: number;
  /** Codes used by one order at least. */
  used_codes: number;
  /** Orders placed with any of its codes. */
  uses: number;
  batches: number;
  /** Batches still being generated (`pending` or `processing`). */
  batches_generating: number;
}

@Injectable()
export class PromotionFigures {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: PromotionRecords,
  ) {}

  async of(store: StoreContext, publicId: string): Promise<PromotionFiguresView> {
    const manager = this.dataSource.manager;
    const promotion = await this.records.find(manager, store.storeId, publicId);
    const [figures] = (await manager.query(
      `SELECT
         (SELECT count(*) FROM coupon_codes WHERE promotion_id = $1)::int AS codes,
         (SELECT count(*) FROM coupon_codes WHERE promotion_id = $1 AND state = 'active')::int
           AS active_codes,
         (SELECT count(*) FROM coupon_codes WHERE promotion_id = $1 AND usage_count > 0)::int
           AS used_codes,
         (SELECT coalesce(sum(usage_count), 0) FROM coupon_codes WHERE promotion_id = $1)::int
           AS uses,
         (SELECT count(*) FROM promotion_code_batches WHERE promotion_id = $1)::int AS batches,
         (SELECT count(*) FROM promotion_code_batches
          WHERE promotion_id = $1 AND state IN ('pending', 'processing'))::int
           AS batches_generating`,
      [promotion.id],
    )) as Omit<PromotionFiguresView, 'promotion_id'>[];
    return { promotion_id: publicId, ...figures };
  }
}
