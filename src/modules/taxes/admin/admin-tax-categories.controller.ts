import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { AdminTaxCategoriesService } from './admin-tax-categories.service.js';
import { CreateTaxCategoryBody, UpdateTaxCategoryBody } from './tax-category.body.js';

@ApiTags('Admin: settings')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/tax_categories')
export class AdminTaxCategoriesController {
  constructor(private readonly categories: AdminTaxCategoriesService) {}

  @Get()
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'List tax categories, oldest first' })
  list(@CurrentStore() store: StoreContext, @Query() query: PaginationQuery) {
    return this.categories.list(store, query);
  }

  @Post()
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Create a tax category; `is_default: true` makes it the default one' })
  @ApiErrors('validation_error', 'resource_invalid')
  create(@CurrentStore() store: StoreContext, @Body() body: CreateTaxCategoryBody) {
    return this.categories.create(store, body);
  }

  @Get(':id')
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'One tax category, by `taxcat_…` id' })
  @ApiErrors('record_not_found')
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.categories.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_settings')
  @ApiOperation({
    summary: 'Change a tax category',
    description:
      'A name or code another category has, a new code while products, tax rates or delivery ' +
      'methods use the category, and `is_default: false` on the default one are 422 `resource_invalid`.',
  })
  @ApiErrors('validation_error', 'record_not_found', 'resource_invalid')
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdateTaxCategoryBody,
  ) {
    return this.categories.update(store, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_settings')
  @ApiOperation({
    summary: 'Delete a tax category',
    description:
      'The default one, or one that products, tax rates or delivery methods use, is 422 `resource_invalid`.',
  })
  @ApiErrors('record_not_found', 'resource_invalid')
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string): Promise<void> {
    await this.categories.remove(store, id);
  }
}
