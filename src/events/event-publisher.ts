import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { preparedIn } from '../platform/database/prepared-sql.js';
import { commitWithNextStatement } from '../platform/database/transaction-pipelining-client.js';
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

/** An event ready to record: its id (made here, so callers have it at once) and texts. */
interface EventRow {
  id: string;
  storeId: string | null;
  name: string;
  payload: string;
  metadata: string;
}

const HELD = 'store:held-events';

/** Most events one statement records as a prepared statement (one per count, per connection). */
const PREPARED_UP_TO = 16;

/**
 * Stores `count` events and their outbox rows in one statement (five parameters per event, each
 * text as it is: arrays would have pg escape every payload). Later events get later timestamps,
 * so "newest first" keeps the order they happened in.
 */
function recordEventsSql(count: number): string {
  const tuples = Array.from({ length: count }, (_, index) => {
    const at = index * 5;
    return `($${at + 1}::uuid, $${at + 2}::bigint, $${at + 3}, $${at + 4}::json, $${at + 5}::json,
      clock_timestamp() + ${index} * interval '1 microsecond')`;
  });
  return `WITH stored AS (
      INSERT INTO ${EVENTS_TABLE} (id, store_id, name, payload, metadata, created_at)
      VALUES ${tuples.join(', ')} RETURNING id, created_at
    ), outboxed AS (
      INSERT INTO ${OUTBOX_TABLE} (event_id, created_at) SELECT id, created_at FROM stored
    )
    SELECT id, created_at FROM stored`;
}

const recordSqlByCount = new Map<number, string>();

const COMMITS_WITH_EVENTS = 'store:commits-with-events';

/**
 * Marks the transaction `manager` runs as ending with the next events recorded in it: their
 * statement carries the transaction's COMMIT (one round trip less). Nothing may be sent after it
 * (a statement would be refused), and nothing after it may fail: the transaction has committed.
 * A transaction that records no events commits as usual.
 */
export function commitWithEvents(manager: EntityManager): void {
  const data = manager.queryRunner?.data as Record<string, unknown> | undefined;
  if (data && manager.queryRunner?.isTransactionActive) data[COMMITS_WITH_EVENTS] = true;
}

/** The events held for one statement in the transaction `manager` runs, if any. */
function heldEventsOf(manager: EntityManager): EventRow[] | undefined {
  const data = manager.queryRunner?.data as Record<string, EventRow[] | undefined> | undefined;
  return data?.[HELD];
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
    // Events of one change often share a payload (`order.completed` and `order.updated`, say).
    const texts = new Map<object, string>();
    const text = (value: object = {}): string => {
      let json = texts.get(value);
      if (json === undefined) {
        json = JSON.stringify(value);
        texts.set(value, json);
      }
      return json;
    };
    const rows = drafts.map((draft) => ({
      id: randomUUID(),
      storeId: scope.storeId,
      name: draft.name,
      payload: text(draft.payload),
      metadata: text(draft.metadata),
    }));
    const held = heldEventsOf(scope.manager);
    if (held) held.push(...rows);
    else await this.record(scope.manager, rows);
    return rows.map((row) => row.id);
  }

  /**
   * Runs `work` in the transaction `manager` runs, holding the events it publishes, then records
   * them all with one statement: one round trip for what several steps of one change publish.
   * Nothing may read the held events back (or refer to them) before `work` has finished.
   */
  async inOneStatement<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive || heldEventsOf(manager)) return work();
    const data = runner.data as Record<string, EventRow[] | undefined>;
    const held: EventRow[] = [];
    data[HELD] = held;
    let result: T;
    try {
      result = await work();
    } finally {
      delete data[HELD];
    }
    await this.record(manager, held);
    return result;
  }

  private async record(manager: EntityManager, rows: readonly EventRow[]): Promise<void> {
    if (rows.length === 0) return;
    const count = rows.length;
    let text = recordSqlByCount.get(count);
    if (text === undefined) {
      text = recordEventsSql(count);
      if (count <= PREPARED_UP_TO) recordSqlByCount.set(count, text);
    }
    const values = rows.flatMap((row) => [
      row.id,
      row.storeId,
      row.name,
      row.payload,
      row.metadata,
    ]);
    const data = manager.queryRunner?.data as Record<string, unknown> | undefined;
    if (data?.[COMMITS_WITH_EVENTS]) {
      delete data[COMMITS_WITH_EVENTS];
      await commitWithNextStatement(manager);
    }
    const stored: { id: string; created_at: Date }[] =
      count <= PREPARED_UP_TO
        ? (
            await preparedIn<{ id: string; created_at: Date }>(
              manager,
              `events_record_${count}`,
              text,
              values,
            )
          ).rows
        : await manager.query(text, values);
    const createdAt = new Map(stored.map((row) => [row.id, row.created_at]));
    pendingEventsOf(manager)?.push(
      ...rows.map((row) => messageOf(row, createdAt.get(row.id) as Date)),
    );
  }
}

function messageOf(row: EventRow, createdAt: Date): StoreEventMessage {
  let payload: Record<string, unknown> | undefined;
  let metadata: Record<string, unknown> | undefined;
  return {
    id: row.id,
    name: row.name,
    store_id: row.storeId,
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
