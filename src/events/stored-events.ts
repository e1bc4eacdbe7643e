import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { BACKLOG_GATHER_MS, StatementBatch } from '../platform/database/statement-batch.js';
import type { StoreEventMessage } from './event-envelope.js';
import { EVENTS_TABLE } from './event.entity.js';

/** The columns of an `events` row that make up the message subscribers receive. */
export const EVENT_MESSAGE_COLUMNS = `id, name, store_id::text AS store_id, payload, metadata, created_at`;

/** An `events` row as those columns read it: the message, with its timestamp still a Date. */
export type EventRow = Omit<StoreEventMessage, 'created_at'> & { created_at: Date };

export function eventMessageOf(row: EventRow): StoreEventMessage {
  return {
    id: row.id,
    name: row.name,
    store_id: row.store_id,
    payload: row.payload,
    metadata: row.metadata,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Reads committed events back from the outbox, as subscribers see them. */
@Injectable()
export class StoredEvents {
  /** Subscriber jobs under way at once read their events in one statement. */
  private readonly loading = new StatementBatch<string, StoreEventMessage | undefined>(
    100,
    async (eventIds) => {
      const found = new Map((await this.loadMany(eventIds)).map((event) => [event.id, event]));
      return eventIds.map((id) => found.get(id.toLowerCase()));
    },
    { gatherMs: BACKLOG_GATHER_MS },
  );

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  load(eventId: string): Promise<StoreEventMessage | undefined> {
    return this.loading.run(eventId);
  }

  /** In the order they were published. */
  async loadMany(
    eventIds: readonly string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<StoreEventMessage[]> {
    if (eventIds.length === 0) return [];
    const rows: EventRow[] = await manager.query(
      `SELECT ${EVENT_MESSAGE_COLUMNS} FROM ${EVENTS_TABLE}
       WHERE id = ANY($1::uuid[]) ORDER BY position`,
      [eventIds],
    );
    return rows.map(eventMessageOf);
  }
}
