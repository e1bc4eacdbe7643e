import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { AdminTaxRatesService } from './admin-tax-rates.service.js';
import { CreateTaxRateBody, UpdateTaxRateBody } from './tax-rate.body.js';

@ApiTags('Admin: settings')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/tax_rates')
export class AdminTaxRatesController {
  constructor(private readonly rates: AdminTaxRatesService) {}

  @Get()
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'List tax rates' })
  list(@CurrentStore() store: StoreContext, @Query() query: PaginationQuery) {
    return this.rates.list(store, query);
  }

  @Post()
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Create a tax rate for a zone and tax category' })
  @ApiErrors('validation_error')
  create(@CurrentStore() store: StoreContext, @Body() body: CreateTaxRateBody) {
    return this.rates.create(store, body);
  }

  @Get(':id')
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'One tax rate, by `txr_…` id' })
  @ApiErrors('record_not_found')
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.rates.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Change a tax rate; cart totals follow at once' })
  @ApiErrors('validation_error', 'record_not_found')
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdateTaxRateBody,
  ) {
    return this.rates.update(store, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Delete a tax rate' })
  @ApiErrors('record_not_found')
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string): Promise<void> {
    await this.rates.remove(store, id);
  }
}
