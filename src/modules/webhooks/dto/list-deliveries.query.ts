import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../webhook-delivery.entity.js';

const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' ? true : value === 'false' ? false : value;

export class ListDeliveriesQuery extends PaginationQuery {
  @ApiPropertyOptional({ description: 'Exact event name, e.g. `order.completed`' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  event_name?: string;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Only successful (`true`) or failed (`false`)',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  success?: boolean;

  @ApiPropertyOptional({
    enum: DELIVERY_STATUSES,
    description: 'Only attempts in this state (`in_flight`, `succeeded`, `failed`, `interrupted`)',
  })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES)
  status?: DeliveryStatus;
}
