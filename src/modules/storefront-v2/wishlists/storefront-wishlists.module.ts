import { Module } from '@nestjs/common';
import { WishlistsModule } from '../../wishlists/index.js';
import { StorefrontWishlistsController } from './storefront-wishlists.controller.js';

/** Storefront v2 wishlists, over the wishlists module's services. */
@Module({ imports: [WishlistsModule], controllers: [StorefrontWishlistsController] })
export class StorefrontWishlistsModule {}
