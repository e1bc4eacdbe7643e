import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { ProductView, VariantView } from '../catalog/index.js';
import type { ShownItem, ShownWishlist } from './wishlist-presenter.js';

/** What `expand` asks for: the items, and each item's product with them. */
export interface WishlistExpansion {
  items: boolean;
  products: boolean;
}

/** The client's `WishlistItem`. */
export interface WishlistItemView {
  id: string;
  variant_id: string;
  product_id: string;
  wishlist_id: string;
  quantity: number;
  variant: VariantView;
  product?: Partial<ProductView>;
}

/** The client's `Wishlist`. */
export interface WishlistView {
  id: string;
  name: string;
  token: string;
  is_default: boolean;
  is_private: boolean;
  items?: WishlistItemView[];
}

/** The v3 representation of wishlists and their items. */
@Injectable()
export class WishlistSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(shown: ShownWishlist, expand: WishlistExpansion): WishlistView {
    const { wishlist } = shown;
    return {
      id: this.ids.encode(ID_PREFIX.wishlist, wishlist.id),
      name: wishlist.name,
      token: shown.token,
      is_default: wishlist.isDefault,
      is_private: wishlist.isPrivate,
      ...(expand.items
        ? { items: shown.items.map((item) => this.item(item, expand.products)) }
        : {}),
    };
  }

  item(item: ShownItem, withProduct: boolean): WishlistItemView {
    return {
      id: this.ids.encode(ID_PREFIX.wishedItem, item.id),
      variant_id: item.variant.id,
      product_id: item.variant.product_id,
      wishlist_id: this.ids.encode(ID_PREFIX.wishlist, item.wishlistId),
      quantity: item.quantity,
      variant: item.variant,
      ...(withProduct ? { product: item.product } : {}),
    };
  }
}
