import { ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { Optional } from '../../../common/dto/presence.js';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import type { WishlistExpansion } from '../wishlist.serializer.js';

const EXPANSIONS = ['items', 'items.product'];
const EXPANSION_LIST = /^\s*(items(\.product)?)\s*(,\s*(items(\.product)?)\s*)*$/;

/** `expand=items` (and `items.product`): a list's items, and their products with them. */
export class WishlistQuery {
  @ApiPropertyOptional({ description: `Comma-separated, of: ${EXPANSIONS.join(', ')}` })
  @Optional()
  @IsString()
  @MaxLength(100)
  @Matches(EXPANSION_LIST, { message: `expand may only name: ${EXPANSIONS.join(', ')}` })
  expand?: string;
}

export class ListWishlistsQuery extends IntersectionType(PaginationQuery, WishlistQuery) {}

export function expansionOf(query: WishlistQuery): WishlistExpansion {
  const names = (query.expand ?? '').split(',').map((name) => name.trim());
  const products = names.includes('items.product');
  return { items: products || names.includes('items'), products };
}
