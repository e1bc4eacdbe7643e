import { Injectable, type OnModuleInit } from '@nestjs/common';
import { growingLruCache } from '../../common/memo/growing-lru-cache.js';
import { CACHE_TOPIC, CacheInvalidation } from '../../platform/cache/index.js';
import { RequestLocalization } from '../auth/index.js';
import { MarketDirectoryService } from './market-directory.service.js';
import { type Market, marketFor } from './markets.js';

/**
 * The market serving a country, for storefronts that name theirs on every request
 * (`X-Store-Country`, see `RequestLocalization`). Kept 10 s per store: a change of zones,
 * delivery methods or tax rates reaches the header within that; a change of the store's settings
 * at once.
 */
@Injectable()
export class CountryMarkets implements OnModuleInit {
  private readonly cache = growingLruCache<string, Promise<Market[]>>(10_000, { ttl: 10_000 });

  constructor(
    private readonly directory: MarketDirectoryService,
    private readonly localization: RequestLocalization,
    invalidation: CacheInvalidation,
  ) {
    invalidation.onInvalidate(CACHE_TOPIC.store, (storeId) => this.cache.delete(storeId));
  }

  onModuleInit(): void {
    this.localization.use(async (storeId, countryIso) => {
      const market = await this.of(storeId, countryIso);
      return market && { currency: market.currency, locale: market.defaultLocale };
    });
  }

  async of(storeId: string, countryIso: string): Promise<Market | undefined> {
    let markets = this.cache.get(storeId);
    if (!markets) {
      markets = this.directory.ofStore(storeId).then((found) => found?.markets ?? []);
      markets.catch(() => this.cache.delete(storeId));
      this.cache.set(storeId, markets);
    }
    return marketFor(await markets, countryIso);
  }
}
