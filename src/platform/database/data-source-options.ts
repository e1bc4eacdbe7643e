import type { DataSourceOptions } from 'typeorm';
import { TransactionPipeliningClient } from './transaction-pipelining-client.js';
import { MIGRATIONS } from './migrations/index.js';

export interface DataSourceSettings {
  url: string;
  poolSize: number;
  applicationName?: string;
  /** The embedded database: one session, which every connection in turn takes over. */
  embedded?: boolean;
  /** The mapped entities; the application root owns the list (see `src/entities.ts`). */
  entities: NonNullable<DataSourceOptions['entities']>;
}

/** The one description of the database mapping, used by the app, the CLI and `ormconfig.ts`. */
export function dataSourceOptions({
  url,
  poolSize,
  applicationName,
  embedded = false,
  entities,
}: DataSourceSettings): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    poolSize,
    // pg-pool's own options: the clients it opens send START TRANSACTION with the next statement
    // (and COMMIT with the last, when told which: see TransactionPipeliningClient); on the
    // embedded database each starts from a clean session, as a new server session would
    // (no prepared statement of an earlier connection, which `pg` would prepare again and fail).
    extra: {
      Client: TransactionPipeliningClient,
      ...(embedded
        ? { onConnect: (client: TransactionPipeliningClient) => client.query('DISCARD ALL') }
        : {}),
    },
    applicationName: applicationName ?? 'store-service',
    entities,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
  };
}
