import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { StoreError } from '../../common/errors/store-error.js';
import type { StoreContext } from '../stores/index.js';
import { headerValue } from './header-value.js';

export const CURRENCY_HEADER = 'x-store-currency';

/**
 * The currency a Store API request asks for: `X-Store-Currency` when sent (any case), else that
 * of the market serving the country the request names (`X-Store-Country`), else the store's
 * default. One the store does not sell in is 400 `parameter_invalid`.
 */
export function requestCurrency(request: FastifyRequest, store: StoreContext): string {
  const sent = headerValue(request, CURRENCY_HEADER);
  if (!sent) return request.countryMarket?.currency ?? store.defaultCurrency;
  const currency = sent.toUpperCase();
  if (!store.supportedCurrencies.includes(currency)) {
    throw new StoreError(
      'parameter_invalid',
      `X-Store-Currency must be one of ${store.supportedCurrencies.join(', ')}`,
      { 'X-Store-Currency': [`${sent.slice(0, 16)} is not a currency of this store`] },
    );
  }
  return currency;
}

/** The request's currency (see `requestCurrency`). */
export const RequestCurrency = createParamDecorator(
  (_: unknown, context: ExecutionContext): string => {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const store = request.storeContext;
    if (!store) throw new Error('RequestCurrency used on a route outside the Store API');
    return requestCurrency(request, store);
  },
);
