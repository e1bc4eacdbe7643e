/** What the market derivation reads of a store. */
export interface MarketStore {
  defaultCurrency: string;
  supportedCurrencies: string[];
  defaultLocale: string;
  /** Every locale of the store, its default first. */
  supportedLocales: string[];
}

/** A zone of the store, with what its delivery methods and tax rates say about selling there. */
export interface SellingZone {
  /** Internal key of the zone. */
  id: string;
  name: string;
  countryIsos: string[];
  /** Currencies of the zone's active delivery methods, in the store's order of those methods. */
  deliveryCurrencies: string[];
  /** Whether any tax rate applies to the zone. */
  taxed: boolean;
  /** Whether a tax rate of the zone is included in prices (VAT). */
  taxInclusive: boolean;
}

/** A selling region of a store: where it sells, in which currency and language. */
export interface Market {
  /** Internal key of the zone the market is derived from. */
  zoneId: string;
  name: string;
  currency: string;
  defaultLocale: string;
  supportedLocales: string[];
  taxInclusive: boolean;
  isDefault: boolean;
  countryIsos: string[];
}

/**
 * The markets of a store, derived from its zones; the store keeps no market records of its own.
 *
 * - A zone is a market when the store sells into it: an active delivery method ships there or a
 *   tax rate applies there. Zones nothing refers to are not markets.
 * - Its countries are the zone's countries, its name the zone's name, and its id the zone's id.
 * - Its currency is that of the zone's first active delivery method (in the store's order) priced
 *   in a currency the store supports; a zone without one (only taxed) sells in the store's default
 *   currency.
 * - Prices there include tax when a tax rate of the zone is included in the price (VAT).
 * - Its locale is the store's default locale, and it offers every locale of the store.
 * - The default market is the first (oldest zone) selling in the store's default currency, or the
 *   first market when none does.
 */
export function deriveMarkets(store: MarketStore, zones: SellingZone[]): Market[] {
  const markets = zones
    .filter((zone) => zone.deliveryCurrencies.length > 0 || zone.taxed)
    .map((zone) => ({
      zoneId: zone.id,
      name: zone.name,
      currency:
        zone.deliveryCurrencies.find((currency) => store.supportedCurrencies.includes(currency)) ??
        store.defaultCurrency,
      defaultLocale: store.defaultLocale,
      supportedLocales: [...store.supportedLocales],
      taxInclusive: zone.taxInclusive,
      isDefault: false,
      countryIsos: [...zone.countryIsos],
    }));
  const preferred =
    markets.find((market) => market.currency === store.defaultCurrency) ?? markets[0];
  if (preferred) preferred.isDefault = true;
  return markets;
}

/** The market that serves a country: the default market when it does, else the first that does. */
export function marketFor(markets: Market[], countryIso: string): Market | undefined {
  const serving = markets.filter((market) => market.countryIsos.includes(countryIso));
  return serving.find((market) => market.isDefault) ?? serving[0];
}
