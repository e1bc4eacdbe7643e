import { Injectable } from '@nestjs/common';
import { growingLruCache } from '../../common/memo/growing-lru-cache.js';
import { CACHE_TOPIC, CacheInvalidation } from '../../platform/cache/index.js';
import type { PromotionDefinition } from './domain/index.js';
import { actionDefinition, ruleDefinition } from './promotion-definition.js';

/**
 * Rules a cart's recalculation has no data for yet (customer tags, placed-order counts, address
 * zones): a promotion carrying one is left out when the store's list is read, not per cart.
 */
const UNJUDGED_RULES = new Set(['customer_tag', 'first_order', 'zone']);

/** An automatic promotion as cached: its definition and when it runs. */
interface ScheduledPromotion {
  definition: PromotionDefinition;
  startsAt: number | null;
  expiresAt: number | null;
}

/** A row of `automaticPromotionsJsonSql`'s array. */
export interface AutomaticPromotionRow {
  id: string;
  name: string;
  priority: number;
  exclusive: boolean;
  match_policy: 'all' | 'any';
  starts_at: string | null;
  expires_at: string | null;
  rules: { type: string; preferences: Record<string, unknown> }[];
  actions: { type: string; preferences: Record<string, unknown> }[];
}

/**
 * A JSON array of the store's (`store`: SQL text) active automatic promotions, not deleted and not
 * expired, whose usage limit (orders placed with one of its adjustments) is not reached, with
 * their rules and actions; the start is checked per use. A part of a larger read
 * (`readRecalculationInputs`), so a cache miss costs no statement of its own.
 */
export function automaticPromotionsJsonSql(store: string): string {
  return `COALESCE((
    SELECT json_agg(json_build_object(
             'id', p.id::text, 'name', p.name, 'priority', p.priority, 'exclusive', p.exclusive,
             'match_policy', p.match_policy, 'starts_at', p.starts_at, 'expires_at', p.expires_at,
             'rules', COALESCE((
               SELECT json_agg(json_build_object('type', r.type, 'preferences', r.preferences)
                               ORDER BY r.id)
               FROM promotion_rules r WHERE r.promotion_id = p.id), '[]'),
             'actions', COALESCE((
               SELECT json_agg(json_build_object('type', a.type, 'preferences', a.preferences)
                               ORDER BY a.id)
               FROM promotion_actions a WHERE a.promotion_id = p.id), '[]')))
    FROM promotions p
    WHERE p.store_id = ${store} AND p.kind = 'automatic' AND p.status = 'active'
      AND p.deleted_at IS NULL
      AND (p.expires_at IS NULL OR p.expires_at > now())
      AND (p.usage_limit IS NULL OR p.usage_limit > (
            SELECT count(DISTINCT a.order_id) FROM adjustments a
            JOIN orders o ON o.id = a.order_id AND o.completed_at IS NOT NULL
            WHERE a.store_id = p.store_id AND a.source_type = 'promotion'
              AND a.source_id = p.id))), '[]')`;
}

/**
 * The automatic promotions of each store, kept for 30 s once read (a store without any keeps an
 * empty list). A change of a promotion, its
 * rules or actions drops the store's entry in every process (`CACHE_TOPIC.promotions`).
 */
@Injectable()
export class AutomaticPromotions {
  private readonly cache = growingLruCache<string, ScheduledPromotion[]>(10_000, { ttl: 30_000 });

  constructor(private readonly invalidation: CacheInvalidation) {
    invalidation.onInvalidate(CACHE_TOPIC.promotions, (storeId) => this.cache.delete(storeId));
  }

  /**
   * The store's automatic promotions running at `now` that a cart can be judged by, as cached; undefined when they are not, and
   * the caller reads them (`automaticPromotionsJsonSql`) and hands them to `remember`.
   */
  cached(storeId: string, now = Date.now()): PromotionDefinition[] | undefined {
    const scheduled = this.cache.get(storeId);
    return scheduled && running(scheduled, now);
  }

  /** Keeps the rows just read for the store; its promotions running at `now`. */
  remember(
    storeId: string,
    rows: AutomaticPromotionRow[],
    now = Date.now(),
  ): PromotionDefinition[] {
    const scheduled = rows
      .filter((row) => !row.rules.some((rule) => UNJUDGED_RULES.has(rule.type)))
      .map(scheduledPromotion);
    this.cache.set(storeId, scheduled);
    return running(scheduled, now);
  }

  /** Drops what every process keeps of the store's promotions; call after the change commits. */
  changed(storeId: string): Promise<void> {
    return this.invalidation.invalidate(CACHE_TOPIC.promotions, storeId);
  }
}

function running(scheduled: ScheduledPromotion[], now: number): PromotionDefinition[] {
  return scheduled
    .filter(
      ({ startsAt, expiresAt }) =>
        (startsAt === null || startsAt <= now) && (expiresAt === null || expiresAt > now),
    )
    .map(({ definition }) => definition);
}

function scheduledPromotion(row: AutomaticPromotionRow): ScheduledPromotion {
  return {
    definition: {
      id: row.id,
      name: row.name,
      priority: row.priority,
      exclusive: row.exclusive,
      matchPolicy: row.match_policy,
      rules: row.rules.map((rule) => ruleDefinition(rule as Parameters<typeof ruleDefinition>[0])),
      actions: row.actions.map((action) =>
        actionDefinition(action as Parameters<typeof actionDefinition>[0]),
      ),
    },
    startsAt: row.starts_at === null ? null : Date.parse(row.starts_at),
    expiresAt: row.expires_at === null ? null : Date.parse(row.expires_at),
  };
}
