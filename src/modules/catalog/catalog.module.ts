import { Module } from '@nestjs/common';
import {
  ADMIN_PRODUCT_CONTROLLERS,
  ADMIN_PRODUCT_PROVIDERS,
  ProductPublisher,
} from './admin/products/index.js';
import { AdminCategoriesController } from './admin/categories/admin-categories.controller.js';
import { AdminCategoriesService } from './admin/categories/admin-categories.service.js';
import { AdminOptionTypesController } from './admin/option-types/admin-option-types.controller.js';
import { AdminOptionTypesService } from './admin/option-types/admin-option-types.service.js';
import { OptionTypeSerializer } from './admin/option-types/option-type.serializer.js';
import { CategoryReadRepository } from './categories/category-read.repository.js';
import { CategorySerializer } from './categories/category.serializer.js';
import { StoreCategoriesController } from './categories/store-categories.controller.js';
import { StoreCategoriesService } from './categories/store-categories.service.js';
import { OptionSerializer } from './option.serializer.js';
import { ProductMediaExtension } from './product-media.js';
import { ProductReadRepository } from './product-read.repository.js';
import { ProductSerializer } from './product.serializer.js';
import { ProductFacetsRepository } from './search/product-facets.repository.js';
import { ProductFiltersService } from './search/product-filters.service.js';
import { ProductSearchReader } from './search/product-search.js';
import { AdminStockItemsController } from './stock/admin-stock-items.controller.js';
import { AdminStockItemsService } from './stock/admin-stock-items.service.js';
import { AdminStockLocationsController } from './stock/admin-stock-locations.controller.js';
import { AdminStockLocationsService } from './stock/admin-stock-locations.service.js';
import { StockLocationSerializer } from './stock/stock-location.serializer.js';
import { StockMovementSerializer } from './stock/stock-movement.serializer.js';
import { StockMovements } from './stock/stock-movements.js';
import { StockRecords } from './stock/stock-records.js';
import { StockItemSerializer } from './stock-item.serializer.js';
import { StockLedger } from './stock-ledger.js';
import { StoreProductsController } from './store-products.controller.js';
import { StoreProductsService } from './store-products.service.js';
import { VariantSerializer } from './variant.serializer.js';

@Module({
  controllers: [
    StoreProductsController,
    StoreCategoriesController,
    AdminStockLocationsController,
    AdminStockItemsController,
    ...ADMIN_PRODUCT_CONTROLLERS,
    AdminOptionTypesController,
    AdminCategoriesController,
  ],
  providers: [
    ProductMediaExtension,
    ProductReadRepository,
    ProductSerializer,
    VariantSerializer,
    OptionSerializer,
    StockItemSerializer,
    StockLedger,
    StoreProductsService,
    ProductSearchReader,
    ProductFacetsRepository,
    ProductFiltersService,
    CategoryReadRepository,
    CategorySerializer,
    StoreCategoriesService,
    StockRecords,
    StockLocationSerializer,
    StockMovementSerializer,
    StockMovements,
    AdminStockLocationsService,
    AdminStockItemsService,
    ...ADMIN_PRODUCT_PROVIDERS,
    OptionTypeSerializer,
    AdminOptionTypesService,
    AdminCategoriesService,
  ],
  exports: [
    ProductMediaExtension,
    StoreProductsService,
    StoreCategoriesService,
    ProductSerializer,
    VariantSerializer,
    OptionSerializer,
    StockItemSerializer,
    StockLedger,
    ProductPublisher,
  ],
})
export class CatalogModule {}
