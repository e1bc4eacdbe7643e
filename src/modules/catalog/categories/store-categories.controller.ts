import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  ApiErrors,
  ApiPublishableKeyAccess,
  ApiResource,
  ApiResourceList,
} from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import type { RawQuery } from '../../../common/query/list-filters.js';
import { RawQueryParams } from '../../../platform/http/raw-query.decorator.js';
import { CategoryPresentationQuery, ListCategoriesQuery } from './dto/list-categories.query.js';
import { StoreCategoriesService } from './store-categories.service.js';

@ApiTags('Store: categories')
@ApiPublishableKeyAccess()
@Controller('api/v3/store/categories')
export class StoreCategoriesController {
  constructor(private readonly categories: StoreCategoriesService) {}

  @Get()
  @ApiResourceList('Category', { paginated: true })
  @ApiOperation({
    summary: 'The category tree, paginated',
    description:
      'Filters: `q[name_cont]`, `q[parent_id_eq]` (a `ctg_…` id), `q[depth_eq]`, `q[parent_id_null]` (true: roots only). Unknown filters are refused.',
  })
  list(
    @CurrentStore() store: StoreContext,
    @Query() query: ListCategoriesQuery,
    @RawQueryParams() raw: RawQuery,
  ) {
    return this.categories.list(store.storeId, query, raw);
  }

  // The permalink may contain slashes: the rest of the path is the wildcard parameter.
  @Get('*')
  @ApiParam({
    name: 'path',
    description:
      'A `ctg_…` id or a permalink, which may contain slashes (`categories/apparel/shirts`)',
  })
  @ApiResource('Category')
  @ApiErrors('record_not_found')
  @ApiOperation({ summary: 'One category, by prefixed id or permalink' })
  show(
    @CurrentStore() store: StoreContext,
    @Param('*') idOrPermalink: string,
    @Query() query: CategoryPresentationQuery,
  ) {
    return this.categories.show(store.storeId, idOrPermalink, query);
  }
}
