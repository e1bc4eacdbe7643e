import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { TaggedListQuery } from '../../../common/tags/tag-filter.query.js';

export class ListCustomersQuery extends TaggedListQuery {
  @ApiPropertyOptional({ description: 'Exact email address, case-insensitive' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  email?: string;
}
