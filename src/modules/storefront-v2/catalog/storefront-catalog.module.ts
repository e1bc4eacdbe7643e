import { Module } from '@nestjs/common';
import { CatalogModule } from '../../catalog/index.js';
import { MarketsModule } from '../../markets/index.js';
import { StorefrontCountriesController } from './storefront-countries.controller.js';
import { StorefrontProductsController } from './storefront-products.controller.js';
import { StorefrontTaxonsController } from './storefront-taxons.controller.js';

/** Storefront v2 read models: products, taxons, countries. */
@Module({
  imports: [CatalogModule, MarketsModule],
  controllers: [
    StorefrontProductsController,
    StorefrontTaxonsController,
    StorefrontCountriesController,
  ],
})
export class StorefrontCatalogModule {}
