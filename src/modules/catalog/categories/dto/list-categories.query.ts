import { ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { PaginationQuery } from '../../../../common/pagination/pagination.query.js';
import { IsNameList } from '../../query/name-list.js';
import { Optional } from '../../../../common/dto/presence.js';

export const CATEGORY_SORTS = [
  'position',
  '-position',
  'name',
  '-name',
  'permalink',
  '-permalink',
  'created_at',
  '-created_at',
] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];

export const CATEGORY_EXPANDS = ['parent', 'children', 'ancestors'] as const;
export type CategoryExpand = (typeof CATEGORY_EXPANDS)[number];

export const CATEGORY_FIELDS = [
  'name',
  'permalink',
  'position',
  'depth',
  'meta_title',
  'meta_description',
  'meta_keywords',
  'children_count',
  'parent_id',
  'description',
  'description_html',
  'image_url',
  'square_image_url',
  'is_root',
  'is_child',
  'is_leaf',
] as const;

/** How categories are rendered: relations expanded and members kept. */
export class CategoryPresentationQuery {
  @ApiPropertyOptional({
    description: `Comma-separated relations to include: ${CATEGORY_EXPANDS.join(', ')}`,
    example: 'children',
  })
  @Optional()
  @IsNameList(CATEGORY_EXPANDS)
  expand?: string;

  @ApiPropertyOptional({
    description: `Comma-separated members to return (with \`id\`, always): ${CATEGORY_FIELDS.join(', ')}`,
  })
  @Optional()
  @IsNameList(CATEGORY_FIELDS)
  fields?: string;
}

export class ListCategoriesQuery extends IntersectionType(
  PaginationQuery,
  CategoryPresentationQuery,
) {
  @ApiPropertyOptional({ enum: CATEGORY_SORTS, default: 'position' })
  @Optional()
  @IsIn(CATEGORY_SORTS)
  sort: CategorySort = 'position';
}

/** The parameters of a category list besides its `q[...]` filters. */
export const CATEGORY_LIST_PARAMETERS = ['page', 'limit', 'sort', 'expand', 'fields'] as const;

/** The `q[...]` filters of `categories.list`. */
export const CATEGORY_FILTERS = {
  name_cont: 'text',
  parent_id_eq: 'text',
  depth_eq: 'integer',
  parent_id_null: 'boolean',
} as const;
