import type { ApiKeyType } from './api-key.entity.js';

/** Who is calling and for which store; every query of a request is scoped by `storeId`. */
export interface StoreContext {
  storeId: string;
  defaultCurrency: string;
  supportedCurrencies: string[];
  apiKeyId: string;
  keyType: ApiKeyType;
  scopes: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    storeContext?: StoreContext;
  }
}
