import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { fieldInvalid } from '../../../common/records/store-records.js';
import { DEFAULT_CODE_LENGTH, type CreateCodeBatchBody } from '../dto/code-batch.body.js';
import { CouponCodeBatch } from '../entities/coupon-code-batch.entity.js';
import { Promotion } from '../entities/promotion.entity.js';
import { normalizedCode, randomCodes, roomFor } from './code-generator.js';

/** Batches up to this many codes are generated in the request; larger ones by a job. */
export const INLINE_BATCH_LIMIT = 1_000;
/** Codes one statement (and, in a job, one transaction) writes. */
export const CODES_PER_STATEMENT = 1_000;
/** Rounds in a row that may find every random code taken before the batch gives up. */
const FRUITLESS_ROUNDS = 5;

/** Creates batches of random codes for a promotion and generates their codes. */
@Injectable()
export class CodeBatches {
  /**
   * A new batch of the promotion; generated at once (state `completed`) when small, else left
   * `pending` for the caller to hand to the job after its transaction commits.
   */
  async create(
    manager: EntityManager,
    promotion: Promotion,
    body: CreateCodeBatchBody,
  ): Promise<CouponCodeBatch> {
    const length = body.length ?? DEFAULT_CODE_LENGTH;
    if (!roomFor(body.count, length))
      throw fieldInvalid('length', `is too short for ${body.count} random codes`);
    const batch = await manager.save(
      manager.create(CouponCodeBatch, {
        storeId: promotion.storeId,
        promotionId: promotion.id,
        prefix: normalizedCode(body.prefix ?? ''),
        count: body.count,
        length,
        singleUse: body.single_use ?? false,
        state: 'pending',
      }),
    );
    await manager.update(
      Promotion,
      { id: promotion.id },
      {
        multiCodes: true,
        kind: 'coupon_code',
        numberOfCodes: (promotion.numberOfCodes ?? 0) + body.count,
        codePrefix: batch.prefix || null,
      },
    );
    if (body.count > INLINE_BATCH_LIMIT) return batch;
    await this.fill(manager, batch, 0);
    await manager.update(CouponCodeBatch, { id: batch.id }, { state: 'completed' });
    return manager.findOneByOrFail(CouponCodeBatch, { id: batch.id });
  }

  /** Generates the batch's missing codes, `generated` so far; each round in `round`'s transaction. */
  async fill(
    manager: EntityManager,
    batch: CouponCodeBatch,
    generated: number,
    round: <T>(work: (manager: EntityManager) => Promise<T>) => Promise<T> = (work) =>
      work(manager),
  ): Promise<number> {
    let fruitless = 0;
    while (generated < batch.count) {
      const wanted = Math.min(CODES_PER_STATEMENT, batch.count - generated);
      const added = await round(async (roundManager) => {
        const inserted = await this.insert(roundManager, batch, wanted);
        await roundManager.update(
          CouponCodeBatch,
          { id: batch.id },
          { generated: generated + inserted },
        );
        return inserted;
      });
      generated += added;
      fruitless = added === 0 ? fruitless + 1 : 0;
      if (fruitless >= FRUITLESS_ROUNDS)
        throw new Error('Every random code tried is taken: use a longer length or another prefix');
    }
    return generated;
  }

  /** Inserts `count` random codes, skipping any already in the store; how many went in. */
  private async insert(manager: EntityManager, batch: CouponCodeBatch, count: number) {
    const codes = [...new Set(randomCodes(batch.prefix, batch.length, count))];
    const rows = (await manager.query(
      `INSERT INTO coupon_codes (store_id, promotion_id, batch_id, code, single_use)
       SELECT $1, $2, $3, code, $4 FROM unnest($5::text[]) AS code
       ON CONFLICT (store_id, code) DO NOTHING
       RETURNING id`,
      [batch.storeId, batch.promotionId, batch.id, batch.singleUse, codes],
    )) as unknown[];
    return rows.length;
  }
}
