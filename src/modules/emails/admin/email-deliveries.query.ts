import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { Optional } from '../../../common/dto/presence.js';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import {
  EMAIL_DELIVERY_STATUSES,
  type EmailDeliveryStatus,
} from '../deliveries/email-delivery.entity.js';

export class ListEmailDeliveriesQuery extends PaginationQuery {
  @ApiPropertyOptional({ description: 'Only deliveries of this mail, e.g. `order_confirmation`' })
  @Optional()
  @IsString()
  @MaxLength(64)
  mail?: string;

  @ApiPropertyOptional({
    enum: EMAIL_DELIVERY_STATUSES,
    description: 'Only deliveries in this state',
  })
  @Optional()
  @IsIn(EMAIL_DELIVERY_STATUSES)
  status?: EmailDeliveryStatus;

  @ApiPropertyOptional({
    description:
      'A delivery id (`ed_…`) of this list: the page starts right after it (then `page` is ignored)',
  })
  @Optional()
  @IsString()
  @MaxLength(64)
  starting_after?: string;
}
