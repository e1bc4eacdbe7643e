import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import type { RawQuery } from '../../../common/query/list-filters.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { RawQueryParams } from '../../../platform/http/raw-query.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { CreateAllowedOriginBody, UpdateAllowedOriginBody } from './allowed-origin.body.js';
import { AdminAllowedOriginsService } from './admin-allowed-origins.service.js';
import { readAllowedOriginsListing } from './list-allowed-origins.js';

/** The origins whose pages may call the store's Store API from a browser (CORS). */
@ApiTags('Admin: settings')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/allowed_origins')
export class AdminAllowedOriginsController {
  constructor(private readonly origins: AdminAllowedOriginsService) {}

  @Get()
  @RequireScope('read_settings')
  @ApiOperation({
    summary: 'List the store’s allowed origins',
    description:
      'Filter with `q[origin_cont]`; `sort` by `origin`, `created_at` or `updated_at` (`-` first ' +
      'for descending), oldest first by default.',
  })
  @ApiErrors('parameter_invalid')
  list(
    @CurrentStore() store: StoreContext,
    @Query() query: PaginationQuery,
    @RawQueryParams() raw: RawQuery,
  ) {
    return this.origins.list(store, query, readAllowedOriginsListing(raw));
  }

  @Post()
  @RequireScope('write_settings')
  @ApiOperation({
    summary: 'Allow an origin',
    description:
      'Pages of the origin may call the Store API from a browser at once, in every process. ' +
      'An origin already allowed, or a value that is not a bare http(s) origin, is 422 ' +
      '`validation_error` naming `origin`.',
  })
  @ApiErrors('validation_error')
  create(@CurrentStore() store: StoreContext, @Body() body: CreateAllowedOriginBody) {
    return this.origins.create(store, body);
  }

  @Get(':id')
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'One allowed origin, by `ao_…` id' })
  @ApiErrors('record_not_found')
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.origins.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Change an allowed origin' })
  @ApiErrors('validation_error', 'record_not_found')
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdateAllowedOriginBody,
  ) {
    return this.origins.update(store, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_settings')
  @ApiOperation({
    summary: 'Stop allowing an origin',
    description: 'Its pages’ requests get no CORS headers from then on, in every process.',
  })
  @ApiErrors('record_not_found')
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string): Promise<void> {
    await this.origins.remove(store, id);
  }
}
