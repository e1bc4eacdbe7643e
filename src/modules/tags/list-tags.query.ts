import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { TAGGABLE_TYPES } from './taggable-types.js';
import { Optional } from '../../common/dto/presence.js';

export class ListTagsQuery {
  @ApiProperty({ enum: Object.keys(TAGGABLE_TYPES) })
  @IsString()
  @MaxLength(50)
  taggable_type: string;

  @ApiPropertyOptional({ description: 'Only names containing this (case-insensitive)' })
  @Optional()
  @IsString()
  @MaxLength(100)
  q?: string;
}
