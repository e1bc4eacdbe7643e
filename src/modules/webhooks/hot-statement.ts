import type { Pool, PoolClient } from 'pg';
import type { EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { opaqueArray, preparedIn } from '../../platform/database/prepared-sql.js';

/**
 * Runs a statement of the delivery path and answers its rows, on the manager's transaction when it
 * has one. A named prepared statement (planned once per connection) on a PostgreSQL server; a plain
 * one on the embedded database, whose single session outlives its connections, so that a statement
 * prepared by an earlier connection (an earlier app on the same data) cannot be prepared again.
 * Each `name` must always go with the same text.
 */
export async function hotStatement<T>(
  manager: EntityManager,
  embedded: boolean,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  if (!embedded) return (await preparedIn<T>(manager, name, text, values)).rows;
  const runner = manager.queryRunner;
  const client = runner
    ? ((await runner.connect()) as PoolClient)
    : ((manager.connection.driver as PostgresDriver).master as Pool);
  return (await client.query({ text, values })).rows as T[];
}

/** `unnest` of the array parameters $1…$n, of these element types, each an `opaqueArray`. */
export function unnestParameters(types: readonly string[]): string {
  return `unnest(${types.map((type, index) => opaqueArray(index + 1, type)).join(', ')})`;
}

/**
 * A `FROM` item that lets the statement's transaction commit without waiting for its WAL to reach
 * the disk (`synchronous_commit` off until that transaction ends). The commit is visible at once
 * and survives any crash of the application; only a crash of the database server in the fraction
 * of a second before the WAL writer's next flush can lose it.
 */
export const COMMIT_WITHOUT_DISK_WAIT = `LATERAL (SELECT set_config('synchronous_commit', 'off', true)) AS commit_without_disk_wait`;
