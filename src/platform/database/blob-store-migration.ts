import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { BlobStore } from '../blob-store/index.js';

/**
 * A migration that moves files between the database and the blob store, which SQL cannot reach:
 * `runMigrations` hands it the process's store before it runs. Only a database with files to move
 * needs one (a new, empty database migrates without).
 */
export abstract class BlobStoreMigration implements MigrationInterface {
  private store?: BlobStore;

  useBlobStore(store: BlobStore): void {
    this.store = store;
  }

  protected get blobStore(): BlobStore {
    if (!this.store) {
      throw new Error(
        `${this.constructor.name} moves files and was run without the blob store (run it through runMigrations)`,
      );
    }
    return this.store;
  }

  abstract up(queryRunner: QueryRunner): Promise<void>;
  abstract down(queryRunner: QueryRunner): Promise<void>;
}

/** Hands `store` to every migration of `migrations` that moves files. */
export function giveMigrationsBlobStore(
  migrations: readonly MigrationInterface[],
  store: BlobStore,
): void {
  for (const migration of migrations) {
    if (migration instanceof BlobStoreMigration) migration.useBlobStore(store);
  }
}
