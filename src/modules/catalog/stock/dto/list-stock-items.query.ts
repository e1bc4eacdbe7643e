import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PaginationQuery } from '../../../../common/pagination/pagination.query.js';

/** Filters of the stock item list; each one given narrows it. */
export class ListStockItemsQuery extends PaginationQuery {
  @ApiPropertyOptional({ description: 'Only this variant’s items (`variant_…`)' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  variant_id?: string;

  @ApiPropertyOptional({ description: 'Only this location’s items (`sloc_…`)' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  stock_location_id?: string;
}
