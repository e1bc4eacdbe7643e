import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { CustomersModule } from '../customers/index.js';
import { StoreWishedItemsController } from './store-wished-items.controller.js';
import { StoreWishlistsController } from './store-wishlists.controller.js';
import { WishedItemsService } from './wished-items.service.js';
import { WishedVariants } from './wished-variants.js';
import { WishlistPresenter } from './wishlist-presenter.js';
import { WishlistRecords } from './wishlist-records.js';
import { WishlistSerializer } from './wishlist.serializer.js';
import { WishlistTokens } from './wishlist-tokens.js';
import { WishlistsService } from './wishlists.service.js';

/** Customers' wishlists and the variants wished on them, shared by token. */
@Module({
  imports: [CatalogModule, CustomersModule],
  controllers: [StoreWishlistsController, StoreWishedItemsController],
  providers: [
    WishlistTokens,
    WishlistRecords,
    WishedVariants,
    WishlistPresenter,
    WishlistSerializer,
    WishlistsService,
    WishedItemsService,
  ],
  exports: [WishlistsService, WishedItemsService, WishlistRecords],
})
export class WishlistsModule {}
