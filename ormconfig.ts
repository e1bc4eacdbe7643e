import { DataSource } from 'typeorm';
import { configFromEnvironment } from './src/config/index.js';
import { ENTITIES } from './src/entities.js';
import { dataSourceOptions } from './src/platform/database/data-source-options.js';

/** The DataSource the TypeORM CLI uses (`npm run migration:generate`); it needs a real server. */
const config = configFromEnvironment();
if (!config.DATABASE_URL) {
  throw new Error('The TypeORM CLI needs DATABASE_URL pointing at a PostgreSQL server');
}

export default new DataSource(
  dataSourceOptions({
    url: config.DATABASE_URL,
    poolSize: 1,
    applicationName: 'typeorm-cli',
    entities: ENTITIES,
  }),
);
