import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import { CreateZoneBody, UpdateZoneBody, ZonesService } from '../../geography/index.js';
import type { StoreContext } from '../../stores/index.js';

/** Zones: the countries a store sells in are derived from them (see `deriveMarkets`). */
@ApiTags('Admin: settings')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/zones')
export class AdminZonesController {
  constructor(private readonly zones: ZonesService) {}

  @Get()
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'List zones, by name' })
  list(@CurrentStore() store: StoreContext, @Query() query: PaginationQuery) {
    return this.zones.list(store, query);
  }

  @Post()
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Create a zone: a named set of countries' })
  @ApiErrors('validation_error')
  create(@CurrentStore() store: StoreContext, @Body() body: CreateZoneBody) {
    return this.zones.create(store, body);
  }

  @Get(':id')
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'One zone, by `zone_…` id' })
  @ApiErrors('record_not_found')
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.zones.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Change a zone; carts see the change at once' })
  @ApiErrors('validation_error', 'record_not_found')
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdateZoneBody,
  ) {
    return this.zones.update(store, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_settings')
  @ApiOperation({
    summary: 'Delete a zone; one used by tax rates or delivery methods is 422 resource_invalid',
  })
  @ApiErrors('resource_invalid', 'record_not_found')
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string): Promise<void> {
    await this.zones.remove(store, id);
  }
}
