import { Module } from '@nestjs/common';
import { ProductReadRepository } from './product-read.repository.js';
import { ProductSerializer } from './product.serializer.js';
import { StoreProductsController } from './store-products.controller.js';

@Module({
  controllers: [StoreProductsController],
  providers: [ProductReadRepository, ProductSerializer],
  exports: [ProductSerializer],
})
export class CatalogModule {}
