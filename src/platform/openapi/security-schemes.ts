import type { SecuritySchemeObject } from '@nestjs/swagger';

/** The credentials the APIs accept, as OpenAPI security schemes (ids used in requirements). */
export const SECURITY_SCHEMES = {
  publishableKey: {
    id: 'publishable-key',
    scheme: {
      type: 'apiKey',
      in: 'header',
      name: 'X-Store-API-Key',
      description: "The store's publishable key (`pk_…`): opens the Store API",
    },
  },
  cartToken: {
    id: 'cart-token',
    scheme: {
      type: 'apiKey',
      in: 'header',
      name: 'X-Store-Token',
      description: 'The cart token `POST /carts` answers with: lets a guest act on that cart',
    },
  },
  orderToken: {
    id: 'order-token',
    scheme: {
      type: 'apiKey',
      in: 'header',
      name: 'X-Store-Order-Token',
      description:
        'Storefront v2: the order token `POST /api/v2/storefront/cart` answers with (the v3 cart token)',
    },
  },
  secretKey: {
    id: 'secret-key',
    scheme: {
      type: 'apiKey',
      in: 'header',
      name: 'X-Store-API-Key',
      description: 'A secret key (`sk_…`) with the scopes the route needs: opens the Admin API',
    },
  },
  jwt: {
    id: 'jwt',
    scheme: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'A customer (Store API) or staff (Admin API) access token from `…/auth/login`',
    },
  },
} as const satisfies Record<string, { id: string; scheme: SecuritySchemeObject }>;
