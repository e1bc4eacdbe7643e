import {
  applyDecorators,
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { storefrontCallerOf } from '../storefront-caller.js';
import { StorefrontCartResolver } from './storefront-cart-resolver.js';

interface CartOptions {
  /** Also an order already placed (completing twice answers the order). */
  allowPlaced?: boolean;
}

const CART_OPTIONS = 'storefront:cart-options';
const cartIds = new WeakMap<FastifyRequest, string>();

/**
 * Finds the cart a v2 request is about (see `StorefrontCartResolver`) while the request is
 * being admitted: a caller without an order token or customer token, or with one that opens no
 * cart, is refused before the body is parsed.
 */
@Injectable()
export class StorefrontCartGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly resolver: StorefrontCartResolver,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const options = this.reflector.get<CartOptions>(CART_OPTIONS, context.getHandler());
    cartIds.set(request, await this.resolver.cartId(storefrontCallerOf(request), options));
    return true;
  }
}

/** The route acts on the caller's cart, found by `StorefrontCartGuard`. */
export const OpensCart = (options: CartOptions = {}) =>
  applyDecorators(SetMetadata(CART_OPTIONS, options), UseGuards(StorefrontCartGuard));

/** The id of the cart `StorefrontCartGuard` found for the request. */
export const CallerCartId = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const id = cartIds.get(context.switchToHttp().getRequest<FastifyRequest>());
  if (id === undefined) throw new Error('CallerCartId used on a route without @OpensCart()');
  return id;
});
