import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsString, MaxLength } from 'class-validator';
import { PaginationQuery } from '../../../../../common/pagination/pagination.query.js';
import type { FilterSpec } from '../../../../../common/query/list-filters.js';
import { PRODUCT_STATUSES, type ProductStatus } from '../../../product.entity.js';
import { Optional } from '../../../../../common/dto/presence.js';

export const ADMIN_PRODUCT_SORTS = [
  'name',
  '-name',
  'created_at',
  '-created_at',
  'updated_at',
  '-updated_at',
] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

/** The Spree-style `q[...]` filters the list also takes, beside its plain parameters. */
export const ADMIN_PRODUCT_FILTERS = {
  name_cont: 'text',
  sku_eq: 'text',
  status_eq: 'text',
  tags_name_in: 'list',
  updated_at_gt: 'timestamp',
  updated_at_gte: 'timestamp',
  updated_at_lt: 'timestamp',
  updated_at_lte: 'timestamp',
} as const satisfies FilterSpec;

/** Query parameters other than the `q[...]` filters. */
export const ADMIN_PRODUCT_PARAMETERS = [
  'page',
  'limit',
  'sort',
  'name',
  'sku',
  'status',
  'tag',
  'category_id',
  'updated_after',
  'updated_before',
] as const;

export class ListAdminProductsQuery extends PaginationQuery {
  @ApiPropertyOptional({ enum: ADMIN_PRODUCT_SORTS, default: '-created_at' })
  @Optional()
  @IsIn(ADMIN_PRODUCT_SORTS)
  sort: AdminProductSort = '-created_at';

  @ApiPropertyOptional({ description: 'Part of the name, case-insensitive' })
  @Optional()
  @IsString()
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ description: 'A variant’s SKU, exactly (case-insensitive)' })
  @Optional()
  @IsString()
  @MaxLength(255)
  sku?: string;

  @ApiPropertyOptional({ enum: PRODUCT_STATUSES })
  @Optional()
  @IsIn(PRODUCT_STATUSES)
  status?: ProductStatus;

  @ApiPropertyOptional({ description: 'Products with this tag' })
  @Optional()
  @IsString()
  @MaxLength(255)
  tag?: string;

  @ApiPropertyOptional({ description: 'Products in this category (`ctg_…`)' })
  @Optional()
  @IsString()
  @MaxLength(64)
  category_id?: string;

  @ApiPropertyOptional({ description: 'Changed at or after this ISO 8601 time' })
  @Optional()
  @IsISO8601({ strict: true })
  updated_after?: string;

  @ApiPropertyOptional({ description: 'Changed before this ISO 8601 time' })
  @Optional()
  @IsISO8601({ strict: true })
  updated_before?: string;
}
