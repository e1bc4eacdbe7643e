import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { AdminStockLocationsService } from './admin-stock-locations.service.js';
import { CreateStockLocationBody, UpdateStockLocationBody } from './dto/stock-location.body.js';

@ApiTags('Admin: stock')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/stock_locations')
export class AdminStockLocationsController {
  constructor(private readonly locations: AdminStockLocationsService) {}

  @Post()
  @RequireScope('write_stock')
  @ApiOperation({ summary: 'Create a stock location; `default: true` makes it the default one' })
  @ApiErrors('validation_error')
  create(@CurrentStore() store: StoreContext, @Body() body: CreateStockLocationBody) {
    return this.locations.create(store, body);
  }

  @Get()
  @RequireScope('read_stock')
  @ApiOperation({ summary: 'List stock locations, oldest first' })
  list(@CurrentStore() store: StoreContext, @Query() query: PaginationQuery) {
    return this.locations.list(store, query);
  }

  @Get(':id')
  @RequireScope('read_stock')
  @ApiOperation({ summary: 'One stock location, by `sloc_…` id' })
  @ApiErrors('record_not_found')
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.locations.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_stock')
  @ApiOperation({ summary: 'Change a stock location (name, active, default, address)' })
  @ApiErrors('record_not_found', 'validation_error')
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdateStockLocationBody,
  ) {
    return this.locations.update(store, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_stock')
  @ApiOperation({
    summary: 'Delete an unused stock location',
    description:
      'A location holding units, with shipments not yet shipped, or that orders shipped from is ' +
      '422 `resource_invalid` naming why; deactivate it (`active: false`) instead.',
  })
  @ApiErrors('record_not_found', 'resource_invalid')
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    await this.locations.remove(store, id);
  }
}
