import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { StoreContext } from '../../stores/index.js';

export const CART_TOKEN_HEADER = 'x-store-token';

/** Who asks for a cart: the store, plus a signed-in customer and/or a cart token. */
export interface CartCaller {
  store: StoreContext;
  customerId: string | null;
  cartToken: string | null;
}

export function cartCallerOf(request: FastifyRequest): CartCaller {
  const store = request.storeContext;
  if (!store) throw new Error('CurrentCartCaller used on a route outside the Store API');
  const principal = request.principal;
  const header = request.headers[CART_TOKEN_HEADER];
  return {
    store,
    customerId: principal?.kind === 'customer' ? principal.customerId : null,
    cartToken: typeof header === 'string' && header.length > 0 ? header : null,
  };
}

/** The cart caller of a Store API request. */
export const CurrentCartCaller = createParamDecorator(
  (_: unknown, context: ExecutionContext): CartCaller =>
    cartCallerOf(context.switchToHttp().getRequest<FastifyRequest>()),
);
