import 'reflect-metadata';
import { tmpdir } from 'node:os';
import { Command, Option } from 'commander';
import { DataSource } from 'typeorm';
import { type AppConfig, ConfigError, configFromEnvironment } from './config/index.js';
import { dataSourceOptions } from './platform/database/data-source-options.js';
import { ENTITIES } from './entities.js';
import { openDatabaseEndpoint } from './platform/database/database-endpoint.js';
import { runMigrations } from './platform/database/run-migrations.js';
import { ensureEmbeddedTemplate } from './platform/database/embedded-template.js';
import {
  HEALTH_PROBE_ROLES,
  type HealthProbeRole,
  healthProbeCommand,
} from './platform/health/health-probe.command.js';
import { reachServersAtBoot } from './platform/health/startup-connections.js';
import { seedDemoStore } from './seed/seed-demo-store.js';
import { API_KEY_TYPES } from './modules/auth/index.js';
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
    await runMigrations(dataSource);
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

const program = new Command('store-cli').description('Operator commands for the store service');

program
  .command('migrate')
  .description('Apply pending database migrations')
  .action(async () => {
    await withDatabase(async () => undefined);
    process.stderr.write('Migrations are up to date\n');
  });

program
  .command('prepare-embedded')
  .description(
    'Write the migrated embedded database new data directories start from (no-op with DATABASE_URL)',
  )
  .action(async () => {
    if (configFromEnvironment().DATABASE_URL) return;
    const file = await ensureEmbeddedTemplate(tmpdir());
    process.stderr.write(`Embedded database template: ${file}\n`);
  });

program
  .command('seed')
  .description('Create a new, separate demo store with a catalog, stock, zones, keys and an admin')
  .requiredOption('--demo', 'seed the demo store (the only seed there is)')
  .option('--json', 'print the credentials as one JSON object on stdout')
  .action(async (options: { json?: boolean }) => {
    print(
      await withDatabase((dataSource, config) =>
        seedDemoStore(dataSource, config, undefined, { claimDefault: true }),
      ),
      options.json,
    );
  });

/** Sets or clears the default store, telling the running processes (over Redis) at once. */
async function changeDefaultStore(options: { store?: string; json?: boolean }): Promise<void> {
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

const stores = program.command('stores').description('Manage stores');

stores
  .command('set-default')
  .description('Make a store the default: it serves storefront requests for hosts no store claims')
  .requiredOption('--store <id>', 'public id of the store (store_…)')
  .option('--json', 'print {"default_store_id","previous_default_store_id"} on one line')
  .action(changeDefaultStore);

/** A new store's first keys, minted by `api-keys create` inside the store's transaction. */
const firstStoreKeys =
  (config: AppConfig): IssueFirstStoreKeys =>
  async (manager, storePublicId) => {
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

stores
  .command('create')
  .description("Create a store that claims its URL's host, with a publishable and a secret key")
  .requiredOption('--name <name>', "the store's name")
  .requiredOption('--url <url>', 'its URL, e.g. https://shop.example.com (one store per host)')
  .requiredOption('--currency <code>', 'ISO 4217 currency, e.g. USD: the default and only one')
  .requiredOption('--country <code>', 'ISO 3166-1 alpha-2 country addresses default to, e.g. US')
  .option('--json', 'print the store and its keys on one line')
  .action(
    async (options: {
      name: string;
      url: string;
      currency: string;
      country: string;
      json?: boolean;
    }) => {
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
    },
  );

stores
  .command('clear-default')
  .description('Leave no default store: hosts no store claims answer 404')
  .option('--json', 'print {"default_store_id","previous_default_store_id"} on one line')
  .action((options: { json?: boolean }) => changeDefaultStore({ json: options.json }));

program
  .command('api-keys')
  .description('Manage API keys')
  .command('create')
  .description('Create an API key for a store; its token is printed once')
  .requiredOption('--store <id>', 'public id of the store (store_…)')
  .addOption(
    new Option('--type <type>', 'publishable (Store API) or secret (Admin API)')
      .choices(API_KEY_TYPES)
      .makeOptionMandatory(),
  )
  .option('--scopes <list>', 'secret keys: comma-separated scopes, e.g. read_orders,write_orders')
  .option('--name <name>', 'a label to tell keys apart')
  .option('--json', 'print {"id","token","key_type","scopes","store_id"} on one line')
  .action(
    async (options: {
      store: string;
      type: string;
      scopes?: string;
      name?: string;
      json?: boolean;
    }) => {
      const input = parseApiKeyCommand(options);
      print(
        await withDatabase((dataSource, config) => createApiKeyCommand(dataSource, config, input)),
        options.json,
      );
      process.stderr.write(
        'Keep the token now: it is stored only as a keyed hash and not shown again\n',
      );
    },
  );

program
  .command('staff')
  .description('Manage staff users')
  .command('create')
  .description('Create a staff user (and its role when new); a generated password is printed once')
  .requiredOption('--store <id>', 'public id of the store (store_…)')
  .requiredOption('--email <email>', 'the sign-in e-mail address')
  .requiredOption('--role <name>', 'role name; `admin` (write_all) is created when missing')
  .option('--scopes <list>', 'scopes of a new role other than admin, e.g. read_orders,write_orders')
  .option('--password <password>', 'at least 12 characters; generated when left out')
  .option('--json', 'print the result on one line')
  .action(
    async (options: {
      store: string;
      email: string;
      role: string;
      scopes?: string;
      password?: string;
      json?: boolean;
    }) => {
      const input = parseStaffCommand(options);
      const created = await withDatabase((dataSource, config) =>
        createStaffUserCommand(dataSource, config, input),
      );
      print(created, options.json);
      if (created.password)
        process.stderr.write('Keep the generated password now: it is not shown again\n');
    },
  );

program
  .command('health')
  .description(
    "Exit 0 when this host's process of the role is healthy, else 1 with the reason (a container health check)",
  )
  .addOption(
    new Option(
      '--role <role>',
      'api: GET /health on PORT; worker: a fresh heartbeat in Redis (default: by PROCESS_ROLE)',
    ).choices(HEALTH_PROBE_ROLES),
  )
  .action(async (options: { role?: HealthProbeRole }) => {
    process.exitCode = await healthProbeCommand(configFromEnvironment(), options.role);
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
