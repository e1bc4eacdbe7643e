import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { Optional } from '../../../common/dto/presence.js';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';

const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' ? true : value === 'false' ? false : value;

/** `GET /admin/newsletter_subscribers` (and its CSV export): verified or not, by address. */
export class ListNewsletterSubscribersQuery extends PaginationQuery {
  @ApiPropertyOptional({
    type: Boolean,
    description: 'Only verified (`true`) or pending (`false`)',
  })
  @Optional()
  @Transform(toBoolean)
  @IsBoolean()
  verified?: boolean;

  @ApiPropertyOptional({ description: 'Addresses containing this text, case-insensitive' })
  @Optional()
  @IsString()
  @MaxLength(254)
  q?: string;
}
