import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { growingLruCache } from '../../common/memo/growing-lru-cache.js';
import { CACHE_TOPIC, CacheInvalidation } from '../../platform/cache/index.js';
import { type Market, MarketDirectoryService, marketFor } from '../markets/index.js';
import type { PaymentMethod } from '../payments/index.js';
import { paymentMethodView, type PaymentMethodView } from './payment-method-view.js';

/** What a store offers every cart: the ways to pay and the markets it sells in. */
export interface StoreCheckoutOptions {
  /** Active methods a shopper picks for a cart (store credit is applied with its own route). */
  paymentMethods: PaymentMethodView[];
  markets: Market[];
}

/**
 * The checkout options of each store, kept for 30 s: every cart rendering shows them. A change of
 * the store's settings (payment methods, zones, rates, delivery methods) drops them in every
 * process at once. A miss in a transaction reads in it, so a rendering never waits for a second
 * connection; misses outside one share the read under way (a backlog of jobs starting together
 * reads a store's options once, not once per job).
 */
@Injectable()
export class StoreCheckoutOptionsCache {
  private readonly cache = growingLruCache<string, StoreCheckoutOptions>(10_000, { ttl: 30_000 });
  private readonly reading = new Map<string, Promise<StoreCheckoutOptions>>();
  /** Counts the drops, so that a read under way while one happened is not kept. */
  private drops = 0;

  constructor(
    private readonly ids: PublicIdCodec,
    private readonly marketDirectory: MarketDirectoryService,
    invalidation: CacheInvalidation,
  ) {
    invalidation.onInvalidate(CACHE_TOPIC.store, (storeId) => {
      this.drops += 1;
      this.cache.delete(storeId);
      this.reading.delete(storeId);
    });
  }

  of(manager: EntityManager, storeId: string): Promise<StoreCheckoutOptions> {
    const cached = this.cache.get(storeId);
    if (cached) return Promise.resolve(cached);
    if (manager.queryRunner?.isTransactionActive) return this.read(manager, storeId);
    let read = this.reading.get(storeId);
    if (!read) {
      read = this.read(manager, storeId).finally(() => {
        if (this.reading.get(storeId) === read) this.reading.delete(storeId);
      });
      this.reading.set(storeId, read);
    }
    return read;
  }

  private async read(manager: EntityManager, storeId: string): Promise<StoreCheckoutOptions> {
    const drops = this.drops;
    const methods: Pick<PaymentMethod, 'id' | 'name' | 'description' | 'type'>[] =
      await manager.query(
        `SELECT id::text AS id, name, description, type FROM payment_methods
         WHERE store_id = $1 AND active AND type <> 'store_credit' ORDER BY position, id`,
        [storeId],
      );
    const options: StoreCheckoutOptions = {
      paymentMethods: methods.map((method) => paymentMethodView(this.ids, method)),
      markets: (await this.marketDirectory.ofStore(storeId, manager))?.markets ?? [],
    };
    if (drops === this.drops) this.cache.set(storeId, options);
    return options;
  }
}

/**
 * The market an order sells in: the one serving its shipping country, else the store's default
 * market among those selling in the order's currency; null when no market fits.
 */
export function orderMarket(
  markets: Market[],
  currency: string,
  shipCountryIso: string | null,
): Market | null {
  const shipping = shipCountryIso === null ? undefined : marketFor(markets, shipCountryIso);
  if (shipping) return shipping;
  const inCurrency = markets.filter((market) => market.currency === currency);
  return inCurrency.find((market) => market.isDefault) ?? inCurrency[0] ?? null;
}
