import { Command, Option } from 'commander';
import { ConfigError, configFromEnvironment } from './config/index.js';
import {
  HEALTH_PROBE_ROLES,
  type HealthProbeRole,
  healthProbeCommand,
} from './platform/health/health-probe.command.js';

/** The database commands' code (TypeORM, every entity), loaded only by the command that runs. */
const operator = () => import('./operator-commands.js');

const program = new Command('store-cli').description('Operator commands for the store service');

program
  .command('migrate')
  .description('Apply pending database migrations')
  .action(async () => (await operator()).migrate());

program
  .command('prepare-embedded')
  .description(
    'Write the migrated embedded database new data directories start from (no-op with DATABASE_URL)',
  )
  .action(async () => (await operator()).prepareEmbedded());

program
  .command('seed')
  .description('Create a new, separate demo store with a catalog, stock, zones, keys and an admin')
  .requiredOption('--demo', 'seed the demo store (the only seed there is)')
  .option('--json', 'print the credentials as one JSON object on stdout')
  .action(async (options: { json?: boolean }) => (await operator()).seedDemo(options));

const stores = program.command('stores').description('Manage stores');

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
    }) => (await operator()).createStore(options),
  );

stores
  .command('set-default')
  .description('Make a store the default: it serves storefront requests for hosts no store claims')
  .requiredOption('--store <id>', 'public id of the store (store_…)')
  .option('--json', 'print {"default_store_id","previous_default_store_id"} on one line')
  .action(async (options: { store: string; json?: boolean }) =>
    (await operator()).changeDefaultStore(options),
  );

stores
  .command('clear-default')
  .description('Leave no default store: hosts no store claims answer 404')
  .option('--json', 'print {"default_store_id","previous_default_store_id"} on one line')
  .action(async (options: { json?: boolean }) =>
    (await operator()).changeDefaultStore({ json: options.json }),
  );

program
  .command('api-keys')
  .description('Manage API keys')
  .command('create')
  .description('Create an API key for a store; its token is printed once')
  .requiredOption('--store <id>', 'public id of the store (store_…)')
  .requiredOption('--type <type>', 'publishable (Store API) or secret (Admin API)')
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
    }) => (await operator()).createApiKey(options),
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
    }) => (await operator()).createStaffUser(options),
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
