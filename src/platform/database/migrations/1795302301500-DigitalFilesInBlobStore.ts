import { randomBytes } from 'node:crypto';
import type { QueryRunner } from 'typeorm';
import { buffer } from 'node:stream/consumers';
import { BlobStoreMigration } from '../blob-store-migration.js';

interface FileRow {
  id: string;
  store_id: string;
  content_type: string;
  data: Buffer;
}

/**
 * Digital files move from `digitals.data` (bytea) to the blob store, `digitals.blob_key` naming
 * each; down brings the bytes back into the row (the blobs stay: a rolled-back down must not
 * lose them). One file at a time is held in memory. Migrations run one process at a time (an
 * advisory lock) and `ADD COLUMN` locks the table until the commit, so no two processes move a
 * file and nothing reads or writes a row half moved; a move that fails rolls back whole and
 * leaves unreferenced blobs behind at worst, never a row without its bytes.
 */
export class DigitalFilesInBlobStore1795302301500 extends BlobStoreMigration {
  name = 'DigitalFilesInBlobStore1795302301500';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "digitals" ADD "blob_key" text`);
    for (const id of await idsOf(queryRunner, 'blob_key')) {
      const [row]: FileRow[] = await queryRunner.query(
        `SELECT id::text AS id, store_id::text AS store_id, content_type, data
         FROM "digitals" WHERE id = $1 FOR UPDATE`,
        [id],
      );
      // The key format of the digital module's uploads: random, so no one can guess a paid file's.
      const key = `${row!.store_id}/digitals/${randomBytes(16).toString('hex')}`;
      await this.blobStore.put(key, row!.data, row!.content_type);
      await queryRunner.query(`UPDATE "digitals" SET "blob_key" = $2 WHERE id = $1`, [id, key]);
    }
    await queryRunner.query(`ALTER TABLE "digitals" ALTER COLUMN "blob_key" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "digitals" DROP COLUMN "data"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "digitals" ADD "data" bytea`);
    for (const id of await idsOf(queryRunner, 'data')) {
      const [row]: { blob_key: string }[] = await queryRunner.query(
        `SELECT blob_key FROM "digitals" WHERE id = $1 FOR UPDATE`,
        [id],
      );
      const blob = await this.blobStore.get(row!.blob_key);
      if (!blob) throw new Error(`The file of digital ${id} is missing from the blob store`);
      await queryRunner.query(`UPDATE "digitals" SET "data" = $2 WHERE id = $1`, [
        id,
        await buffer(blob.body),
      ]);
    }
    await queryRunner.query(`ALTER TABLE "digitals" ALTER COLUMN "data" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "digitals" DROP COLUMN "blob_key"`);
  }
}

/** The rows whose `column` (the one being filled) is still empty, in id order. */
async function idsOf(queryRunner: QueryRunner, column: 'blob_key' | 'data'): Promise<string[]> {
  const rows: { id: string }[] = await queryRunner.query(
    `SELECT id::text AS id FROM "digitals" WHERE "${column}" IS NULL ORDER BY id`,
  );
  return rows.map((row) => row.id);
}
