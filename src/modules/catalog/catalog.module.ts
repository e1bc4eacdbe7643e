import { Module } from '@nestjs/common';
import { CategoryReadRepository } from './categories/category-read.repository.js';
import { CategorySerializer } from './categories/category.serializer.js';
import { StoreCategoriesController } from './categories/store-categories.controller.js';
import { StoreCategoriesService } from './categories/store-categories.service.js';
import { OptionSerializer } from './option.serializer.js';
import { ProductReadRepository } from './product-read.repository.js';
import { ProductSerializer } from './product.serializer.js';
import { ProductFacetsRepository } from './search/product-facets.repository.js';
import { ProductFiltersService } from './search/product-filters.service.js';
import { ProductSearchReader } from './search/product-search.js';
import { StockItemSerializer } from './stock-item.serializer.js';
import { StockLedger } from './stock-ledger.js';
import { StoreProductsController } from './store-products.controller.js';
import { StoreProductsService } from './store-products.service.js';
import { VariantSerializer } from './variant.serializer.js';

@Module({
  controllers: [StoreProductsController, StoreCategoriesController],
  providers: [
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
  ],
  exports: [
    ProductSerializer,
    VariantSerializer,
    OptionSerializer,
    StockItemSerializer,
    StockLedger,
  ],
})
export class CatalogModule {}
