import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { StoreError } from '../../common/errors/store-error.js';
import {
  FailedAuthenticationLimiter,
  TooManyRefusals,
} from '../../platform/http/rate-limit/failed-authentication-limiter.js';
import type { RateLimitedKey } from '../../platform/http/rate-limit/rate-limited-key.js';
import { StoreDirectoryService } from '../stores/index.js';
import { AccessTokensService } from './access-tokens.service.js';
import type { Principal } from './principal.js';
import {
  ADMIN_SESSION_ROUTE,
  ANY_ADMIN_CALLER,
  REQUIRED_SCOPE,
  SCOPE_BY_QUERY,
  type ScopeByQuery,
  URL_TOKEN_ROUTE,
} from './access.decorators.js';
import { ApiKeyResolverService, type ResolvedKey } from './api-key-resolver.service.js';
import type { Scope } from './scopes.js';
import { TokenSubjects } from './token-subjects.js';
import { RequestLocalization } from './request-localization.js';
import { grants } from './scopes.js';

export const API_KEY_HEADER = 'x-store-api-key';
export const STORE_API_PATH = 'api/v3/store';
export const ADMIN_API_PATH = 'api/v3/admin';
export const STOREFRONT_V2_PATH = 'api/v2/storefront';
/** Where the Storefront v2 client asks for OAuth tokens: served as part of that API. */
export const STOREFRONT_OAUTH_PATH = 'spree_oauth';

