import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConsoleLogger, Logger as NestLogger, type Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { type AppConfig, configFromEnvironment } from '../../src/config/index.js';
import { ModelEvents } from '../../src/events/index.js';
import {
  ensureEmbeddedTemplate,
  readEmbeddedTemplate,
} from '../../src/platform/database/embedded-template.js';
import {
  type DatabaseEndpoint,
  openDatabaseEndpoint,
} from '../../src/platform/database/database-endpoint.js';
import { createHttpApp } from '../../src/http-app.js';
import { type DemoCredentials, seedDemoStore } from '../../src/seed/seed-demo-store.js';
import { HttpClient } from './http-client.js';
// nestjs-pino keeps the first application's root logger for as long as its module is loaded;
// this test-only reset (not in its exports map) lets a later test app log at its own level.
import { __resetOutOfContextForTests as forgetAppLogger } from '../../node_modules/nestjs-pino/dist/esm/PinoLogger.js';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  dataSource: DataSource;
  http: HttpClient;
  baseUrl: string;
  /**
   * Seeds a new, separate demo store and returns its credentials; without the demo's promotions
   * unless asked, so that carts keep the totals the specs expect.
   */
  seedStore(options?: { promotions?: boolean; images?: boolean }): Promise<DemoCredentials>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  extraModules?: Type[];
  /** Reuse a database endpoint (e.g. a second app instance on the same embedded database). */
  database?: DatabaseEndpoint;
}

/**
 * Without DATABASE_URL every test app runs an embedded database of its own. Creating and
 * migrating one is most of a test app's start, so it is done once per schema (kept in the
 * system's temporary directory across runs) and read once per test file, here at import: a first
 * run's template is written outside any test's timeout.
 */
const embeddedTemplate = process.env.DATABASE_URL
  ? undefined
  : await readEmbeddedTemplate(await ensureEmbeddedTemplate(tmpdir()));

/**
 * Test apps booted and not yet closed (in use, or idle in the shared pool). When the last one
 * closes its logger is forgotten, so that the next spec's app (specs run in groups, in one module
 * registry) logs at its own level; apps open at the same time share the first one's, as in one
 * spec file.
 */
const liveApps = new Set<NestFastifyApplication>();

/**
 * Apps handed back by the specs of a group, by their options, until a later spec of the group asks
 * for the same options: booting the service and opening its database is most of a small spec's
 * time. Off outside a group (`npx jest <file>` closes each app for real). Each spec seeds stores of
 * its own, so specs sharing an app share nothing else but the process; an app never serves two
 * holders at once.
 */
let idleApps: Map<string, TestApp[]> | undefined;

/**
 * From now on a closed test app whose options allow it waits for the next spec asking for the same
 * options; answers the function that closes the waiting ones (the end of the group).
 */
export function shareTestAppsBetweenSpecs(): () => Promise<void> {
  idleApps ??= new Map();
  return closeIdleApps;
}

async function closeIdleApps(): Promise<void> {
  const waiting = [...(idleApps?.values() ?? [])].flat();
  idleApps?.clear();
  for (const app of waiting) await app.close();
}

/**
 * The pool key of an app's options, or undefined when the app must be a fresh one of its own:
 * probe modules change the app, a shared database makes it one of a pair, a database of its own
 * (`DATABASE_URL`) is dropped after the spec, and a log level of its own needs the logger that
 * only the first live app sets up.
 */
function sharingKey(options: TestAppOptions): string | undefined {
  const env = options.env ?? {};
  if (options.extraModules?.length || options.database) return undefined;
  if ('LOG_LEVEL' in env || 'DATABASE_URL' in env) return undefined;
  return JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Boots the real service on a loopback port: real Fastify, real PostgreSQL (DATABASE_URL, or an
 * in-memory embedded one when unset) and real Redis (REDIS_URL, or in-process queues when unset).
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const key = idleApps && sharingKey(options);
  if (key === undefined) {
    // An app with a logger of its own must be the only one alive when it boots.
    if (idleApps && 'LOG_LEVEL' in (options.env ?? {})) await closeIdleApps();
    return bootTestApp(options);
  }
  const idle = idleApps?.get(key)?.pop();
  const booted = idle ?? (await bootTestApp(options));
  return {
    ...booted,
    close: async () => {
      const pool = idleApps;
      if (!pool) return booted.close();
      pool.set(key, [...(pool.get(key) ?? []), booted]);
    },
  };
}

async function bootTestApp(options: TestAppOptions): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'store-test-'));
  const config = configFromEnvironment({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    QUEUE_PREFIX: `test-${randomBytes(4).toString('hex')}`,
    // Tests play the reverse proxy: X-Forwarded-For gives requests distinct client IPs.
    TRUST_PROXY: 'true',
    // Many files send bad credentials on purpose from one address; the limit has its own test.
    RATE_LIMIT_FAILED_AUTH_PER_MINUTE: '100000',
    // The cheapest scrypt cost: hashing is not what the tests measure, and it is most of a seed.
    PASSWORD_HASH_COST: '10',
    ...options.env,
  });
  const database =
    options.database ??
    (await openDatabaseEndpoint(config, {
      persistent: false,
      template: config.DATABASE_URL ? undefined : embeddedTemplate,
    }));
  let app: NestFastifyApplication | undefined;
  try {
    app = await createHttpApp(config, database, options.extraModules);
    await app.listen(0, '127.0.0.1');
  } catch (error) {
    // A boot refused at init (a route audit, say) comes after Nest has connected the queues.
    await app?.close().catch(() => undefined);
    if (!options.database) await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  liveApps.add(app);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataSource = app.get(DataSource);
  return {
    app,
    config,
    dataSource,
    baseUrl,
    http: new HttpClient(baseUrl),
    // Tests seed without the demo's pictures unless they ask: drawing and storing them is slow.
    seedStore: ({ promotions = false, images = false } = {}) =>
      seedDemoStore(dataSource, config, app.get(ModelEvents), { promotions, images }),
    async close() {
      await app.close();
      liveApps.delete(app);
      if (liveApps.size === 0) {
        forgetAppLogger();
        // Nest's static Logger pointed at the closed app's: what logs outside any app (unit specs,
        // the next app while it boots) gets Nest's console logger, errors only, as the apps are silent.
        NestLogger.overrideLogger(new ConsoleLogger({ logLevels: ['error', 'fatal'] }));
      }
      if (!options.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
