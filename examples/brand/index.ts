export { AdminBrandsController } from './admin-brands.controller.js';
export { Brand } from './brand.entity.js';
export {
  BRAND_MIGRATIONS,
  BRAND_MIGRATIONS_TABLE,
  runBrandMigrations,
} from './brand-migrations.js';
export { BRAND_SCHEMA, BrandModule } from './brand.module.js';
export { BRAND_ID_PREFIX, BrandSerializer } from './brand.serializer.js';
export type { BrandRecord, BrandView } from './brand.serializer.js';
export { BrandService, MAX_FEATURED_BRANDS, handleOf } from './brand.service.js';
export { CreateBrandBody, UpdateBrandBody } from './dto/brand.body.js';
