import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { StoreError } from '../../common/errors/store-error.js';
import type { StoreContext } from '../stores/index.js';
import { headerValue } from './header-value.js';
import { LOCALE_HEADER, requestLocale } from './request-locale.decorator.js';

export const COUNTRY_HEADER = 'x-store-country';

/** The currency and locale of the market serving a country, when one does. */
export type CountryMarketOf = (
  storeId: string,
  countryIso: string,
) => Promise<{ currency: string; locale: string } | undefined>;

/**
 * Honours a storefront's country and locale headers once its store is known: `X-Store-Country`
 * (ISO 3166-1 alpha-2) picks the market serving that country, whose currency and locale the
 * request then defaults to (`requestCurrency`, `requestLocale`); a country no market serves
 * changes nothing. An answer to a request that named either says its locale (`Content-Language`).
 * Markets are known above this module: the markets module supplies the lookup (`use`).
 */
@Injectable()
export class RequestLocalization {
  private countryMarketOf: CountryMarketOf = () => Promise.resolve(undefined);

  use(countryMarketOf: CountryMarketOf): void {
    this.countryMarketOf = countryMarketOf;
  }

  async apply(request: FastifyRequest, reply: FastifyReply, store: StoreContext): Promise<void> {
    const country = headerValue(request, COUNTRY_HEADER);
    if (country === undefined && headerValue(request, LOCALE_HEADER) === undefined) return;
    if (country !== undefined) {
      if (!/^[A-Za-z]{2}$/.test(country)) {
        throw new StoreError(
          'parameter_invalid',
          'X-Store-Country must be an ISO 3166-1 alpha-2 country code',
          { 'X-Store-Country': [`${country.slice(0, 16)} is not a country code`] },
        );
      }
      const market = await this.countryMarketOf(store.storeId, country.toUpperCase());
      if (market) request.countryMarket = market;
    }
    void reply.header('content-language', requestLocale(request, store));
  }
}
