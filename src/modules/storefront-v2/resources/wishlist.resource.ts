import { Money } from '../../../common/money/money.js';
import type { ShownItem, ShownWishlist } from '../../wishlists/index.js';
import type { ResourceNode } from '../json-api/resource.js';
import { variantResource } from './variant.resource.js';

/** The public ids of wishlists and wished items (the same as the v3 Store API's). */
export interface WishlistPublicIds {
  wishlist(id: string): string;
  item(id: string): string;
}

/**
 * A wished item as v2's `wished_item`: the quantity, the variant's price in the request currency
 * and its total for that quantity, each with its display twin.
 */
export function wishedItemResource(item: ShownItem, ids: WishlistPublicIds): ResourceNode {
  const price = item.variant.price;
  const amount = price?.amount != null ? Money.of(price.amount, price.currency) : null;
  const total = amount?.times(item.quantity).round() ?? null;
  return {
    type: 'wished_item',
    id: ids.item(item.id),
    attributes: {
      variant_id: item.variant.id,
      wishlist_id: ids.wishlist(item.wishlistId),
      quantity: item.quantity,
      price: amount?.toString() ?? null,
      total: total?.toString() ?? null,
      display_price: amount?.format() ?? null,
      display_total: total?.format() ?? null,
    },
    relationships: { variant: variantResource(item.variant) },
  };
}

/**
 * A wishlist as v2's `wishlist`; `variant_included` says whether the variant the request asked
 * about (`is_variant_included`) is on it.
 */
export function wishlistResource(
  shown: ShownWishlist,
  ids: WishlistPublicIds,
  askedVariantId?: string,
): ResourceNode {
  const { wishlist } = shown;
  return {
    type: 'wishlist',
    id: ids.wishlist(wishlist.id),
    attributes: {
      token: shown.token,
      name: wishlist.name,
      is_private: wishlist.isPrivate,
      is_default: wishlist.isDefault,
      variant_included:
        askedVariantId !== undefined &&
        shown.items.some((item) => item.variant.id === askedVariantId),
    },
    relationships: {
      wished_items: shown.items.map((item) => wishedItemResource(item, ids)),
    },
  };
}
