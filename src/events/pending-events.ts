import type { EntityManager, QueryRunner } from 'typeorm';

const PENDING = 'store:pending-events';

/**
 * The ids of events published in the transaction a manager runs, kept on its query runner until
 * the transaction ends. Undefined outside a transaction (the caller's statement committed alone).
 */
export function pendingEventsOf(manager: EntityManager): string[] | undefined {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) return undefined;
  const data = runner.data as Record<string, string[] | undefined>;
  return (data[PENDING] ??= []);
}

/** Takes (and forgets) the events a finished transaction published. */
export function takePendingEvents(runner: QueryRunner | undefined): string[] {
  if (!runner) return [];
  const data = runner.data as Record<string, string[] | undefined>;
  const ids = data[PENDING] ?? [];
  delete data[PENDING];
  return ids;
}
