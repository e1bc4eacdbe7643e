import { Module } from '@nestjs/common';
import { CountryLookupService } from './country-lookup.service.js';
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
 */
@Module({
  controllers: [
    StoreCountriesController,
    StoreCurrenciesController,
    StoreLocalesController,
    StoreMarketsController,
  ],
  providers: [CountryLookupService, MarketDirectoryService, ReferenceDataSerializer],
  exports: [MarketDirectoryService, ReferenceDataSerializer],
})
export class MarketsModule {}
