import { type DataSource, MigrationExecutor } from 'typeorm';
import type { BlobStore } from '../blob-store/index.js';
import { giveMigrationsBlobStore } from './blob-store-migration.js';

/** Any constant shared by every instance; serialises migrations across replicas starting together. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies pending migrations under a PostgreSQL advisory lock, on a single connection, so that
 * several replicas booting at once (or a pool of one) migrate exactly once. Migrations that move
 * files get `blobStore` (see BlobStoreMigration); a new, empty database needs none.
 */
export async function runMigrations(
  dataSource: DataSource,
  blobStore?: BlobStore,
): Promise<string[]> {
  if (blobStore) giveMigrationsBlobStore(dataSource.migrations, blobStore);
  const queryRunner = dataSource.createQueryRunner();
  await queryRunner.connect();
  try {
    await queryRunner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const executor = new MigrationExecutor(dataSource, queryRunner);
      executor.transaction = 'each';
      const applied = await executor.executePendingMigrations();
      return applied.map((migration) => migration.name);
    } finally {
      await queryRunner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await queryRunner.release();
  }
}
