import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../../auth/index.js';
import type { StoreContext } from '../../../stores/index.js';
import { AdminVariantsService } from './admin-variants.service.js';
import { CreateVariantBody, UpdateVariantBody } from './dto/variant.body.js';

@ApiTags('Admin: products')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/products/:product_id/variants')
export class AdminVariantsController {
  constructor(private readonly variants: AdminVariantsService) {}

  @Get()
  @RequireScope('read_products')
  @ApiOperation({ summary: 'The product’s variants in their order, the default first' })
  @ApiErrors('record_not_found')
  list(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Query() query: PaginationQuery,
  ) {
    return this.variants.list(store, productId, query);
  }

  @Post()
  @RequireScope('write_products')
  @ApiOperation({
    summary:
      'Add a variant: `sku`, `option_value_ids`, `price` in `currency`, measures, stock flags',
    description:
      'Without a price it takes the default variant’s prices. Stock items are made at every ' +
      'location (`backorderable` sets theirs). A SKU another variant has is 422 `validation_error`.',
  })
  @ApiErrors('record_not_found', 'validation_error')
  create(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Body() body: CreateVariantBody,
  ) {
    return this.variants.create(store, productId, body);
  }

  @Get(':id')
  @RequireScope('read_products')
  @ApiOperation({ summary: 'One variant, by `variant_…` id, with its prices' })
  @ApiErrors('record_not_found')
  show(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Param('id') id: string,
  ) {
    return this.variants.show(store, productId, id);
  }

  @Patch(':id')
  @RequireScope('write_products')
  @ApiOperation({ summary: 'Change a variant (`price` sets its price in `currency`)' })
  @ApiErrors('record_not_found', 'validation_error', 'resource_invalid')
  update(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Param('id') id: string,
    @Body() body: UpdateVariantBody,
  ) {
    return this.variants.update(store, productId, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_products')
  @ApiOperation({
    summary: 'Delete a variant (softly); a product’s only variant is 422 `resource_invalid`',
  })
  @ApiErrors('record_not_found', 'resource_invalid')
  async remove(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Param('id') id: string,
  ) {
    await this.variants.remove(store, productId, id);
  }
}
