import { Module } from '@nestjs/common';
import { ProductReadRepository } from './product-read.repository.js';
import { ProductSerializer } from './product.serializer.js';
import { VariantSerializer } from './variant.serializer.js';
import { StockItemSerializer } from './stock-item.serializer.js';
import { StockLedger } from './stock-ledger.js';
import { StoreProductsController } from './store-products.controller.js';

@Module({
  controllers: [StoreProductsController],
  providers: [
    ProductReadRepository,
    ProductSerializer,
    VariantSerializer,
    StockItemSerializer,
    StockLedger,
  ],
  exports: [ProductSerializer, VariantSerializer, StockItemSerializer, StockLedger],
})
export class CatalogModule {}
