import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { TaggedListQuery } from '../../../common/tags/tag-filter.query.js';
import { Optional } from '../../../common/dto/presence.js';

export class ListCustomersQuery extends TaggedListQuery {
  @ApiPropertyOptional({ description: 'Exact email address, case-insensitive' })
  @Optional()
  @IsString()
  @MaxLength(1000)
  email?: string;
}
