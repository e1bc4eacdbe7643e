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
@Injectable()
export class EventPublisher {
  async publish(
    scope: EventScope,
    name: string,
    payload: Record<string, unknown>,
    metadata: Record<string, unknown> = {},
  ): Promise<string> {
    const id = randomUUID();
    await scope.manager.query(
      `INSERT INTO ${EVENTS_TABLE} (id, store_id, name, payload, metadata) VALUES ($1, $2, $3, $4, $5)`,
      [id, scope.storeId, name, JSON.stringify(payload), JSON.stringify(metadata)],
    );
    pendingEventsOf(scope.manager)?.push(id);
    return id;
  }
}
