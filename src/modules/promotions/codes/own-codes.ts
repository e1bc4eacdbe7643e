import { Injectable } from '@nestjs/common';
import { type EntityManager, IsNull } from 'typeorm';
import { fieldInvalid } from '../../../common/records/store-records.js';
import { CouponCode } from '../entities/coupon-code.entity.js';
import type { Promotion } from '../entities/promotion.entity.js';
import { normalizedCode } from './code-generator.js';

/** A promotion's own code (Spree's `code`): its one code outside any batch. */
@Injectable()
export class OwnCodes {
  /** Sets or (with null) removes it; a code another code of the store has is 422 on `code`. */
  async set(manager: EntityManager, promotion: Promotion, code: string | null): Promise<void> {
    const own = { promotionId: promotion.id, batchId: IsNull() };
    if (code === null) {
      await manager.delete(CouponCode, own);
      return;
    }
    const normalized = normalizedCode(code);
    if (!normalized) throw fieldInvalid('code', 'must not be blank');
    const taken = await manager.findOneBy(CouponCode, {
      storeId: promotion.storeId,
      code: normalized,
    });
    if (taken && (taken.promotionId !== promotion.id || taken.batchId !== null))
      throw fieldInvalid('code', 'has already been taken');
    if (taken) return;
    const existing = await manager.findOneBy(CouponCode, own);
    if (existing) await manager.update(CouponCode, { id: existing.id }, { code: normalized });
    else
      await manager.insert(CouponCode, {
        storeId: promotion.storeId,
        promotionId: promotion.id,
        code: normalized,
      });
  }

  /** Whether the promotion has any code, its own or generated. */
  has(manager: EntityManager, promotion: Promotion): Promise<boolean> {
    return manager.exists(CouponCode, { where: { promotionId: promotion.id } });
  }
}
