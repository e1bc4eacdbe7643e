import { ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';

export const PRODUCT_SORTS = [
  'name',
  '-name',
  'created_at',
  '-created_at',
  'updated_at',
  '-updated_at',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** How products are rendered: which relations are expanded and in which currency prices show. */
export class ProductPresentationQuery {
  @ApiPropertyOptional({
    description: 'Comma-separated relations to include; `variants` is supported',
    example: 'variants',
  })
  @IsOptional()
  @IsString()
  @Matches(/^variants(,variants)*$/, { message: 'expand may only name: variants' })
  expand?: string;

  @ApiPropertyOptional({
    description: "Currency of the prices shown; one of the store's supported currencies",
  })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code such as USD' })
  currency?: string;
}

export class ListProductsQuery extends IntersectionType(PaginationQuery, ProductPresentationQuery) {
  @ApiPropertyOptional({ enum: PRODUCT_SORTS, default: '-created_at' })
  @IsOptional()
  @IsIn(PRODUCT_SORTS)
  sort: ProductSort = '-created_at';

  @ApiPropertyOptional({ description: 'Case-insensitive part of the product name' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;
}

export function expandsVariants(query: ProductPresentationQuery): boolean {
  return query.expand?.split(',').includes('variants') ?? false;
}
