import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsString, MaxLength } from 'class-validator';
import { MAX_TAGS, TagListField } from './tag-list.field.js';

/** Tags to add to, or remove from, each of several records of one kind. */
export class BulkTagsBody {
  @ApiProperty({ type: [String], maxItems: MAX_TAGS, description: 'The records’ public ids' })
  @ArrayNotEmpty()
  @IsArray()
  @ArrayMaxSize(MAX_TAGS)
  @IsString({ each: true, message: 'each of $property must be a string' })
  @MaxLength(64, { each: true, message: 'each of $property must be at most 64 characters' })
  ids: string[];

  @TagListField({ required: true, description: 'Tag names (trimmed, deduplicated)' })
  tags: string[];
}
