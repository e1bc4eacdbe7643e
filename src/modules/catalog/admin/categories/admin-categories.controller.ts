import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreError } from '../../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../../common/ids/public-id.js';
import type { RawQuery } from '../../../../common/query/list-filters.js';
import { Idempotent } from '../../../../platform/http/idempotency/idempotent.decorator.js';
import { RawQueryParams } from '../../../../platform/http/raw-query.decorator.js';
import {
  ApiAdminAccess,
  ApiErrors,
  ApiResource,
  ApiResourceList,
} from '../../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../../auth/index.js';
import type { StoreContext } from '../../../stores/index.js';
import {
  CategoryPresentationQuery,
  ListCategoriesQuery,
} from '../../categories/dto/list-categories.query.js';
import { StoreCategoriesService } from '../../categories/store-categories.service.js';
import { AdminCategoriesService } from './admin-categories.service.js';
import { CreateCategoryBody, RepositionCategoryBody, UpdateCategoryBody } from './category.body.js';

@ApiTags('Admin: products')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/categories')
export class AdminCategoriesController {
  constructor(
    private readonly categories: AdminCategoriesService,
    private readonly reader: StoreCategoriesService,
    private readonly ids: PublicIdCodec,
  ) {}

  @Get()
  @RequireScope('read_products')
  @ApiResourceList('Category', { paginated: true })
  @ApiOperation({
    summary: 'The category tree, paginated, as the Store API lists it',
    description:
      'Filters: `q[name_cont]`, `q[parent_id_eq]`, `q[depth_eq]`, `q[parent_id_null]`; `expand` parent, children, ancestors.',
  })
  list(
    @CurrentStore() store: StoreContext,
    @Query() query: ListCategoriesQuery,
    @RawQueryParams() raw: RawQuery,
  ) {
    return this.reader.list(store.storeId, query, raw);
  }

  @Post()
  @RequireScope('write_products')
  @ApiResource('Category', 201)
  @ApiOperation({
    summary: 'Create a category',
    description:
      "The permalink is the parent's followed by `permalink` (a slug) or the slug of the name; " +
      'a taken one is 422 `resource_invalid`. `position` places it among its siblings (default: last).',
  })
  @ApiErrors('validation_error', 'resource_invalid')
  create(@CurrentStore() store: StoreContext, @Body() body: CreateCategoryBody) {
    return this.categories.create(store, body);
  }

  @Get(':id')
  @RequireScope('read_products')
  @ApiResource('Category')
  @ApiOperation({ summary: 'One category, by `ctg_…` id' })
  @ApiErrors('record_not_found')
  show(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Query() query: CategoryPresentationQuery,
  ) {
    if (!this.ids.decode(ID_PREFIX.category, id)) throw StoreError.notFound('category');
    return this.reader.show(store.storeId, id, query);
  }

  @Patch(':id')
  @RequireScope('write_products')
  @ApiResource('Category')
  @ApiOperation({
    summary: 'Change a category',
    description:
      'A new name (or `permalink` segment) or parent rewrites the permalinks and depths of the whole subtree. ' +
      'A parent inside its own subtree is 422 `resource_invalid`.',
  })
  @ApiErrors('validation_error', 'record_not_found', 'resource_invalid')
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdateCategoryBody,
  ) {
    return this.categories.update(store, id, body);
  }

  @Patch(':id/reposition')
  @RequireScope('write_products')
  @ApiResource('Category')
  @ApiOperation({
    summary: 'Move a category within its parent or under another one',
    description:
      'Puts it at `position` (0 first) among the children of `parent_id` (absent: the same parent, ' +
      'null: the roots) and numbers the siblings 0, 1, 2… again. Moving it under itself or a ' +
      'descendant is 422 `resource_invalid`.',
  })
  @ApiErrors('validation_error', 'record_not_found', 'resource_invalid')
  reposition(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: RepositionCategoryBody,
  ) {
    return this.categories.reposition(store, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_products')
  @ApiOperation({
    summary: 'Delete a category with its subtree',
    description: 'Its products stay, out of the deleted categories.',
  })
  @ApiErrors('record_not_found')
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string): Promise<void> {
    await this.categories.remove(store, id);
  }
}
