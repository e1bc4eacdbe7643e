import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../../auth/index.js';
import type { StoreContext } from '../../../stores/index.js';
import { AdminProductsBulk } from './admin-products-bulk.js';
import { BulkCategoriesBody, BulkStatusBody, BulkProductTagsBody } from './dto/bulk.body.js';

const ALL_OR_NONE =
  'All or none: one transaction; an unknown id is 404 `record_not_found` naming it. Answers ' +
  '`{data}`, the products named; `product.updated` is published for each one changed.';

@ApiTags('Admin: products')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/products')
export class AdminProductsBulkController {
  constructor(private readonly bulk: AdminProductsBulk) {}

  @Post('bulk_status')
  @HttpCode(200)
  @RequireScope('write_products')
  @ApiOperation({ summary: 'Set the status of many products', description: ALL_OR_NONE })
  @ApiErrors('validation_error', 'record_not_found')
  setStatus(@CurrentStore() store: StoreContext, @Body() body: BulkStatusBody) {
    return this.bulk.setStatus(store, body);
  }

  @Post('bulk_add_tags')
  @HttpCode(200)
  @RequireScope('write_products')
  @ApiOperation({ summary: 'Tag many products', description: ALL_OR_NONE })
  @ApiErrors('validation_error', 'record_not_found')
  addTags(@CurrentStore() store: StoreContext, @Body() body: BulkProductTagsBody) {
    return this.bulk.addTags(store, body);
  }

  @Post('bulk_remove_tags')
  @HttpCode(200)
  @RequireScope('write_products')
  @ApiOperation({ summary: 'Untag many products', description: ALL_OR_NONE })
  @ApiErrors('validation_error', 'record_not_found')
  removeTags(@CurrentStore() store: StoreContext, @Body() body: BulkProductTagsBody) {
    return this.bulk.removeTags(store, body);
  }

  @Post('bulk_add_categories')
  @HttpCode(200)
  @RequireScope('write_products')
  @ApiOperation({ summary: 'Place many products in categories', description: ALL_OR_NONE })
  @ApiErrors('validation_error', 'record_not_found')
  addCategories(@CurrentStore() store: StoreContext, @Body() body: BulkCategoriesBody) {
    return this.bulk.addCategories(store, body);
  }

  @Post('bulk_remove_categories')
  @HttpCode(200)
  @RequireScope('write_products')
  @ApiOperation({ summary: 'Take many products out of categories', description: ALL_OR_NONE })
  @ApiErrors('validation_error', 'record_not_found')
  removeCategories(@CurrentStore() store: StoreContext, @Body() body: BulkCategoriesBody) {
    return this.bulk.removeCategories(store, body);
  }
}
