/** The API key a request was admitted on, as the access guard records it; its budget is counted. */
export interface RateLimitedKey {
  apiKeyId: string;
  keyType: 'publishable' | 'secret';
}

declare module 'fastify' {
  interface FastifyRequest {
    rateLimitedKey?: RateLimitedKey;
  }
}
