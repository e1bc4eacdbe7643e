import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { StoreContext } from './store-context.js';

/** The store the request's credentials belong to (set by the key guard). */
export const CurrentStore = createParamDecorator(
  (_: unknown, context: ExecutionContext): StoreContext => {
    const store = context.switchToHttp().getRequest<FastifyRequest>().storeContext;
    if (!store) throw new Error('CurrentStore used on a route without a store guard');
    return store;
  },
);
