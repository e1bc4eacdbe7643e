import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { growingLruCache } from '../../common/memo/growing-lru-cache.js';
import { CacheInvalidation } from '../../platform/cache/index.js';

/** An enabled endpoint and the event names or patterns it subscribes to. */
export interface SubscribedEndpoint {
  id: string;
  storeId: string;
  subscriptions: string[];
  /** When it was created (epoch milliseconds): it receives events from then on. */
  createdAtMs: number;
}

/** The invalidation topic of a store's endpoints; its key is the store id. */
export const WEBHOOK_ENDPOINTS_TOPIC = 'webhook_endpoints';

/**
 * Which endpoints events go to, per store, kept in process: every committing request's relay asks.
 * A change of a store's endpoints (created, updated, enabled, disabled, deleted) drops its entry
 * in every process through `CacheInvalidation`; the TTL bounds how long an invalidation lost with
 * Redis leaves a process wrong. A wrong answer only costs a job: the delivery job checks the
 * endpoint again (enabled, still there) before it sends.
 */
@Injectable()
export class WebhookEndpointDirectory {
  private readonly cache = growingLruCache<string, SubscribedEndpoint[]>(10_000, { ttl: 60_000 });
  /** Counts invalidations, so that a read that overlapped one does not cache what it read. */
  private invalidations = 0;

  constructor(private readonly invalidation: CacheInvalidation) {
    invalidation.onInvalidate(WEBHOOK_ENDPOINTS_TOPIC, (storeId) => {
      this.invalidations += 1;
      this.cache.delete(storeId);
    });
  }

  /** The enabled endpoints of these stores, with what they subscribe to. */
  async enabledIn(
    db: EntityManager | DataSource,
    storeIds: readonly string[],
  ): Promise<SubscribedEndpoint[]> {
    const found: SubscribedEndpoint[] = [];
    const missing: string[] = [];
    for (const storeId of storeIds) {
      const cached = this.cache.get(storeId);
      if (cached) found.push(...cached);
      else missing.push(storeId);
    }
    if (missing.length === 0) return found;
    const seen = this.invalidations;
    const loaded: SubscribedEndpoint[] = await db.query(
      `SELECT id::text AS id, store_id::text AS "storeId", subscriptions,
              floor(extract(epoch FROM created_at) * 1000)::float8 AS "createdAtMs"
       FROM webhook_endpoints
       WHERE store_id = ANY($1::bigint[]) AND enabled ORDER BY webhook_endpoints.id`,
      [missing],
    );
    if (seen === this.invalidations) {
      for (const storeId of missing) {
        this.cache.set(
          storeId,
          loaded.filter((endpoint) => endpoint.storeId === storeId),
        );
      }
    }
    return [...found, ...loaded];
  }

  /** Tells every process that a store's endpoints changed; call it once the change committed. */
  changed(storeId: string): Promise<void> {
    return this.invalidation.invalidate(WEBHOOK_ENDPOINTS_TOPIC, storeId);
  }
}
