import type { DataSource, MigrationInterface } from 'typeorm';
import { Brands1795300000000 } from './migrations/1795300000000-Brands.js';

/** The extension's migrations, oldest first. */
export const BRAND_MIGRATIONS: (new () => MigrationInterface)[] = [Brands1795300000000];

/** Where applied extension migrations are recorded (the core's own list is `schema_migrations`). */
export const BRAND_MIGRATIONS_TABLE = 'brand_migrations';

/** Any constant of the extension's own; serialises replicas that boot together. */
const LOCK_KEY = 727_101;

/**
 * Applies the extension's pending migrations, each in its own transaction, under an advisory lock.
 * The core's migration list is closed (src/platform/database/migrations), so an extension keeps its
 * own list and its own record of what ran; the core's `schema_migrations` and its
 * `migration:revert` never see these.
 */
export async function runBrandMigrations(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      await runner.query(
        `CREATE TABLE IF NOT EXISTS ${BRAND_MIGRATIONS_TABLE} (
           name text PRIMARY KEY,
           applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      const rows: { name: string }[] = await runner.query(
        `SELECT name FROM ${BRAND_MIGRATIONS_TABLE}`,
      );
      const done = new Set(rows.map((row) => row.name));
      const applied: string[] = [];
      for (const Migration of BRAND_MIGRATIONS) {
        const migration = new Migration();
        const name = migration.name ?? Migration.name;
        if (done.has(name)) continue;
        await runner.startTransaction();
        try {
          await migration.up(runner);
          await runner.query(`INSERT INTO ${BRAND_MIGRATIONS_TABLE} (name) VALUES ($1)`, [name]);
          await runner.commitTransaction();
        } catch (error) {
          await runner.rollbackTransaction();
          throw error;
        }
        applied.push(name);
      }
      return applied;
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  } finally {
    await runner.release();
  }
}
