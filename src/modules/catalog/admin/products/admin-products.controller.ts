import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RawQuery } from '../../../../common/query/list-filters.js';
import { Idempotent } from '../../../../platform/http/idempotency/idempotent.decorator.js';
import { RawQueryParams } from '../../../../platform/http/raw-query.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../../auth/index.js';
import type { StoreContext } from '../../../stores/index.js';
import { AdminProductsList } from './admin-products-list.js';
import { AdminProductsService } from './admin-products.service.js';
import { ListAdminProductsQuery } from './dto/list-admin-products.query.js';
import { CreateProductBody, UpdateProductBody } from './dto/product.body.js';

@ApiTags('Admin: products')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/products')
export class AdminProductsController {
  constructor(
    private readonly products: AdminProductsService,
    private readonly lists: AdminProductsList,
  ) {}

  @Get()
  @RequireScope('read_products')
  @ApiOperation({
    summary: 'List products of every status, newest first, paginated',
    description:
      'Filters: `name` or `q[name_cont]`, `sku` or `q[sku_eq]`, `status` or `q[status_eq]`, `tag` or ' +
      '`q[tags_name_in][]`, `category_id`, `updated_after`/`updated_before` or ' +
      '`q[updated_at_gt|gte|lt|lte]`. `sort`: `name`, `created_at`, `updated_at` (`-` descending).',
  })
  @ApiErrors('parameter_invalid')
  list(
    @CurrentStore() store: StoreContext,
    @Query() query: ListAdminProductsQuery,
    @RawQueryParams() raw: RawQuery,
  ) {
    return this.lists.list(store, query, raw);
  }

  @Post()
  @RequireScope('write_products')
  @ApiOperation({
    summary: 'Create a product with its default variant (`sku`, `price` in `currency`)',
    description:
      'Status `draft` unless sent. The slug is made from the name unless sent; a slug sent that ' +
      'another product has is 422 `validation_error`, as is a SKU another variant has.',
  })
  @ApiErrors('validation_error', 'record_not_found')
  create(@CurrentStore() store: StoreContext, @Body() body: CreateProductBody) {
    return this.products.create(store, body);
  }

  @Get(':id')
  @RequireScope('read_products')
  @ApiOperation({ summary: 'One product, by `prod_…` id, with its variants and prices' })
  @ApiErrors('record_not_found')
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.products.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_products')
  @ApiOperation({
    summary: 'Change a product; `sku`, `price`, `compare_at_price` are its default variant’s',
  })
  @ApiErrors('record_not_found', 'validation_error', 'resource_invalid')
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdateProductBody,
  ) {
    return this.products.update(store, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_products')
  @ApiOperation({
    summary: 'Delete a product (softly: orders that sold it keep it; its slug and SKUs are freed)',
  })
  @ApiErrors('record_not_found')
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    await this.products.remove(store, id);
  }
}
