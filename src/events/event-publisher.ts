import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EVENTS_TABLE } from './event.entity.js';
import { pendingEventsOf } from './pending-events.js';

/** The transaction an event belongs to, and the store it happened in. */
export interface EventScope {
  manager: EntityManager;
  storeId: string | null;
}

/**
 * Records events in the outbox inside the caller's transaction: a rolled-back change publishes
 * nothing, a committed one is never lost. The relay hands them on once the transaction commits
 * (and the outbox sweeper, should the process die first).
 */
/** One event to record: its name, payload and metadata. */
export interface EventDraft {
  name: string;
  payload?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

@Injectable()
export class EventPublisher {
  async publish(
    scope: EventScope,
    name: string,
    payload: Record<string, unknown> = {},
    metadata: Record<string, unknown> = {},
  ): Promise<string> {
    const [id] = await this.publishAll(scope, [{ name, payload, metadata }]);
    return id;
  }

  /** Records several events with one statement, in the order given. */
  async publishAll(scope: EventScope, drafts: readonly EventDraft[]): Promise<string[]> {
    if (drafts.length === 0) return [];
    const ids = drafts.map(() => randomUUID());
    const values: unknown[] = [];
    const rows = drafts.map((draft, index) => {
      values.push(
        ids[index],
        scope.storeId,
        draft.name,
        JSON.stringify(draft.payload ?? {}),
        JSON.stringify(draft.metadata ?? {}),
      );
      const at = index * 5;
      // Later drafts get later timestamps, so "newest first" keeps the order they happened in.
      return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5},
        clock_timestamp() + ${index} * interval '1 microsecond')`;
    });
    await scope.manager.query(
      `INSERT INTO ${EVENTS_TABLE} (id, store_id, name, payload, metadata, created_at)
       VALUES ${rows.join(', ')}`,
      values,
    );
    pendingEventsOf(scope.manager)?.push(...ids);
    return ids;
  }
}
