import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import { PaginationQuery } from '../pagination/pagination.query.js';
import { MAX_TAG_LENGTH, MAX_TAGS } from './tag-list.field.js';
import { Optional } from '../dto/presence.js';

/** A query parameter given once or repeated, as a list. */
const asList = ({ value }: { value: unknown }) =>
  value === undefined || Array.isArray(value) ? value : [value];

/** One or more tag names; more than 100, or one longer than 255 characters, is 400. */
const TagFilter = (documentation: ApiPropertyOptions) =>
  applyDecorators(
    ApiPropertyOptional(documentation),
    Optional(),
    Transform(asList),
    IsArray(),
    ArrayMaxSize(MAX_TAGS),
    IsString({ each: true }),
    MaxLength(MAX_TAG_LENGTH, { each: true }),
  );

/** A page of a list of taggable records, narrowed to those carrying any of the tags named. */
export class TaggedListQuery extends PaginationQuery {
  @TagFilter({ type: [String], description: 'Only records carrying this tag (repeatable)' })
  tag?: string[];

  @TagFilter({ name: 'tags[]', type: [String], description: 'Only records carrying any of these' })
  'tags[]'?: string[];
}

/** The tag names a list query asks for (trimmed, deduplicated); undefined for no tag filter. */
export function tagsWanted(query: TaggedListQuery): string[] | undefined {
  const names = [...(query.tag ?? []), ...(query['tags[]'] ?? [])]
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  return names.length > 0 ? [...new Set(names)] : undefined;
}
