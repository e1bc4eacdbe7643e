import { Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { holdForNextStatement } from './transaction-pipelining-client.js';

/**
 * Runs hot read queries as named prepared statements on TypeORM's own connection pool, so
 * PostgreSQL plans each of them once per connection instead of on every request.
 * Each `name` must always go with the same SQL text.
 */
@Injectable()
export class PreparedSql {
  private readonly pool: Pool;

  constructor(dataSource: DataSource) {
    this.pool = (dataSource.driver as PostgresDriver).master as Pool;
  }

  async rows<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
    const result = await this.pool.query({ name, text, values });
    return result.rows as T[];
  }
}

/** What a prepared statement answers inside a transaction. */
export interface PreparedResult<T> {
  rows: T[];
  rowCount: number;
}

/**
 * Runs a hot statement of a transaction as a named prepared statement on the transaction's own
 * connection (outside a transaction, on the data source's pool). Each `name` must always go with
 * the same SQL text.
 */
export async function preparedIn<T>(
  manager: EntityManager,
  name: string,
  text: string,
  values: unknown[],
): Promise<PreparedResult<T>> {
  const runner = manager.queryRunner;
  const client = runner
    ? ((await runner.connect()) as PoolClient)
    : ((manager.connection.driver as PostgresDriver).master as Pool);
  const result = await client.query({ name, text, values });
  return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
}

/**
 * Runs a write whose answer no one reads as a named prepared statement. Inside a transaction it
 * goes out with the transaction's next statement (or its COMMIT), in one round trip, and its
 * error is that statement's; outside one, at once.
 */
export async function preparedWrite(
  manager: EntityManager,
  name: string,
  text: string,
  values: unknown[],
): Promise<void> {
  if (await holdForNextStatement(manager, { name, text, values })) return;
  await preparedIn(manager, name, text, values);
}

/**
 * Array parameter `$index` (elements of `type`) behind a sub-select. The planner then sees no array
 * length, so the generic plan of a prepared statement costs what its custom plans do, and
 * PostgreSQL, after its first custom plans, keeps that one plan per connection instead of planning
 * the statement at every execution (with lengths in sight, the generic plan's guess of a hundred
 * elements always looks dearer than the few a request sends).
 */
export function opaqueArray(index: number, type: string): string {
  // The cast makes it an expression: `= ANY((SELECT …))` would compare with each row instead.
  return `(SELECT $${index}::${type}[])::${type}[]`;
}
