import type { EntityManager, QueryRunner } from 'typeorm';
import type { StoreEventMessage } from './event-envelope.js';

const PENDING = 'store:pending-events';

type RunnerData = Record<string, StoreEventMessage[] | undefined>;

/**
 * The events published in the transaction a manager runs, kept on its query runner until the
 * transaction ends, so the relay needs not read them back. Undefined outside a transaction (the
 * caller's statement committed alone; the sweeper relays it).
 */
export function pendingEventsOf(manager: EntityManager): StoreEventMessage[] | undefined {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) return undefined;
  const data = runner.data as RunnerData;
  return (data[PENDING] ??= []);
}

/** Takes (and forgets) the events a finished transaction published. */
export function takePendingEvents(runner: QueryRunner | undefined): StoreEventMessage[] {
  if (!runner) return [];
  const data = runner.data as RunnerData;
  const events = data[PENDING] ?? [];
  delete data[PENDING];
  return events;
}
