import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import type { FilterSpec } from '../../../common/query/list-filters.js';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Optional } from '../../../common/dto/presence.js';

/** The `q[...]` filters of a customer's order history, as the storefront client sends them. */
export const ORDER_HISTORY_FILTERS = {
  /** Part of the order number. */
  search: 'text',
  state_eq: 'text',
  completed_at_gte: 'timestamp',
  completed_at_lte: 'timestamp',
} as const satisfies FilterSpec;

export const ORDER_HISTORY_SORTS = ['-completed_at', 'completed_at'] as const;

/** Query parameters other than the filters. */
export const ORDER_HISTORY_PARAMETERS = ['page', 'limit', 'sort'] as const;

export class OrderHistoryQuery extends PaginationQuery {
  @ApiPropertyOptional({ enum: ORDER_HISTORY_SORTS, default: '-completed_at' })
  @Optional()
  @IsIn(ORDER_HISTORY_SORTS)
  sort: (typeof ORDER_HISTORY_SORTS)[number] = '-completed_at';
}
