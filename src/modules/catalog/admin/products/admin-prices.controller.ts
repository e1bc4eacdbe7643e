import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../../auth/index.js';
import type { StoreContext } from '../../../stores/index.js';
import { AdminPricesService } from './admin-prices.service.js';
import { CreatePriceBody, UpdatePriceBody } from './dto/price.body.js';

@ApiTags('Admin: products')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/products/:product_id/variants/:variant_id/prices')
export class AdminPricesController {
  constructor(private readonly prices: AdminPricesService) {}

  @Get()
  @RequireScope('read_products')
  @ApiOperation({ summary: 'The variant’s prices, one per currency' })
  @ApiErrors('record_not_found')
  list(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Param('variant_id') variantId: string,
    @Query() query: PaginationQuery,
  ) {
    return this.prices.list(store, { productId, variantId }, query);
  }

  @Post()
  @RequireScope('write_products')
  @ApiOperation({
    summary: 'Price the variant in another of the store’s currencies',
    description:
      '`{amount, currency, compare_at_amount?}`; a currency the store does not sell in, or one ' +
      'the variant already has a price in, is 422 `validation_error`.',
  })
  @ApiErrors('record_not_found', 'validation_error')
  create(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Param('variant_id') variantId: string,
    @Body() body: CreatePriceBody,
  ) {
    return this.prices.create(store, { productId, variantId }, body);
  }

  @Get(':id')
  @RequireScope('read_products')
  @ApiOperation({ summary: 'One price, by `price_…` id' })
  @ApiErrors('record_not_found')
  show(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Param('variant_id') variantId: string,
    @Param('id') id: string,
  ) {
    return this.prices.show(store, { productId, variantId }, id);
  }

  @Patch(':id')
  @RequireScope('write_products')
  @ApiOperation({ summary: 'Change a price’s `amount` or `compare_at_amount`' })
  @ApiErrors('record_not_found', 'validation_error')
  update(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Param('variant_id') variantId: string,
    @Param('id') id: string,
    @Body() body: UpdatePriceBody,
  ) {
    return this.prices.update(store, { productId, variantId }, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_products')
  @ApiOperation({
    summary: 'Delete a price; the one in the store’s default currency is 422 `resource_invalid`',
  })
  @ApiErrors('record_not_found', 'resource_invalid')
  async remove(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Param('variant_id') variantId: string,
    @Param('id') id: string,
  ) {
    await this.prices.remove(store, { productId, variantId }, id);
  }
}
