import { Injectable } from '@nestjs/common';
import { growingLruCache } from '../../common/memo/growing-lru-cache.js';
import { CACHE_TOPIC, CacheInvalidation } from '../../platform/cache/index.js';
import { byPriority, type PromotionDefinition } from './domain/index.js';
import { BUYER_FACT_RULES } from './carts/cart-promotion-reads.js';
import { rowDefinition } from './promotion-definition.js';
import { promotionJsonSql, type PromotionRow } from './promotion-json-sql.js';

/** An automatic promotion as cached: its definition and when it runs. */
interface ScheduledPromotion {
  definition: PromotionDefinition;
  startsAt: number | null;
  expiresAt: number | null;
  limited: boolean;
}

/** A store's cached promotions, in priority order, and those running until the next start or end. */
class StorePromotions {
  private current?: { running: RunningPromotions; from: number; until: number };

  constructor(private readonly scheduled: ScheduledPromotion[]) {}

  runningAt(now: number): RunningPromotions {
    const current = this.current;
    if (current && now >= current.from && now < current.until) return current.running;
    const running = runningPromotions(this.scheduled, now);
    this.current = { running, from: now, until: nextChange(this.scheduled, now) };
    return running;
  }
}

/** What judging a cart by a set of promotions needs read beside the cart. */
export interface PromotionNeeds {
  /** The lines' categories (a category rule). */
  categories: boolean;
  /** The buyer's facts (`BUYER_FACT_RULES`). */
  facts: boolean;
  /** The uses of the promotions (a usage or per-customer limit). */
  limits: boolean;
}

/** A store's automatic promotions running now, and what judging a cart by them needs. */
export interface RunningPromotions {
  definitions: PromotionDefinition[];
  needs: PromotionNeeds;
}

/** A row of `automaticPromotionsJsonSql`'s array. */
export type AutomaticPromotionRow = PromotionRow & { limited: boolean };

/**
 * A JSON array of the store's (`store`: SQL text) active automatic promotions, not deleted and not
 * expired, with their rules and actions; the start is checked per use, and so are usage limits
 * (`unavailablePromotionsJsonSql`), which change with every order. A part of a larger read
 * (`readRecalculationInputs`), so a cache miss costs no statement of its own.
 */
export function automaticPromotionsJsonSql(store: string): string {
  return `COALESCE((
    SELECT json_agg((${promotionJsonSql('p')})::jsonb || jsonb_build_object(
             'limited', p.usage_limit IS NOT NULL OR p.per_customer_limit IS NOT NULL))
    FROM promotions p
    WHERE p.store_id = ${store} AND p.kind = 'automatic' AND p.status = 'active'
      AND p.deleted_at IS NULL AND (p.expires_at IS NULL OR p.expires_at > now())), '[]')`;
}

/**
 * The automatic promotions of each store, kept for 30 s once read (a store without any keeps an
 * empty list). A change of a promotion, its
 * rules or actions drops the store's entry in every process (`CACHE_TOPIC.promotions`).
 */
@Injectable()
export class AutomaticPromotions {
  private readonly cache = growingLruCache<string, StorePromotions>(10_000, { ttl: 30_000 });

  constructor(private readonly invalidation: CacheInvalidation) {
    invalidation.onInvalidate(CACHE_TOPIC.promotions, (storeId) => this.cache.delete(storeId));
  }

  /**
   * The store's automatic promotions running at `now` that a cart can be judged by, as cached; undefined when they are not, and
   * the caller reads them (`automaticPromotionsJsonSql`) and hands them to `remember`.
   */
  cached(storeId: string, now = Date.now()): RunningPromotions | undefined {
    return this.cache.get(storeId)?.runningAt(now);
  }

  /** Keeps the rows just read for the store; its promotions running at `now`. */
  remember(storeId: string, rows: AutomaticPromotionRow[], now = Date.now()): RunningPromotions {
    const scheduled = rows
      .map(scheduledPromotion)
      .sort((a, b) => byPriority(a.definition, b.definition));
    const promotions = new StorePromotions(scheduled);
    this.cache.set(storeId, promotions);
    return promotions.runningAt(now);
  }

  /** Drops what every process keeps of the store's promotions; call after the change commits. */
  changed(storeId: string): Promise<void> {
    return this.invalidation.invalidate(CACHE_TOPIC.promotions, storeId);
  }
}

/** The first start or end after `now`: until then the same promotions run. */
function nextChange(scheduled: ScheduledPromotion[], now: number): number {
  let next = Infinity;
  for (const { startsAt, expiresAt } of scheduled) {
    if (startsAt !== null && startsAt > now) next = Math.min(next, startsAt);
    if (expiresAt !== null && expiresAt > now) next = Math.min(next, expiresAt);
  }
  return next;
}

function runningPromotions(scheduled: ScheduledPromotion[], now: number): RunningPromotions {
  const live = scheduled.filter(
    ({ startsAt, expiresAt }) =>
      (startsAt === null || startsAt <= now) && (expiresAt === null || expiresAt > now),
  );
  const ruleTypes = new Set(
    live.flatMap(({ definition }) => definition.rules.map((rule) => rule.type)),
  );
  return {
    definitions: live.map(({ definition }) => definition),
    needs: {
      categories: ruleTypes.has('category'),
      facts: [...BUYER_FACT_RULES].some((type) => ruleTypes.has(type as never)),
      limits: live.some((promotion) => promotion.limited),
    },
  };
}

function scheduledPromotion(row: AutomaticPromotionRow): ScheduledPromotion {
  return {
    definition: rowDefinition(row),
    startsAt: row.starts_at === null ? null : Date.parse(row.starts_at),
    expiresAt: row.expires_at === null ? null : Date.parse(row.expires_at),
    limited: row.limited,
  };
}
