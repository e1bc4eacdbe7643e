import type { DataSourceOptions } from 'typeorm';
import { DeferredBeginClient } from './deferred-begin-client.js';
import { MIGRATIONS } from './migrations/index.js';

export interface DataSourceSettings {
  url: string;
  poolSize: number;
  applicationName?: string;
  /** The mapped entities; the application root owns the list (see `src/entities.ts`). */
  entities: NonNullable<DataSourceOptions['entities']>;
}

/** The one description of the database mapping, used by the app, the CLI and `ormconfig.ts`. */
export function dataSourceOptions({
  url,
  poolSize,
  applicationName,
  entities,
}: DataSourceSettings): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    poolSize,
    // pg-pool's own option: the clients it opens send START TRANSACTION with the next statement.
    extra: { Client: DeferredBeginClient },
    applicationName: applicationName ?? 'store-service',
    entities,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
  };
}
