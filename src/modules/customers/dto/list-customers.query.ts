import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';

export class ListCustomersQuery extends PaginationQuery {
  @ApiPropertyOptional({ description: 'Exact email address, case-insensitive' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  email?: string;
}
