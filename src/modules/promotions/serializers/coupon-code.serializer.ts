import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { CouponCodeBatch, CodeBatchState } from '../entities/coupon-code-batch.entity.js';
import type { CouponCode, CouponCodeState } from '../entities/coupon-code.entity.js';

/** Spree's Admin `CouponCode`, with how often it was used and the batch that made it. */
export interface CouponCodeView {
  id: string;
  code: string;
  state: CouponCodeState;
  usage_count: number;
  single_use: boolean;
  promotion_id: string;
  batch_id: string | null;
  order_id: null;
  created_at: string;
  updated_at: string;
}

/** A batch of generated codes and how far its generation got. */
export interface CouponCodeBatchView {
  id: string;
  promotion_id: string;
  prefix: string;
  count: number;
  length: number;
  single_use: boolean;
  state: CodeBatchState;
  generated: number;
  progress: number;
  error: string | null;
  created_at: string;
  updated_at: string;
}

@Injectable()
export class CouponCodeSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(code: CouponCode): CouponCodeView {
    return {
      id: this.ids.encode(ID_PREFIX.couponCode, code.id),
      code: code.code,
      state: code.state,
      usage_count: code.usageCount,
      single_use: code.singleUse,
      promotion_id: this.ids.encode(ID_PREFIX.promotion, code.promotionId),
      batch_id:
        code.batchId === null ? null : this.ids.encode(ID_PREFIX.couponCodeBatch, code.batchId),
      order_id: null,
      created_at: new Date(code.createdAt).toISOString(),
      updated_at: new Date(code.updatedAt).toISOString(),
    };
  }

  batch(batch: CouponCodeBatch): CouponCodeBatchView {
    return {
      id: this.ids.encode(ID_PREFIX.couponCodeBatch, batch.id),
      promotion_id: this.ids.encode(ID_PREFIX.promotion, batch.promotionId),
      prefix: batch.prefix,
      count: batch.count,
      length: batch.length,
      single_use: batch.singleUse,
      state: batch.state,
      generated: batch.generated,
      progress: batch.count === 0 ? 1 : Math.min(1, batch.generated / batch.count),
      error: batch.error,
      created_at: new Date(batch.createdAt).toISOString(),
      updated_at: new Date(batch.updatedAt).toISOString(),
    };
  }
}
