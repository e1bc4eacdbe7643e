import { existsSync, openAsBlob } from 'node:fs';
import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options.js';
import { embeddedTemplateName } from './embedded-template-name.js';
import { runMigrations } from './run-migrations.js';

/**
 * Creates an embedded database, applies every migration and writes its data directory to `file`
 * (written aside and renamed, so a reader never sees half a file). Starting PGlite from such a
 * dump skips `initdb` and the migrations, which is most of an embedded start.
 */
export async function writeEmbeddedTemplate(file: string): Promise<void> {
  const db = await PGlite.create({});
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0 });
  await server.start();
  const dataSource = new DataSource(
    dataSourceOptions({
      url: `postgres://postgres@${server.getServerConn()}/postgres`,
      poolSize: 1,
      entities: [],
    }),
  );
  try {
    await dataSource.initialize();
    await runMigrations(dataSource);
    await dataSource.destroy();
    await server.stop();
    const dump = await db.dumpDataDir('none');
    const aside = `${file}.${process.pid}.partial`;
    await writeFile(aside, Buffer.from(await dump.arrayBuffer()));
    await rename(aside, file);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await db.close();
  }
}

/** This schema's template in `directory` if one was prepared, else undefined. */
export async function preparedEmbeddedTemplate(directory: string): Promise<Blob | undefined> {
  const file = join(directory, embeddedTemplateName());
  return existsSync(file) ? readEmbeddedTemplate(file) : undefined;
}

/**
 * The dump at `file`, ready for `startEmbeddedPostgres`: read from the file when used, so that a
 * process holds no copy of it (the file is only ever replaced whole, by rename).
 */
export async function readEmbeddedTemplate(file: string): Promise<Blob> {
  return openAsBlob(file);
}

/** Whether the process that wrote its id into `lock` has gone (it died while writing). */
async function isStale(lock: string): Promise<boolean> {
  const owner = Number(await readFile(lock, 'utf8').catch(() => ''));
  if (!Number.isInteger(owner) || owner <= 0) return false;
  try {
    process.kill(owner, 0);
    return false;
  } catch {
    return true;
  }
}

/**
 * The path of this schema's template in `directory`, written first if missing. Processes asking
 * at once write it once: one holds a lock file naming its process, the others wait for the
 * template to appear (or take over if that process died).
 */
export async function ensureEmbeddedTemplate(directory: string): Promise<string> {
  const file = join(directory, embeddedTemplateName());
  const lock = `${file}.lock`;
  while (!existsSync(file)) {
    const held = await open(lock, 'wx').catch(() => undefined);
    if (held) {
      try {
        await held.writeFile(String(process.pid));
        if (!existsSync(file)) await writeEmbeddedTemplate(file);
      } finally {
        await held.close();
        await rm(lock, { force: true });
      }
      break;
    }
    if (await isStale(lock)) await rm(lock, { force: true });
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return file;
}
