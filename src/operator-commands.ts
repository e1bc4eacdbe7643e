import 'reflect-metadata';
import { tmpdir } from 'node:os';
import { DataSource } from 'typeorm';
import { type AppConfig, configFromEnvironment } from './config/index.js';
import { dataSourceOptions } from './platform/database/data-source-options.js';
import { ENTITIES } from './entities.js';
import { openDatabaseEndpoint } from './platform/database/database-endpoint.js';
import { runMigrations } from './platform/database/run-migrations.js';
import { blobStoreFor } from './platform/blob-store/index.js';
import { ensureEmbeddedTemplate } from './platform/database/embedded-template.js';
import { reachServersAtBoot } from './platform/health/startup-connections.js';
import { seedDemoStore } from './seed/seed-demo-store.js';
import { createStoreDefaults } from './seed/store-defaults.js';
import { ID_PREFIX } from './common/ids/id-prefixes.js';
import { publicIdCodecFor } from './common/ids/public-id.js';
import { createApiKeyCommand } from './modules/staff/index.js';
import { createStaffUserCommand } from './modules/staff/index.js';
import { parseApiKeyCommand, parseStaffCommand } from './modules/staff/index.js';
import {
  defaultStoreCommand,
  operatorCacheInvalidation,
  parseDefaultStoreCommand,
} from './modules/stores/index.js';
import {
  createStoreCommand,
  type IssueFirstStoreKeys,
  parseCreateStoreCommand,
} from './modules/stores/index.js';

/**
 * What the operator CLI's database commands do (src/cli.ts defines the commands and loads this
 * module only for them, so that `health`, a container's frequent probe, loads none of it).
 */

/** Runs `work` against the configured database (migrated first), then disconnects. */
async function withDatabase<T>(
  work: (dataSource: DataSource, config: AppConfig) => Promise<T>,
): Promise<T> {
  const config = configFromEnvironment();
  // A database that cannot be reached fails in one line naming it, after the same retries as a boot.
  await reachServersAtBoot(config, ['database']);
  const endpoint = await openDatabaseEndpoint(config);
  const dataSource = await new DataSource(
    dataSourceOptions({ ...endpoint, entities: ENTITIES, applicationName: 'store-cli' }),
  ).initialize();
  try {
    await runMigrations(dataSource, await blobStoreFor(config));
    return await work(dataSource, config);
  } finally {
    await dataSource.destroy();
    await endpoint.close();
  }
}

/** One JSON object on stdout: one line with `--json`, indented otherwise. */
function print(result: unknown, json: boolean | undefined): void {
  process.stdout.write(`${JSON.stringify(result, null, json ? undefined : 2)}\n`);
}

export async function migrate(): Promise<void> {
  await withDatabase(async () => undefined);
  process.stderr.write('Migrations are up to date\n');
}

export async function prepareEmbedded(): Promise<void> {
  if (configFromEnvironment().DATABASE_URL) return;
  const file = await ensureEmbeddedTemplate(tmpdir());
  process.stderr.write(`Embedded database template: ${file}\n`);
}

export async function seedDemo(options: { json?: boolean }): Promise<void> {
  print(
    await withDatabase((dataSource, config) =>
      seedDemoStore(dataSource, config, undefined, { claimDefault: true }),
    ),
    options.json,
  );
}

/** Sets or clears the default store, telling the running processes (over Redis) at once. */
export async function changeDefaultStore(options: {
  store?: string;
  json?: boolean;
}): Promise<void> {
  const input = parseDefaultStoreCommand(options);
  const result = await withDatabase(async (dataSource, config) => {
    const broadcast = operatorCacheInvalidation(config);
    try {
      return await defaultStoreCommand(dataSource, config, input, broadcast.invalidation);
    } finally {
      await broadcast.close();
    }
  });
  print(result, options.json);
}

/**
 * A new store's defaults (channel, policies) and first keys, minted by `api-keys create`, inside
 * the store's transaction.
 */
const firstStoreKeys =
  (config: AppConfig): IssueFirstStoreKeys =>
  async (manager, storePublicId) => {
    const storeId = publicIdCodecFor(config.ID_ALPHABET).decode(ID_PREFIX.store, storePublicId);
    await createStoreDefaults(manager, storeId!);
    const mint = (keyType: 'publishable' | 'secret', name: string) =>
      createApiKeyCommand(manager, config, {
        storePublicId,
        keyType,
        scopes: keyType === 'secret' ? ['write_all'] : [],
        name,
      }).then((key) => key.token);
    return {
      publishable_key: await mint('publishable', 'Storefront'),
      secret_key: await mint('secret', 'Owner'),
    };
  };

export async function createStore(options: {
  name: string;
  url: string;
  currency: string;
  country: string;
  json?: boolean;
}): Promise<void> {
  const input = parseCreateStoreCommand(options);
  const created = await withDatabase(async (dataSource, config) => {
    const broadcast = operatorCacheInvalidation(config);
    try {
      return await createStoreCommand(
        dataSource,
        config,
        input,
        firstStoreKeys(config),
        broadcast.invalidation,
      );
    } finally {
      await broadcast.close();
    }
  });
  print(created, options.json);
  process.stderr.write('Keep the keys now: they are stored only as keyed hashes\n');
}

export async function createApiKey(options: {
  store: string;
  type: string;
  scopes?: string;
  name?: string;
  json?: boolean;
}): Promise<void> {
  const input = parseApiKeyCommand(options);
  print(
    await withDatabase((dataSource, config) => createApiKeyCommand(dataSource, config, input)),
    options.json,
  );
  process.stderr.write(
    'Keep the token now: it is stored only as a keyed hash and not shown again\n',
  );
}

export async function createStaffUser(options: {
  store: string;
  email: string;
  role: string;
  scopes?: string;
  password?: string;
  json?: boolean;
}): Promise<void> {
  const input = parseStaffCommand(options);
  const created = await withDatabase((dataSource, config) =>
    createStaffUserCommand(dataSource, config, input),
  );
  print(created, options.json);
  if (created.password)
    process.stderr.write('Keep the generated password now: it is not shown again\n');
}
