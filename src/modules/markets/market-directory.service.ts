import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { localesOf } from '../stores/index.js';
import { type Market, type MarketStore, deriveMarkets, type SellingZone } from './markets.js';

/** A store's settings and markets, as the Store API's reference data presents them. */
export interface StoreMarkets {
  store: MarketStore;
  markets: Market[];
}

/** Reads what the markets of a store are derived from (see `deriveMarkets`). */
@Injectable()
export class MarketDirectoryService {
  constructor(private readonly dataSource: DataSource) {}

  /** `manager`: read in the caller's transaction rather than on a connection of its own. */
  async ofStore(
    storeId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<StoreMarkets | undefined> {
    const [store]: MarketStore[] = await manager.query(
      `SELECT default_currency AS "defaultCurrency", supported_currencies AS "supportedCurrencies",
              default_locale AS "defaultLocale", supported_locales AS "supportedLocales"
       FROM stores WHERE id = $1`,
      [storeId],
    );
    if (!store) return undefined;
    store.supportedLocales = localesOf(store);
    const zones: SellingZone[] = await manager.query(
      `SELECT z.id::text AS id, z.name, z.country_isos::text[] AS "countryIsos",
              ARRAY(SELECT dm.currency::text FROM delivery_methods dm
                    WHERE dm.id IN (SELECT dmz.delivery_method_id FROM delivery_method_zones dmz
                                    WHERE dmz.zone_id = z.id)
                      AND dm.store_id = z.store_id AND dm.active
                    ORDER BY dm.position, dm.id) AS "deliveryCurrencies",
              EXISTS (SELECT 1 FROM tax_rates tr
                      WHERE tr.zone_id = z.id AND tr.store_id = z.store_id) AS taxed,
              EXISTS (SELECT 1 FROM tax_rates tr
                      WHERE tr.zone_id = z.id AND tr.store_id = z.store_id
                        AND tr.included_in_price) AS "taxInclusive"
       FROM zones z WHERE z.store_id = $1 ORDER BY z.id`,
      [storeId],
    );
    return { store, markets: deriveMarkets(store, zones) };
  }
}
