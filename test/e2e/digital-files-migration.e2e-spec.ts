import { createHash, randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { DataSource, QueryRunner } from 'typeorm';
import { BlobStore } from '../../src/platform/blob-store/index.js';
import { DigitalFilesInBlobStore1795302301500 as DigitalFilesInBlobStore } from '../../src/platform/database/migrations/1795302301500-DigitalFilesInBlobStore.js';
import {
  type S3CompatibleServer,
  startS3CompatibleServer,
} from '../helpers/s3-compatible-server.js';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.js';
import {
  hasServers,
  type ServiceCluster,
  startServiceCluster,
} from '../helpers/service-cluster.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const MIGRATION = 'DigitalFilesInBlobStore1795302301500';
const PROCESS_TEST_TIMEOUT_MS = 240_000;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface FileRow {
  id: string;
  checksum: string;
  byte_size: number;
}

async function columnsOfDigitals(db: DataSource | QueryRunner): Promise<string[]> {
  const rows: { column_name: string }[] = await db.query(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'digitals'`,
  );
  return rows.map((row) => row.column_name);
}

/** Adds files the way they were kept before the move: bytes in `digitals.data`. */
async function insertBytea(db: DataSource | QueryRunner, files: Buffer[]): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  for (const bytes of files) {
    const [row]: FileRow[] = await db.query(
      `INSERT INTO digitals (store_id, variant_id, filename, content_type, byte_size, checksum, data)
       SELECT store_id, variant_id, 'old.bin', 'application/octet-stream', $1, $2, $3
       FROM digitals ORDER BY id LIMIT 1
       RETURNING id::text AS id, checksum, byte_size`,
      [bytes.length, sha256(bytes), bytes],
    );
    rows.push(row!);
  }
  return rows;
}

/** Every digital's file, read from wherever the schema keeps it, checked against its checksum. */
async function expectEveryFileWhole(
  db: DataSource | QueryRunner,
  store: BlobStore,
  where: 'bytea' | 'blob store',
): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  const rows: (FileRow & { data?: Buffer; blob_key?: string })[] = await db.query(
    `SELECT id::text AS id, checksum, byte_size, ${where === 'bytea' ? 'data' : 'blob_key'}
     FROM digitals ORDER BY id`,
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    if (where === 'bytea') {
      expect({ id: row.id, checksum: sha256(row.data!) }).toEqual({
        id: row.id,
        checksum: row.checksum,
      });
      continue;
    }
    const blob = await store.get(row.blob_key!);
    expect({ id: row.id, found: blob !== undefined }).toEqual({ id: row.id, found: true });
    expect({
      id: row.id,
      checksum: sha256(await buffer(blob!.body)),
      size: blob!.byteSize,
    }).toEqual({ id: row.id, checksum: row.checksum, size: row.byte_size });
    keys.set(row.id, row.blob_key!);
  }
  return keys;
}

describe.each([
  ['the local disk', false],
  ['an S3-compatible server', true],
])('Digital files move between bytea and the blob store on %s', (_, onS3) => {
  let t: TestApp;
  let scratch: ScratchDatabase | undefined;
  let s3: S3CompatibleServer | undefined;

  beforeAll(async () => {
    // Down reads every digital's file: the database must hold this app's files only.
    scratch = process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL)
      : undefined;
    s3 = onS3 ? await startS3CompatibleServer('digitals') : undefined;
    t = await startTestApp({
      env: {
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        ...(s3 ? { MEDIA_STORAGE_URL: s3.storageUrl, ...s3.env } : {}),
      },
    });
    await t.seedStore();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await scratch?.drop();
    await s3?.stop();
  });

  it('a migration test moves bytea files out and back: down restores every file, up moves them all again', async () => {
    const store = t.app.get(BlobStore);
    const migration = new DigitalFilesInBlobStore();
    migration.useBlobStore(store);
    const runner = t.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      const before = await expectEveryFileWhole(runner, store, 'blob store');

      await migration.down(runner);
      expect(await columnsOfDigitals(runner)).toContain('data');
      expect(await columnsOfDigitals(runner)).not.toContain('blob_key');
      await expectEveryFileWhole(runner, store, 'bytea');
      const added = await insertBytea(runner, [
        randomBytes(5 * 1024 * 1024),
        Buffer.alloc(0),
        Buffer.from('a guide\n'),
      ]);

      await migration.up(runner);
      expect(await columnsOfDigitals(runner)).toContain('blob_key');
      expect(await columnsOfDigitals(runner)).not.toContain('data');
      const after = await expectEveryFileWhole(runner, store, 'blob store');
      expect(after.size).toBe(before.size + added.length);
      for (const [id, key] of after) {
        expect(key).toMatch(/^\d+\/digitals\/[0-9a-f]{32}$/);
        expect(key).not.toBe(before.get(id));
      }
      expect(new Set(after.values()).size).toBe(after.size);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    expect(await columnsOfDigitals(t.dataSource)).not.toContain('data');
  });

  it('refuses to move files back when a file is missing from the blob store, and changes nothing', async () => {
    const migration = new DigitalFilesInBlobStore();
    migration.useBlobStore(t.app.get(BlobStore));
    const runner = t.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      await runner.query(`UPDATE digitals SET blob_key = '0/digitals/gone' WHERE id = (
        SELECT id FROM digitals ORDER BY id LIMIT 1)`);
      await expect(migration.down(runner)).rejects.toThrow(/missing from the blob store/);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    expect(await columnsOfDigitals(t.dataSource)).toContain('blob_key');
  });

  it('a database with files to move refuses to migrate without a blob store', async () => {
    const runner = t.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      const withStore = new DigitalFilesInBlobStore();
      withStore.useBlobStore(t.app.get(BlobStore));
      await withStore.down(runner);
      await expect(new DigitalFilesInBlobStore().up(runner)).rejects.toThrow(
        /run without the blob store/,
      );
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});

// Several processes need PostgreSQL and Redis servers (CI sets DATABASE_URL and REDIS_URL).
(hasServers ? describe : describe.skip)(
  'Digital files moved by processes starting together',
  () => {
    let cluster: ServiceCluster;

    beforeAll(async () => {
      cluster = await startServiceCluster();
    }, PROCESS_TEST_TIMEOUT_MS);
    afterAll(() => cluster?.close());

    it(
      'three processes migrating at once move each bytea file once, and all serve',
      async () => {
        const { control } = cluster;
        await control.seedStore();
        const store = control.app.get(BlobStore);
        // The database as it was before the move: files in bytea, the migration not applied.
        const migration = new DigitalFilesInBlobStore();
        migration.useBlobStore(store);
        await control.dataSource.transaction(async (manager) => {
          await migration.down(manager.queryRunner!);
          await manager.query(`DELETE FROM schema_migrations WHERE name = $1`, [MIGRATION]);
        });
        await insertBytea(
          control.dataSource,
          Array.from({ length: 6 }, (_, index) => randomBytes(64 * 1024 * (index + 1))),
        );

        const processes = await Promise.all(
          ['api 1', 'api 2', 'api 3'].map((name) =>
            cluster.start(name, { PROCESS_ROLE: 'api', MIGRATIONS_RUN: 'true' }),
          ),
        );
        const applied = processes.filter((started) => started.output().includes(MIGRATION));
        expect(applied.map((started) => started.name)).toHaveLength(1);
        expect(
          await control.dataSource.query(`SELECT name FROM schema_migrations WHERE name = $1`, [
            MIGRATION,
          ]),
        ).toHaveLength(1);
        expect(await columnsOfDigitals(control.dataSource)).not.toContain('data');
        const keys = await expectEveryFileWhole(control.dataSource, store, 'blob store');
        expect(keys.size).toBe(7);
        for (const started of processes) {
          expect((await fetch(`${started.url}/health`)).status).toBe(200);
        }
      },
      PROCESS_TEST_TIMEOUT_MS,
    );
  },
);
