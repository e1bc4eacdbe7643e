import type { StoreContext } from '../stores/index.js';
import type { ApiKeyType } from './api-key.entity.js';

/** Who is calling. `credentialId` tells credentials apart (idempotency, rate limits). */
export type Principal =
  | {
      kind: 'api_key';
      credentialId: string;
      apiKeyId: string;
      keyType: ApiKeyType;
      scopes: string[];
    }
  | { kind: 'staff'; credentialId: string; staffUserId: string; scopes: string[] }
  | { kind: 'customer'; credentialId: string; customerId: string };

declare module 'fastify' {
  interface FastifyRequest {
    storeContext?: StoreContext;
    principal?: Principal;
    /** The API key principal when the request also carries a user token (store API). */
    apiKey?: Extract<Principal, { kind: 'api_key' }>;
    /** The market of the country the storefront names (`X-Store-Country`), when one serves it. */
    countryMarket?: { currency: string; locale: string };
  }
}
