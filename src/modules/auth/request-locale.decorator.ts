import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { StoreContext } from '../stores/index.js';
import { headerValue } from './header-value.js';

export const LOCALE_HEADER = 'x-store-locale';

/**
 * The store's locale that best answers `wanted`: the same one in any case (`en-us` → `en-US`),
 * else the language alone (`de-AT` → `de`), else a regional form of it (`fr` → `fr-CA`).
 */
export function matchLocale(wanted: string, locales: readonly string[]): string | undefined {
  const lower = wanted.toLowerCase().replace('_', '-');
  const language = lower.split('-')[0];
  return (
    locales.find((locale) => locale.toLowerCase() === lower) ??
    locales.find((locale) => locale.toLowerCase() === language) ??
    locales.find((locale) => locale.toLowerCase().split('-')[0] === language)
  );
}

/**
 * The locale a Store API request asks for: the store's match for `X-Store-Locale`, else the
 * locale of the market serving `X-Store-Country`, else the store's default. A locale the store
 * does not have falls back the same way, as storefronts fall back to a default language.
 */
export function requestLocale(request: FastifyRequest, store: StoreContext): string {
  const sent = headerValue(request, LOCALE_HEADER);
  const locales = store.supportedLocales;
  return (
    (sent && matchLocale(sent, locales)) ||
    (request.countryMarket && matchLocale(request.countryMarket.locale, locales)) ||
    store.defaultLocale
  );
}

/**
 * The request's locale (see `requestLocale`); with `{ named: true }`, undefined when the request
 * names neither a locale nor a country.
 */
export const RequestLocale = createParamDecorator(
  (options: { named?: boolean } | undefined, context: ExecutionContext): string | undefined => {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const store = request.storeContext;
    if (!store) throw new Error('RequestLocale used on a route outside the Store API');
    const named =
      headerValue(request, LOCALE_HEADER) !== undefined || request.countryMarket !== undefined;
    return options?.named && !named ? undefined : requestLocale(request, store);
  },
);
