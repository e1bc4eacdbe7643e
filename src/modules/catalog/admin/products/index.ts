import { AdminCatalogRecords } from './admin-catalog-records.js';
import { AdminPricesController } from './admin-prices.controller.js';
import { AdminPricesService } from './admin-prices.service.js';
import { AdminProductSerializer } from './admin-product.serializer.js';
import { AdminProductsBulkController } from './admin-products-bulk.controller.js';
import { AdminProductsBulk } from './admin-products-bulk.js';
import { AdminProductsList } from './admin-products-list.js';
import { AdminProductsController } from './admin-products.controller.js';
import { AdminProductsService } from './admin-products.service.js';
import { AdminVariantsController } from './admin-variants.controller.js';
import { AdminVariantsService } from './admin-variants.service.js';
import { ProductPublisher } from './product-publisher.js';
import { VariantWriter } from './variant-writer.js';

/** The Admin API's products, variants and prices: controllers, then providers. */
export const ADMIN_PRODUCT_CONTROLLERS = [
  AdminProductsBulkController,
  AdminProductsController,
  AdminVariantsController,
  AdminPricesController,
];

export const ADMIN_PRODUCT_PROVIDERS = [
  AdminCatalogRecords,
  AdminProductSerializer,
  ProductPublisher,
  VariantWriter,
  AdminProductsService,
  AdminProductsList,
  AdminProductsBulk,
  AdminVariantsService,
  AdminPricesService,
];

export { ProductPublisher };
