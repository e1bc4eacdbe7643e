import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoreEventMessage } from './event-envelope.js';
import { assertEventName } from './event-patterns.js';
import { EVENTS_TABLE, OUTBOX_TABLE } from './event.entity.js';
import { pendingEventsOf } from './pending-events.js';

/** The transaction an event belongs to, and the store it happened in. */
export interface EventScope {
  manager: EntityManager;
  storeId: string | null;
}

/** One event to record: its name, payload and metadata. */
export interface EventDraft {
  name: string;
  payload?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

/**
 * Records events (and their outbox rows) inside the caller's transaction: a rolled-back change publishes
 * nothing, a committed one is never lost. The relay hands them on once the transaction commits
 * (and the outbox sweeper, should the process die first).
 */
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
    for (const draft of drafts) assertEventName(draft.name);
    const rows = drafts.map((draft) => ({
      id: randomUUID(),
      name: draft.name,
      payload: JSON.stringify(draft.payload ?? {}),
      metadata: JSON.stringify(draft.metadata ?? {}),
    }));
    const values = rows.flatMap((row) => [
      row.id,
      scope.storeId,
      row.name,
      row.payload,
      row.metadata,
    ]);
    const tuples = rows.map((_, index) => {
      const at = index * 5;
      // Later drafts get later timestamps, so "newest first" keeps the order they happened in.
      return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5},
        clock_timestamp() + ${index} * interval '1 microsecond')`;
    });
    // The outbox row goes in with the event, in the same statement: no round trip of its own.
    const stored: { id: string; created_at: Date }[] = await scope.manager.query(
      `WITH stored AS (
         INSERT INTO ${EVENTS_TABLE} (id, store_id, name, payload, metadata, created_at)
         VALUES ${tuples.join(', ')} RETURNING id, created_at
       ), outboxed AS (
         INSERT INTO ${OUTBOX_TABLE} (event_id, created_at) SELECT id, created_at FROM stored
       )
       SELECT id, created_at FROM stored`,
      values,
    );
    const createdAt = new Map(stored.map((row) => [row.id, row.created_at]));
    const messages = rows.map((row) =>
      messageOf(row, scope.storeId, createdAt.get(row.id) as Date),
    );
    pendingEventsOf(scope.manager)?.push(...messages);
    return rows.map((row) => row.id);
  }
}

/**
 * The message subscribers receive for a stored row. Its payload and metadata are parsed from
 * the JSON just stored, as a subscriber loading the row would see them, but only when first read:
 * most events reach no in-process subscriber that reads them.
 */
function messageOf(
  row: { id: string; name: string; payload: string; metadata: string },
  storeId: string | null,
  createdAt: Date,
): StoreEventMessage {
  let payload: Record<string, unknown> | undefined;
  let metadata: Record<string, unknown> | undefined;
  return {
    id: row.id,
    name: row.name,
    store_id: storeId,
    get payload() {
      return (payload ??= JSON.parse(row.payload) as Record<string, unknown>);
    },
    set payload(value) {
      payload = value;
    },
    get metadata() {
      return (metadata ??= JSON.parse(row.metadata) as Record<string, unknown>);
    },
    set metadata(value) {
      metadata = value;
    },
    created_at: new Date(createdAt).toISOString(),
  };
}
