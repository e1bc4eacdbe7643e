import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { Country } from '../geography/index.js';
import { iso3Of } from './iso3.js';
import type { Market } from './markets.js';

/** Languages written right to left, by ISO 639-1 code. */
const RTL_LANGUAGES = new Set(['ar', 'dv', 'fa', 'he', 'ks', 'ku', 'ps', 'sd', 'ug', 'ur', 'yi']);

type NameKind = 'currency' | 'language' | 'region';
const displayNames = new Map<string, Intl.DisplayNames>();

/** `code`'s name of `kind` in `locale` (English when not given); undefined when unknown. */
function nameIn(locale: string | undefined, kind: NameKind, code: string): string | undefined {
  const key = `${kind}:${locale ?? 'en'}`;
  let names = displayNames.get(key);
  if (!names) {
    names = new Intl.DisplayNames([locale ?? 'en', 'en'], { type: kind, fallback: 'none' });
    // A store has a few locales; the cap only guards against an unbounded set of them.
    if (displayNames.size < 1_000) displayNames.set(key, names);
  }
  try {
    return names.of(code);
  } catch {
    return undefined;
  }
}

/** Whether names read in `locale` are the reference data's own (English) ones. */
const isEnglish = (locale: string | undefined) => !locale || /^en(-|$)/i.test(locale);

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

  market(market: Market, countries?: Country[], locale?: string): MarketView {
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
    if (countries) {
      view.countries = this.byName(countries, locale).map((country) =>
        this.country(country, { locale }),
      );
    }
    return view;
  }

  /**
   * A country; `states` is present when asked for. The reference data holds no subdivisions, so
   * the list is empty (addresses carry their state as text).
   */
  country(
    country: Country,
    options: { market?: Market | null; states?: boolean; locale?: string } = {},
  ): CountryView {
    const view: CountryView = {
      iso: country.iso,
      iso3: iso3Of(country.iso),
      name: this.countryName(country, options.locale),
      states_required: country.statesRequired,
      zipcode_required: country.zipcodeRequired,
    };
    if (options.states) view.states = [];
    if (options.market !== undefined)
      view.market = options.market ? this.market(options.market) : null;
    return view;
  }

  /** The country's name in `locale` (the reference data's English name when none is known). */
  countryName(country: Country, locale?: string): string {
    if (isEnglish(locale)) return country.name;
    return nameIn(locale, 'region', country.iso) ?? country.name;
  }

  /** The countries in the order of their names in `locale`. */
  byName(countries: Country[], locale?: string): Country[] {
    if (isEnglish(locale)) return countries;
    const collator = new Intl.Collator(locale);
    return countries
      .map((country) => ({ country, name: this.countryName(country, locale) }))
      .sort((a, b) => collator.compare(a.name, b.name))
      .map(({ country }) => country);
  }

  currency(isoCode: string, locale?: string) {
    const symbol =
      new Intl.NumberFormat('en', {
        style: 'currency',
        currency: isoCode,
        currencyDisplay: 'narrowSymbol',
      })
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value ?? isoCode;
    return { iso_code: isoCode, name: nameIn(locale, 'currency', isoCode) ?? isoCode, symbol };
  }

  /** A locale of the store, named in `displayLocale` (English when not given). */
  locale(code: string, isDefault: boolean, displayLocale?: string) {
    const language = code.split(/[-_]/)[0].toLowerCase();
    return {
      code,
      name: nameIn(displayLocale, 'language', code.replace('_', '-')) ?? code,
      default: isDefault,
      rtl: RTL_LANGUAGES.has(language),
    };
  }
}
