import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, isISO8601, IsString, MaxLength, ValidateBy } from 'class-validator';
import { TaggedListQuery } from '../../../../common/tags/tag-filter.query.js';
import { ORDER_STATES, type OrderState } from '../../entities/order.entity.js';
import { Optional } from '../../../../common/dto/presence.js';

/** An ISO 8601 date or timestamp that JavaScript reads as the same instant. */
function isInstant(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    isISO8601(value, { strict: true }) &&
    !Number.isNaN(Date.parse(value))
  );
}

/** An optional ISO 8601 date or timestamp; anything else is 400 `parameter_invalid`. */
const InstantFilter = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ format: 'date-time', description }),
    Optional(),
    ValidateBy({
      name: 'isInstant',
      validator: {
        validate: isInstant,
        defaultMessage: () => '$property must be an ISO 8601 date or timestamp',
      },
    }),
  );

/** Filters of the admin order list; each one given narrows it. */
export class ListAdminOrdersQuery extends TaggedListQuery {
  @ApiPropertyOptional({ enum: ORDER_STATES })
  @Optional()
  @IsIn(ORDER_STATES, { message: `state must be one of: ${ORDER_STATES.join(', ')}` })
  state?: OrderState;

  @ApiPropertyOptional({ description: 'Exact email address, case-insensitive' })
  @Optional()
  @IsString()
  @MaxLength(254)
  email?: string;

  @ApiPropertyOptional({ description: 'Exact order number (e.g. R123456789)' })
  @Optional()
  @IsString()
  @MaxLength(32)
  number?: string;

  @InstantFilter('Completed at or after this instant')
  completed_at_gte?: string;

  @InstantFilter('Completed at or before this instant')
  completed_at_lte?: string;

  @ApiPropertyOptional({
    description:
      'An order id (`or_…`) of this list: the page starts right after it (then `page` is ignored)',
  })
  @Optional()
  @IsString()
  @MaxLength(64)
  starting_after?: string;
}
