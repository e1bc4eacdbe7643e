import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { PaginationQuery } from '../../../../common/pagination/pagination.query.js';
import { Optional } from '../../../../common/dto/presence.js';

/** Filters of the stock item list; each one given narrows it. */
export class ListStockItemsQuery extends PaginationQuery {
  @ApiPropertyOptional({ description: 'Only this variant’s items (`variant_…`)' })
  @Optional()
  @IsString()
  @MaxLength(64)
  variant_id?: string;

  @ApiPropertyOptional({ description: 'Only this location’s items (`sloc_…`)' })
  @Optional()
  @IsString()
  @MaxLength(64)
  stock_location_id?: string;
}
