import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CodeRefusal } from '../carts/code-refusals.js';
import { customerKeys } from './customer-keys.js';

/** The order being placed, as counting its promotion uses needs it. */
export interface PlacingOrder {
  id: string;
  storeId: string;
  customerId: string | null;
  email: string | null;
}

/** A promotion the order was priced with that it can no longer get. */
export interface LostPromotion {
  promotionId: string;
  name: string;
  /** The code it came with, if any. */
  code: string | null;
  reason: Exclude<CodeRefusal, 'unknown'>;
}

interface ClaimRow {
  promotion_id: string;
  name: string;
  code: string | null;
  counted: boolean;
  code_counted: boolean;
  buyer_counted: boolean;
  status: string;
  deleted: boolean;
  code_state: string | null;
  not_started: boolean;
  expired: boolean;
}

/**
 * Promotion uses, counted when an order is placed and given back when it is canceled. Counting
 * takes each limit's row (the promotion's, the code's, the buyer's per-promotion count) with a
 * conditional update that PostgreSQL re-checks on the latest committed row after waiting for a
 * concurrent completion: of N completions racing for the last use, exactly one gets it.
 */
@Injectable()
export class PromotionUsage {
  /**
   * Counts a use of every promotion the order has an adjustment of, inside the placing's
   * transaction. Answers the promotions it could not count (nothing is counted then: the caller
   * rolls the transaction back); empty when every use was counted, or when there was none.
   */
  async claim(manager: EntityManager, order: PlacingOrder): Promise<LostPromotion[]> {
    const rows = (await manager.query(
      `WITH wanted AS (
         SELECT DISTINCT a.source_id AS promotion_id, op.coupon_code_id, op.code
         FROM adjustments a
         LEFT JOIN order_promotions op ON op.order_id = a.order_id AND op.promotion_id = a.source_id
         WHERE a.order_id = $1 AND a.source_type = 'promotion'),
       counted AS (
         UPDATE promotions p SET usage_count = p.usage_count + 1
         FROM wanted w
         WHERE p.id = w.promotion_id AND p.status = 'active' AND p.deleted_at IS NULL
           AND (p.starts_at IS NULL OR p.starts_at <= now())
           AND (p.expires_at IS NULL OR p.expires_at > now())
           AND (p.usage_limit IS NULL OR p.usage_count < p.usage_limit)
         RETURNING p.id, p.per_customer_limit),
       code_counted AS (
         UPDATE coupon_codes c SET usage_count = c.usage_count + 1
         FROM wanted w
         WHERE c.id = w.coupon_code_id AND c.state = 'active'
           AND (NOT c.single_use OR c.usage_count = 0)
         RETURNING c.id),
       buyer_counted AS (
         INSERT INTO promotion_customer_uses AS u (promotion_id, customer_key, store_id, uses)
         SELECT counted.id, key, $2, 1 FROM counted, unnest($3::text[]) AS key
         WHERE counted.per_customer_limit IS NOT NULL
         ON CONFLICT (promotion_id, customer_key) DO UPDATE SET uses = u.uses + 1
         WHERE u.uses < (SELECT per_customer_limit FROM promotions WHERE id = u.promotion_id)
         RETURNING promotion_id),
       -- Runs whether read or not, as every data-modifying WITH does.
       recorded AS (
         INSERT INTO promotion_uses (store_id, order_id, promotion_id, coupon_code_id, customer_keys)
         SELECT $2, $1, promotion_id, coupon_code_id, $3 FROM wanted
         RETURNING id)
       SELECT w.promotion_id::text AS promotion_id, p.name, w.code,
              EXISTS (SELECT 1 FROM counted WHERE counted.id = w.promotion_id) AS counted,
              (w.coupon_code_id IS NULL
               OR EXISTS (SELECT 1 FROM code_counted WHERE code_counted.id = w.coupon_code_id))
                AS code_counted,
              (p.per_customer_limit IS NULL
               OR (SELECT count(*) FROM buyer_counted b WHERE b.promotion_id = w.promotion_id)
                  = cardinality($3::text[])) AS buyer_counted,
              p.status, p.deleted_at IS NOT NULL AS deleted, c.state AS code_state,
              COALESCE(p.starts_at > now(), false) AS not_started,
              COALESCE(p.expires_at <= now(), false) AS expired
       FROM wanted w JOIN promotions p ON p.id = w.promotion_id
       LEFT JOIN coupon_codes c ON c.id = w.coupon_code_id`,
      [order.id, order.storeId, customerKeys(order)],
    )) as ClaimRow[];
    return rows.filter((row) => !row.counted || !row.code_counted || !row.buyer_counted).map(lost);
  }

  /** Gives back the uses a canceled order took; a second call gives back nothing. */
  async giveBack(manager: EntityManager, orderId: string): Promise<void> {
    await manager.query(
      `WITH back AS (
         UPDATE promotion_uses SET given_back_at = now(), updated_at = now()
         WHERE order_id = $1 AND given_back_at IS NULL
         RETURNING promotion_id, coupon_code_id, customer_keys),
       promotions_back AS (
         UPDATE promotions p SET usage_count = p.usage_count - 1
         FROM back WHERE p.id = back.promotion_id AND p.usage_count > 0
         RETURNING p.id),
       codes_back AS (
         UPDATE coupon_codes c SET usage_count = c.usage_count - 1
         FROM back WHERE c.id = back.coupon_code_id AND c.usage_count > 0
         RETURNING c.id)
       UPDATE promotion_customer_uses u SET uses = u.uses - 1
       FROM back
       WHERE u.promotion_id = back.promotion_id AND u.customer_key = ANY(back.customer_keys)
         AND u.uses > 0`,
      [orderId],
    );
  }
}

function lost(row: ClaimRow): LostPromotion {
  const reason: LostPromotion['reason'] =
    row.status !== 'active' || row.deleted || (row.code_state ?? 'active') !== 'active'
      ? 'inactive'
      : row.not_started
        ? 'not_started'
        : row.expired
          ? 'expired'
          : row.counted && row.code_counted
            ? 'customer_usage_limit'
            : 'usage_limit';
  return { promotionId: row.promotion_id, name: row.name, code: row.code, reason };
}
