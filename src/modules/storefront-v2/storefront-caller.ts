import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { CartCaller } from '../orders/index.js';

/** The v2 name of the cart token (`X-Store-Token` in v3). */
export const ORDER_TOKEN_HEADER = 'x-store-order-token';

/** A v2 caller in the v3 services' terms: the store, the signed-in customer, the order token. */
export function storefrontCallerOf(request: FastifyRequest): CartCaller {
  const store = request.storeContext;
  if (!store) throw new Error('StorefrontCaller used outside the Storefront v2 API');
  const header = request.headers[ORDER_TOKEN_HEADER];
  const principal = request.principal;
  return {
    store,
    customerId: principal?.kind === 'customer' ? principal.customerId : null,
    cartToken: typeof header === 'string' && header.length > 0 ? header : null,
  };
}

/** The caller of a Storefront v2 request (see `storefrontCallerOf`). */
export const StorefrontCaller = createParamDecorator(
  (_: unknown, context: ExecutionContext): CartCaller =>
    storefrontCallerOf(context.switchToHttp().getRequest<FastifyRequest>()),
);
