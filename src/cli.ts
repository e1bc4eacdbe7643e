import 'reflect-metadata';
import { Command } from 'commander';
import { DataSource } from 'typeorm';
import { type AppConfig, ConfigError, configFromEnvironment } from './config/index.js';
import { dataSourceOptions } from './platform/database/data-source-options.js';
import { openDatabaseEndpoint } from './platform/database/database-endpoint.js';
import { runMigrations } from './platform/database/run-migrations.js';
import { seedDemoStore } from './seed/seed-demo-store.js';

/** Runs `work` against the configured database (migrated first), then disconnects. */
async function withDatabase<T>(
  work: (dataSource: DataSource, config: AppConfig) => Promise<T>,
): Promise<T> {
  const config = configFromEnvironment();
  const endpoint = await openDatabaseEndpoint(config);
  const dataSource = await new DataSource(
    dataSourceOptions({ ...endpoint, applicationName: 'store-cli' }),
  ).initialize();
  try {
    await runMigrations(dataSource);
    return await work(dataSource, config);
  } finally {
    await dataSource.destroy();
    await endpoint.close();
  }
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
  .command('seed')
  .description('Create a new, separate demo store with a catalog, stock, zones, keys and an admin')
  .requiredOption('--demo', 'seed the demo store (the only seed there is)')
  .option('--json', 'print the credentials as one JSON object on stdout')
  .action(async (options: { json?: boolean }) => {
    const credentials = await withDatabase(seedDemoStore);
    process.stdout.write(
      options.json
        ? `${JSON.stringify(credentials)}\n`
        : `${JSON.stringify(credentials, null, 2)}\n`,
    );
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
