import { Module } from '@nestjs/common';
import { GeographyModule } from '../geography/index.js';
import { AdminStoreController } from './admin/admin-store.controller.js';
import { AdminZonesController } from './admin/admin-zones.controller.js';
import { CountryLookupService } from './country-lookup.service.js';
import { CountryMarkets } from './country-markets.js';
import { MarketDirectoryService } from './market-directory.service.js';
import { ReferenceDataSerializer } from './reference-data.serializer.js';
import { StoreCountriesController } from './store-countries.controller.js';
import {
  StoreCurrenciesController,
  StoreLocalesController,
} from './store-localization.controller.js';
import { StoreMarketsController } from './store-markets.controller.js';

/**
 * Store API reference data: countries, currencies, locales and markets. Markets are derived from
 * the store's zones, delivery methods and tax rates (see `deriveMarkets`); nothing is stored here.
 * The Admin API's store settings and zones are served here too, as what markets derive from.
 */
@Module({
  imports: [GeographyModule],
  controllers: [
    AdminStoreController,
    AdminZonesController,
    StoreCountriesController,
    StoreCurrenciesController,
    StoreLocalesController,
    StoreMarketsController,
  ],
  providers: [
    CountryLookupService,
    CountryMarkets,
    MarketDirectoryService,
    ReferenceDataSerializer,
  ],
  exports: [MarketDirectoryService, ReferenceDataSerializer, CountryLookupService],
})
export class MarketsModule {}
