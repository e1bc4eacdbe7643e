export { CountryLookupService } from './country-lookup.service.js';
export { MarketDirectoryService } from './market-directory.service.js';
export type { StoreMarkets } from './market-directory.service.js';
export { deriveMarkets, marketFor } from './markets.js';
export type { Market, MarketStore, SellingZone } from './markets.js';
export { MarketsModule } from './markets.module.js';
export { ReferenceDataSerializer } from './reference-data.serializer.js';
export type { MarketView } from './reference-data.serializer.js';
