import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { DatabaseEndpoint } from './database-endpoint.js';
import { extractTar } from './extract-tar.js';

/**
 * PostgreSQL's default 128 MB of shared buffers live in the process's own memory here; an embedded
 * store (a laptop, a demo) is a few megabytes of data, which 16 MB holds entirely.
 */
const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * PostgreSQL's WebAssembly stays on V8's baseline compiler: optimizing its hot functions in the
 * background costs about 80 MB of code and a second of CPU at every start, for statements of a
 * development store that are fast enough without. Set before the module is compiled.
 */
function keepWebAssemblyOnBaselineCompiler(): void {
  setFlagsFromString('--liftoff-only');
}

/**
 * A new data directory at `location` from `dump`: unpacked beside it and renamed into place, so
 * that a start cut short never leaves a half-written database behind.
 */
async function unpackTemplate(dump: Blob, location: string): Promise<void> {
  const aside = `${location}.${process.pid}.partial`;
  rmSync(aside, { recursive: true, force: true });
  await extractTar(dump.stream(), aside);
  rmSync(location, { recursive: true, force: true });
  renameSync(aside, location);
}

/**
 * Starts PGlite (PostgreSQL compiled to WebAssembly) behind a loopback socket so that `pg`
 * and TypeORM talk to it exactly as to a real server. `dataDir` undefined keeps it in memory.
 * A new database starts from the dump `template` gives (see `writeEmbeddedTemplate`), if any.
 */
export async function startEmbeddedPostgres(
  dataDir?: string,
  template?: () => Promise<Blob | undefined>,
): Promise<DatabaseEndpoint> {
  keepWebAssemblyOnBaselineCompiler();
  let location: string | undefined;
  if (dataDir) {
    location = resolve(join(dataDir, 'pglite'));
    mkdirSync(location, { recursive: true });
  }
  const fresh = !location || !existsSync(join(location, 'PG_VERSION'));
  let dump = fresh ? await template?.() : undefined;
  if (dump && location) {
    await unpackTemplate(dump, location);
    dump = undefined;
  }
  const db = await PGlite.create({
    ...(location ? { dataDir: location } : {}),
    ...(dump ? { loadDataDir: dump } : {}),
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS],
  });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    // PGlite serves one connection at a time: never hold two in one unit of work.
    poolSize: 1,
    embedded: true,
    async close() {
      await server.stop();
      await db.close();
    },
  };
}
