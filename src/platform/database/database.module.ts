import { type DynamicModule, Global, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/index.js';
import { BlobStore } from '../blob-store/index.js';
import { type DataSourceSettings, dataSourceOptions } from './data-source-options.js';
import { DatabaseEndpoint } from './database-endpoint.js';
import { PreparedSql } from './prepared-sql.js';
import { runMigrations } from './run-migrations.js';

@Global()
@Module({})
export class DatabaseModule {
  /** Connects TypeORM to `endpoint` (a real server or the embedded one) and migrates on boot if configured. */
  static forRoot(
    endpoint: DatabaseEndpoint,
    entities: DataSourceSettings['entities'],
  ): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [AppConfig],
          // Extension modules may map entities of their own with TypeOrmModule.forFeature.
          useFactory: (config: AppConfig) => ({
            ...dataSourceOptions({ ...endpoint, entities }),
            autoLoadEntities: true,
            // The boot reached the server just before (reachServersAtBoot): no 30 s of retries.
            retryAttempts: config.STARTUP_CONNECT_RETRIES + 1,
            retryDelay: config.STARTUP_CONNECT_RETRY_DELAY_MS,
          }),
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            return dataSource;
          },
        }),
      ],
      providers: [
        { provide: DatabaseEndpoint, useValue: endpoint },
        PreparedSql,
        {
          provide: 'DATABASE_MIGRATED',
          inject: [AppConfig, DataSource, BlobStore],
          useFactory: async (config: AppConfig, dataSource: DataSource, blobStore: BlobStore) => {
            const logger = new Logger('Database');
            if (!config.MIGRATIONS_RUN) {
              logger.log('Connected; migrations not run (MIGRATIONS_RUN=false)');
              return false;
            }
            const applied = await runMigrations(dataSource, blobStore);
            logger.log(
              applied.length
                ? `Connected; applied migrations: ${applied.join(', ')}`
                : 'Connected; schema up to date',
            );
            return true;
          },
        },
      ],
      exports: [DatabaseEndpoint, PreparedSql, 'DATABASE_MIGRATED'],
    };
  }
}
