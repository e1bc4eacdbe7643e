import {
  applyDecorators,
  createParamDecorator,
  type ExecutionContext,
  SetMetadata,
} from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { StoreError } from '../../common/errors/store-error.js';
import type { Principal } from './principal.js';
import type { StoreContext } from '../stores/index.js';
import type { Scope } from './scopes.js';

export const REQUIRED_SCOPE = 'store:required-scope';
export const ADMIN_SESSION_ROUTE = 'store:admin-session-route';
export const ANY_ADMIN_CALLER = 'store:any-admin-caller';
export const URL_TOKEN_ROUTE = 'store:url-token-route';
export const SCOPE_BY_QUERY = 'store:scope-by-query';

/** The scope an Admin API route needs. Every admin route declares one, or the app refuses to boot. */
export const RequireScope = (scope: Scope) =>
  applyDecorators(SetMetadata(REQUIRED_SCOPE, scope), ApiExtension('x-required-scope', scope));

/**
 * Admin routes that establish a staff session (login, refresh, logout): no staff token or
 * secret key yet, only a key naming the store.
 */
export const AdminSessionRoute = () => SetMetadata(ADMIN_SESSION_ROUTE, true);

/** The scope an Admin API route needs, by the value of one query parameter. */
export interface ScopeByQuery {
  param: string;
  scopes: Readonly<Record<string, Scope>>;
}

/**
 * An Admin API route whose scope depends on what it is asked about (`GET /tags?taggable_type=`):
 * the guard holds the caller to the scope of the parameter's value. A value with no scope is
 * admitted for the handler to refuse as invalid input.
 */
export const RequireScopeByQuery = (param: string, scopes: Readonly<Record<string, Scope>>) =>
  applyDecorators(
    SetMetadata(SCOPE_BY_QUERY, { param, scopes } satisfies ScopeByQuery),
    ApiExtension('x-required-scope-by-query', { param, scopes }),
  );

/**
 * Admin routes about the caller itself (e.g. `GET /me`): any authenticated admin caller, whatever
 * its scopes.
 */
export const AnyAdminCaller = () => SetMetadata(ANY_ADMIN_CALLER, true);

/**
 * Store API routes whose URL carries the credential (a digital download token): no API key is
 * needed, the handler checks the token and any customer token sent along.
 */
export const UrlTokenRoute = () => SetMetadata(URL_TOKEN_ROUTE, true);

function requestOf(context: ExecutionContext): FastifyRequest {
  return context.switchToHttp().getRequest<FastifyRequest>();
}

/** The store the request's credentials belong to. */
export const CurrentStore = createParamDecorator(
  (_: unknown, context: ExecutionContext): StoreContext => {
    const store = requestOf(context).storeContext;
    if (!store) throw new Error('CurrentStore used on a route outside the Store and Admin APIs');
    return store;
  },
);

/** The caller: an API key, a staff user or a customer. */
export const CurrentPrincipal = createParamDecorator(
  (_: unknown, context: ExecutionContext): Principal => {
    const principal = requestOf(context).principal;
    if (!principal) throw new StoreError('authentication_required');
    return principal;
  },
);

/** The signed-in customer's id; the route needs a customer token. */
export const CurrentCustomerId = createParamDecorator(
  (_: unknown, context: ExecutionContext): string => {
    const principal = requestOf(context).principal;
    if (principal?.kind !== 'customer') {
      throw new StoreError(
        'authentication_required',
        'A signed-in customer is required (Authorization: Bearer)',
      );
    }
    return principal.customerId;
  },
);
