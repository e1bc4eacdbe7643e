import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsString, MaxLength } from 'class-validator';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../webhook-delivery.entity.js';
import { Optional } from '../../../common/dto/presence.js';

const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' ? true : value === 'false' ? false : value;

export class ListDeliveriesQuery extends PaginationQuery {
  @ApiPropertyOptional({ description: 'Exact event name, e.g. `order.completed`' })
  @Optional()
  @IsString()
  @MaxLength(255)
  event_name?: string;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Only successful (`true`) or failed (`false`)',
  })
  @Optional()
  @Transform(toBoolean)
  @IsBoolean()
  success?: boolean;

  @ApiPropertyOptional({
    enum: DELIVERY_STATUSES,
    description: 'Only attempts in this state (`in_flight`, `succeeded`, `failed`, `interrupted`)',
  })
  @Optional()
  @IsIn(DELIVERY_STATUSES)
  status?: DeliveryStatus;

  @ApiPropertyOptional({
    description:
      'A delivery id (`whd_…`) of this list: the page starts right after it (then `page` is ignored)',
  })
  @Optional()
  @IsString()
  @MaxLength(64)
  starting_after?: string;
}
