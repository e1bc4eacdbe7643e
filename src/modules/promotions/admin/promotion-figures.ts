import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Money } from '../../../common/money/money.js';
import type { StoreContext } from '../../stores/index.js';
import { PromotionRecords } from './promotion-records.js';

/** How a promotion and its codes stand. */
export interface PromotionFiguresView {
  promotion_id: string;
  /** Its codes, its own and generated ones. */
  codes: number;
  active_codes: number;
  /** Codes used by one order at least. */
  used_codes: number;
  /** Uses of its codes by placed orders not canceled. */
  uses: number;
  batches: number;
  /** Batches still being generated (`pending` or `processing`). */
  batches_generating: number;
  /** Placed orders that got it, by code or automatically, and were not canceled. */
  orders: number;
  /** Its uses counted against `usage_limit`. */
  usage_count: number;
  usage_limit: number | null;
  /** What it took off those orders, by currency (e.g. `{ "USD": "12.50" }`): at least zero. */
  discount_given: Record<string, string>;
  /** `discount_given` formatted, by currency (e.g. `{ "USD": "$12.50" }`). */
  display_discount_given: Record<string, string>;
}

type CountedFigures = Omit<
  PromotionFiguresView,
  'promotion_id' | 'discount_given' | 'display_discount_given'
> & { given: { currency: string; amount: string }[] };

@Injectable()
export class PromotionFigures {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: PromotionRecords,
  ) {}

  async of(store: StoreContext, publicId: string): Promise<PromotionFiguresView> {
    const manager = this.dataSource.manager;
    const promotion = await this.records.find(manager, store.storeId, publicId);
    // A placed order's uses stay recorded until it is canceled (`given_back_at`); its
    // adjustments no longer change, so they are what it was given.
    const [{ given, ...figures }] = (await manager.query(
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
           AS batches_generating,
         (SELECT count(*) FROM promotion_uses
          WHERE promotion_id = $1 AND given_back_at IS NULL)::int AS orders,
         p.usage_count, p.usage_limit,
         COALESCE((
           SELECT json_agg(json_build_object('currency', g.currency, 'amount', g.amount::text)
                           ORDER BY g.currency)
           FROM (SELECT o.currency, -sum(a.amount) AS amount
                 FROM promotion_uses u
                 JOIN orders o ON o.id = u.order_id
                 JOIN adjustments a ON a.order_id = u.order_id AND a.source_type = 'promotion'
                   AND a.source_id = u.promotion_id
                 WHERE u.promotion_id = $1 AND u.given_back_at IS NULL
                 GROUP BY o.currency) g), '[]') AS given
       FROM promotions p WHERE p.id = $1`,
      [promotion.id],
    )) as CountedFigures[];
    const amounts = given.map(({ currency, amount }) => Money.of(amount, currency).round());
    return {
      promotion_id: publicId,
      ...figures,
      discount_given: Object.fromEntries(amounts.map((m) => [m.currency, m.toString()])),
      display_discount_given: Object.fromEntries(amounts.map((m) => [m.currency, m.format()])),
    };
  }
}
