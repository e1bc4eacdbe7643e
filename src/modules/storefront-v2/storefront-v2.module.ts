import { Module } from '@nestjs/common';
import { StorefrontAccountModule } from './account/storefront-account.module.js';
import { StorefrontAuthModule } from './auth/storefront-auth.module.js';
import { StorefrontCartsModule } from './carts/storefront-carts.module.js';
import { StorefrontCatalogModule } from './catalog/storefront-catalog.module.js';
import { StorefrontCreditCardsModule } from './account/storefront-credit-cards.module.js';
import { StorefrontWishlistsModule } from './wishlists/storefront-wishlists.module.js';

/**
 * The Storefront API v2 (JSON:API, `application/vnd.api+json`): a presentation over the services
 * the v3 Store API calls, with no model or rule of its own.
 */
@Module({
  imports: [
    StorefrontCartsModule,
    StorefrontCatalogModule,
    StorefrontAccountModule,
    StorefrontCreditCardsModule,
    StorefrontAuthModule,
    StorefrontWishlistsModule,
  ],
})
export class StorefrontV2Module {}