export function apiOf(
  controllerPath: string | undefined,
): 'store' | 'admin' | 'storefront' | undefined {
  const path = (controllerPath ?? '').replace(/^\//, '');
  if (path.startsWith(ADMIN_API_PATH)) return 'admin';
  if (path.startsWith(STORE_API_PATH)) return 'store';
  if (path.startsWith(STOREFRONT_V2_PATH)) return 'storefront';
  if (path.startsWith(STOREFRONT_OAUTH_PATH)) return 'storefront';
  return undefined;
}

/** The `Authorization: Bearer` token, if any; a malformed header is 401 `invalid_token`. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match)
    throw new StoreError('invalid_token', 'The Authorization header must be "Bearer <token>"');
  return match[1];
}

/**
 * One guard for every API, applied to every route (fail closed). Store API: a publishable key,
 * plus a customer token when the shopper is signed in. Admin API: a secret key or a staff token,
 * holding the scope the route declares. Storefront v2: no key needed (the store comes from the
 * key if one is sent, else from the customer token, else from the `Host`); its cart routes
 * check the order token themselves.
 */
@Injectable()
export class ApiAccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeyResolverService,
    private readonly tokens: AccessTokensService,
    private readonly stores: StoreDirectoryService,
    private readonly failedAuthentication: FailedAuthenticationLimiter,
    private readonly subjects: TokenSubjects,
    private readonly localization: RequestLocalization,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const api = apiOf(Reflect.getMetadata(PATH_METADATA, context.getClass()) as string | undefined);
    if (!api) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    try {
      return await this.admit(context, api, request);
    } catch (error) {
      // Every credential is verified, even from an address over its failed-authentication budget:
      // one that verifies is served; one refused counts against the address, and is answered 429
      // instead of 401 once over budget, whatever the reason it was refused.
      const refusal =
        error instanceof StoreError && error.code === 'invalid_token'
          ? ((await this.failedAuthentication.overBudgetAfterRefusal(request)) ?? error)
          : error;
      if (refusal instanceof TooManyRefusals)
        void context
          .switchToHttp()
          .getResponse<FastifyReply>()
          .header('retry-after', refusal.retryAfterS);
      throw refusal;
    }
  }

  private async admit(
    context: ExecutionContext,
    api: 'store' | 'admin' | 'storefront',
    request: FastifyRequest,
  ): Promise<boolean> {
    if (api === 'storefront') return this.admitStorefrontCaller(request);
    if (api === 'store') {
      if (this.reflector.get<boolean>(URL_TOKEN_ROUTE, context.getHandler())) return true;
      await this.admitStoreCaller(request);
      const reply = context.switchToHttp().getResponse<FastifyReply>();
      await this.localization.apply(request, reply, request.storeContext!);
      return true;
    }
    if (this.reflector.get<boolean>(ADMIN_SESSION_ROUTE, context.getHandler())) {
      request.storeContext = (await this.requireKey(request, ['publishable', 'secret'])).store;
      return true;
    }
    await this.admitAdminCaller(request);
    if (this.reflector.get<boolean>(ANY_ADMIN_CALLER, context.getHandler())) return true;
    const scope = this.requiredScope(context, request);
    if (scope === undefined) return true;
    const principal = request.principal!;
    if (principal.kind === 'customer' || !grants(principal.scopes, scope)) {
      throw new StoreError('access_denied', `This operation needs the ${scope} scope`, {
        required_scope: scope,
      });
    }
    return true;
  }

  /** The route's scope: declared, or by a query parameter (undefined: the handler refuses). */
  private requiredScope(context: ExecutionContext, request: FastifyRequest): Scope | undefined {
    const byQuery = this.reflector.get<ScopeByQuery>(SCOPE_BY_QUERY, context.getHandler());
    if (!byQuery) return this.reflector.get<Scope>(REQUIRED_SCOPE, context.getHandler());
    const value = (request.query as Record<string, unknown> | undefined)?.[byQuery.param];
    return typeof value === 'string' && Object.hasOwn(byQuery.scopes, value)
      ? byQuery.scopes[value]
      : undefined;
  }

  private async admitStoreCaller(request: FastifyRequest): Promise<true> {
    const { store, key } = await this.requireKey(request, ['publishable']);
    request.storeContext = store;
    request.apiKey = key;
    request.principal = key;
    const token = bearerToken(request);
    if (token) {
      const claims = this.tokens.verify(token, 'customer');
      if (claims.storeId !== store.storeId)
        throw new StoreError('invalid_token', 'The access token is invalid');
      await this.requireSubject('customer', claims);
      request.principal = customerPrincipal(claims.subjectId);
    }
    return true;
  }

  private async admitStorefrontCaller(request: FastifyRequest): Promise<true> {
    const keyed = request.headers[API_KEY_HEADER] !== undefined;
    const keyStore = keyed ? (await this.requireKey(request, ['publishable'])).store : undefined;
    const token = bearerToken(request);
    const claims = token ? this.tokens.verify(token, 'customer') : undefined;
    if (claims && keyStore && claims.storeId !== keyStore.storeId) {
      throw new StoreError('invalid_token', 'The access token is invalid');
    }
    const store =
      keyStore ??
      (claims
        ? await this.stores.context(claims.storeId)
        : await this.stores.forHost(request.host));
    if (!store) {
      throw new StoreError(
        claims ? 'invalid_token' : 'record_not_found',
        claims ? 'The access token is invalid' : 'There is no store at this address',
      );
    }
    request.storeContext = store;
    if (claims) {
      await this.requireSubject('customer', claims);
      request.principal = customerPrincipal(claims.subjectId);
    }
    return true;
  }

  private async admitAdminCaller(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (token) {
      const claims = this.tokens.verify(token, 'staff');
      const store = await this.stores.context(claims.storeId);
      if (!store) throw new StoreError('invalid_token', 'The access token is invalid');
      await this.requireSubject('staff', claims);
      request.storeContext = store;
      request.principal = {
        kind: 'staff',
        credentialId: `staff:${claims.subjectId}`,
        staffUserId: claims.subjectId,
        scopes: claims.scopes ?? [],
      };
      return;
    }
    const { store, key } = await this.requireKey(request, ['secret']);
    request.storeContext = store;
    request.principal = key;
  }

  /** A token whose customer was deleted, or whose staff user was deleted or deactivated, is void. */
  private async requireSubject(
    subject: 'customer' | 'staff',
    claims: { storeId: string; subjectId: string },
  ): Promise<void> {
    const { storeId, subjectId } = claims;
    if (!(await this.subjects.exists({ subject, storeId, subjectId })))
      throw new StoreError('invalid_token', 'The access token is invalid');
  }

  private async requireKey(
    request: FastifyRequest,
    accepted: ResolvedKey['key']['keyType'][],
  ): Promise<ResolvedKey> {
    const token = request.headers[API_KEY_HEADER];
    if (token === undefined || token === '') {
      throw new StoreError(
        'authentication_required',
        'Credentials are required: an API key in X-Store-API-Key',
      );
    }
    const resolved = typeof token === 'string' ? await this.keys.resolve(token) : null;
    if (!resolved || !accepted.includes(resolved.key.keyType)) {
      throw new StoreError('invalid_token', 'The API key is invalid or has been revoked');
    }
    // The key that admits a request is the one whose rate-limit budget it spends.
    const { apiKeyId, keyType } = resolved.key;
    const rateLimited: RateLimitedKey = { apiKeyId, keyType };
    request.rateLimitedKey = rateLimited;
    return resolved;
  }
}

function customerPrincipal(customerId: string): Principal {
  return { kind: 'customer', credentialId: `customer:${customerId}`, customerId };
}
