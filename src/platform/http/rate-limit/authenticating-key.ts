import type { ExecutionContext } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import type { FastifyRequest } from 'fastify';
import { ADMIN_SESSION_ROUTE } from '../../../modules/auth/access.decorators.js';
import { API_KEY_HEADER, apiOf } from '../../../modules/auth/api-access.guard.js';
import type { ApiKeyType } from '../../../modules/auth/api-key.entity.js';
import type { ApiKeyResolver } from '../../../modules/auth/api-key-resolver.service.js';
import type { Principal } from '../../../modules/auth/principal.js';

type KeyPrincipal = Extract<Principal, { kind: 'api_key' }>;

/** The key types a route admits callers with when no user token does it instead. */
function keyTypesAdmitted(context: ExecutionContext, request: FastifyRequest): ApiKeyType[] {
  const api = apiOf(Reflect.getMetadata(PATH_METADATA, context.getClass()) as string | undefined);
  if (api === 'store') return ['publishable'];
  if (api !== 'admin') return [];
  if (Reflect.getMetadata(ADMIN_SESSION_ROUTE, context.getHandler()) === true)
    return ['publishable', 'secret'];
  return request.headers.authorization === undefined ? ['secret'] : [];
}

/**
 * The API key that admitted the request, if one did. Usually ApiAccessGuard recorded it: Store
 * API `request.apiKey` (also under a customer token), Admin API the principal when it is a key;
 * a staff token, not a key, admits the other admin calls. Admin session routes are admitted on a
 * key the guard does not record, so that key is resolved here from its header by the same rules
 * (through the resolver's cache); this also keeps the count right should this guard ever run
 * before the access guard.
 */
export async function authenticatingKey(
  context: ExecutionContext,
  request: FastifyRequest,
  keys: ApiKeyResolver,
): Promise<KeyPrincipal | undefined> {
  if (request.apiKey) return request.apiKey;
  if (request.principal)
    return request.principal.kind === 'api_key' ? request.principal : undefined;
  const admitted = keyTypesAdmitted(context, request);
  const token = request.headers[API_KEY_HEADER];
  if (admitted.length === 0 || typeof token !== 'string' || token === '') return undefined;
  const key = (await keys.resolve(token))?.key;
  return key && admitted.includes(key.keyType) ? key : undefined;
}
