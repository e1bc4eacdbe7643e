import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AdminBrandsController } from './admin-brands.controller.js';
import { Brand } from './brand.entity.js';
import { runBrandMigrations } from './brand-migrations.js';
import { BrandSerializer } from './brand.serializer.js';
import { BrandService } from './brand.service.js';

/** Resolved once the extension's tables exist. */
export const BRAND_SCHEMA = 'BRAND_SCHEMA';

/**
 * An extension module: brands, their Admin API and their events. It reaches the service only
 * through public faces (src/modules/<name>/index.ts, src/events/index.ts, src/common, src/platform)
 * and is mounted next to the core's modules: `createHttpApp(config, database, [BrandModule])`.
 */
@Module({
  // Maps the entity on the application's data source (it loads the entities of forFeature).
  imports: [TypeOrmModule.forFeature([Brand])],
  controllers: [AdminBrandsController],
  providers: [
    BrandSerializer,
    BrandService,
    {
      // After the core's migrations ('DATABASE_MIGRATED'), when the application migrates on boot
      // (MIGRATIONS_RUN); otherwise apply them with runBrandMigrations alongside the core's.
      provide: BRAND_SCHEMA,
      inject: ['DATABASE_MIGRATED', getDataSourceToken()],
      useFactory: async (migrated: boolean, dataSource: DataSource) => {
        if (!migrated) return false;
        const applied = await runBrandMigrations(dataSource);
        if (applied.length)
          new Logger('BrandModule').log(`Applied migrations: ${applied.join(', ')}`);
        return true;
      },
    },
  ],
  exports: [BrandService, BrandSerializer],
})
export class BrandModule {}
