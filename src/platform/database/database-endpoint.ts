import { AppConfig } from '../../config/index.js';
import { tmpdir } from 'node:os';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { preparedEmbeddedTemplate } from './embedded-template.js';

/** Where the database is: a PostgreSQL server from `DATABASE_URL`, or the embedded one. */
export abstract class DatabaseEndpoint {
  abstract readonly url: string;
  abstract readonly poolSize: number;
  abstract readonly embedded: boolean;
  abstract close(): Promise<void>;
}

export async function openDatabaseEndpoint(
  config: AppConfig,
  options: { persistent: boolean; template?: Blob } = { persistent: true },
): Promise<DatabaseEndpoint> {
  if (config.DATABASE_URL) {
    return {
      url: config.DATABASE_URL,
      poolSize: config.DATABASE_POOL_SIZE,
      embedded: false,
      close: async () => {},
    };
  }
  // A new data directory starts from the migrated template `npm run build` prepares, if present.
  const template = options.template
    ? () => Promise.resolve(options.template)
    : () => preparedEmbeddedTemplate(tmpdir());
  return startEmbeddedPostgres(options.persistent ? config.DATA_DIR : undefined, template);
}
