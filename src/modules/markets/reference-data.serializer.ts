import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { Country } from '../geography/index.js';
import { iso3Of } from './iso3.js';
import type { Market } from './markets.js';

/** Languages written right to left, by ISO 639-1 code. */
const RTL_LANGUAGES = new Set(['ar', 'dv', 'fa', 'he', 'ks', 'ku', 'ps', 'sd', 'ug', 'ur', 'yi']);

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

export interface MarketView {
  id: string;
  name: string;
  currency: string;
  default_locale: string;
  tax_inclusive: boolean;
  default: boolean;
  country_isos: string[];
  supported_locales: string[];
  countries?: CountryView[];
}

export interface StateView {
  abbr: string;
  name: string;
}

export interface CountryView {
  iso: string;
  iso3: string;
  name: string;
  states_required: boolean;
  zipcode_required: boolean;
  states?: StateView[];
  market?: MarketView | null;
}

/** Renders countries, markets, currencies and locales for the Store API. */
@Injectable()
export class ReferenceDataSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  marketId(market: Market): string {
    return this.ids.encode(ID_PREFIX.zone, market.zoneId);
  }

  /** The internal zone key of a market id, or `undefined` when it is not a market id. */
  zoneKeyOf(marketId: string): string | undefined {
    return this.ids.decode(ID_PREFIX.zone, marketId);
  }

  market(market: Market, countries?: Country[]): MarketView {
    const view: MarketView = {
      id: this.marketId(market),
      name: market.name,
      currency: market.currency,
      default_locale: market.defaultLocale,
      tax_inclusive: market.taxInclusive,
      default: market.isDefault,
      country_isos: market.countryIsos,
      supported_locales: market.supportedLocales,
    };
    if (countries) view.countries = countries.map((country) => this.country(country));
    return view;
  }

  /**
   * A country; `states` is present when asked for. The reference data holds no subdivisions, so
   * the list is empty (addresses carry their state as text).
   */
  country(
    country: Country,
    options: { market?: Market | null; states?: boolean } = {},
  ): CountryView {
    const view: CountryView = {
      iso: country.iso,
      iso3: iso3Of(country.iso),
      name: country.name,
      states_required: country.statesRequired,
      zipcode_required: country.zipcodeRequired,
    };
    if (options.states) view.states = [];
    if (options.market !== undefined)
      view.market = options.market ? this.market(options.market) : null;
    return view;
  }

  currency(isoCode: string) {
    const symbol =
      new Intl.NumberFormat('en', {
        style: 'currency',
        currency: isoCode,
        currencyDisplay: 'narrowSymbol',
      })
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value ?? isoCode;
    return { iso_code: isoCode, name: currencyNames.of(isoCode) ?? isoCode, symbol };
  }

  locale(code: string, isDefault: boolean) {
    const language = code.split(/[-_]/)[0].toLowerCase();
    return {
      code,
      name: languageNames.of(code.replace('_', '-')) ?? code,
      default: isDefault,
      rtl: RTL_LANGUAGES.has(language),
    };
  }
}
