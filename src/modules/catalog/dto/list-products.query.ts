import { ApiPropertyOptional, IntersectionType, PickType } from '@nestjs/swagger';
import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { IsNameList } from '../query/name-list.js';
import { Optional } from '../../../common/dto/presence.js';

export const PRODUCT_SORTS = [
  'name',
  '-name',
  'created_at',
  '-created_at',
  'updated_at',
  '-updated_at',
  'available_on',
  '-available_on',
  'price',
  '-price',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const DEFAULT_PRODUCT_SORT: ProductSort = '-created_at';

/** Relations a product can be rendered with. */
export const PRODUCT_EXPANDS = [
  'variants',
  'default_variant',
  'option_types',
  'option_values',
  'categories',
  'media',
  'primary_media',
] as const;
export type ProductExpand = (typeof PRODUCT_EXPANDS)[number];

/** Members of a product that `fields` may name (relations are asked for with `expand`). */
export const PRODUCT_FIELDS = [
  'name',
  'slug',
  'description',
  'description_html',
  'available_on',
  'available',
  'purchasable',
  'in_stock',
  'backorderable',
  'preorder',
  'preorder_ships_at',
  'meta_title',
  'meta_description',
  'meta_keywords',
  'tags',
  'thumbnail_url',
  'price',
  'original_price',
  'compare_at_price',
  'default_variant_id',
  'variant_count',
  'created_at',
  'updated_at',
] as const;

/** How products are rendered: relations expanded, members kept, the currency of prices. */
export class ProductPresentationQuery {
  @ApiPropertyOptional({
    description: `Comma-separated relations to include: ${PRODUCT_EXPANDS.join(', ')}`,
    example: 'variants,categories',
  })
  @Optional()
  @IsNameList(PRODUCT_EXPANDS)
  expand?: string;

  @ApiPropertyOptional({
    description: `Comma-separated members to return (with \`id\`, always): ${PRODUCT_FIELDS.join(', ')}`,
    example: 'name,slug,price',
  })
  @Optional()
  @IsNameList(PRODUCT_FIELDS)
  fields?: string;

  @ApiPropertyOptional({
    description:
      "Currency of the prices shown; one of the store's supported currencies (else X-Store-Currency, else the store's default)",
  })
  @Optional()
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code such as USD' })
  currency?: string;
}

export class ListProductsQuery extends IntersectionType(PaginationQuery, ProductPresentationQuery) {
  @ApiPropertyOptional({ enum: PRODUCT_SORTS, default: DEFAULT_PRODUCT_SORT })
  @Optional()
  @IsIn(PRODUCT_SORTS)
  sort: ProductSort = DEFAULT_PRODUCT_SORT;

  @ApiPropertyOptional({ description: 'Case-insensitive part of the product name' })
  @Optional()
  @IsString()
  @MaxLength(200)
  name?: string;
}

/** `products.filters`: the currency of the price range and the category the filters cover. */
export class ProductFiltersQuery extends PickType(ProductPresentationQuery, ['currency'] as const) {
  @ApiPropertyOptional({ description: 'A `ctg_…` id: only products in it or below it' })
  @Optional()
  @IsString()
  @MaxLength(100)
  category_id?: string;
}

/** The parameters of a product list besides its `q[...]` filters. */
export const PRODUCT_LIST_PARAMETERS = [
  'page',
  'limit',
  'sort',
  'name',
  'expand',
  'fields',
  'currency',
] as const;
