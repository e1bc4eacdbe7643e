import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentPrincipal, CurrentStore, type Principal, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { AdminStockItemsService } from './admin-stock-items.service.js';
import { ListStockItemsQuery } from './dto/list-stock-items.query.js';
import { CreateStockItemBody, UpdateStockItemBody } from './dto/stock-item.body.js';

@ApiTags('Admin: stock')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/stock_items')
export class AdminStockItemsController {
  constructor(private readonly items: AdminStockItemsService) {}

  @Get()
  @RequireScope('read_stock')
  @ApiOperation({ summary: 'List stock items; filter by `variant_id` and `stock_location_id`' })
  @ApiErrors('parameter_invalid')
  list(@CurrentStore() store: StoreContext, @Query() query: ListStockItemsQuery) {
    return this.items.list(store, query);
  }

  @Post()
  @RequireScope('write_stock')
  @ApiOperation({ summary: 'Stock a variant at a location where it has no stock item yet' })
  @ApiErrors('record_not_found', 'validation_error')
  create(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() caller: Principal,
    @Body() body: CreateStockItemBody,
  ) {
    return this.items.create(store, caller, body);
  }

  @Get(':id')
  @RequireScope('read_stock')
  @ApiOperation({ summary: 'One stock item, by `si_…` id' })
  @ApiErrors('record_not_found')
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.items.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_stock')
  @ApiOperation({
    summary: 'Set (`count_on_hand`) or adjust (`adjustment`) the count with a `reason`',
    description:
      'Also `backorderable`. The count never goes below zero unless the item is backorderable ' +
      '(422 `validation_error`); each count change is recorded as a stock movement.',
  })
  @ApiErrors('record_not_found', 'validation_error')
  update(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
    @Body() body: UpdateStockItemBody,
  ) {
    return this.items.update(store, caller, id, body);
  }

  @Get(':id/movements')
  @RequireScope('read_stock')
  @ApiOperation({ summary: 'The changes staff made to a stock item’s count, newest first' })
  @ApiErrors('record_not_found')
  movements(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Query() query: PaginationQuery,
  ) {
    return this.items.movementsOf(store, id, query);
  }
}
