import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

export interface DataSourceSettings {
  url: string;
  poolSize: number;
  applicationName?: string;
}

/** The one description of the database mapping, used by the app, the CLI and `ormconfig.ts`. */
export function dataSourceOptions({
  url,
  poolSize,
  applicationName,
}: DataSourceSettings): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    poolSize,
    applicationName: applicationName ?? 'store-service',
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
  };
}
