import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../../auth/index.js';
import type { StoreContext } from '../../../stores/index.js';
import { AdminOptionTypesService } from './admin-option-types.service.js';
import { CreateOptionTypeBody, UpdateOptionTypeBody } from './option-type.body.js';

@ApiTags('Admin: products')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/option_types')
export class AdminOptionTypesController {
  constructor(private readonly optionTypes: AdminOptionTypesService) {}

  @Get()
  @RequireScope('read_products')
  @ApiOperation({ summary: 'List option types with their values, by position' })
  list(@CurrentStore() store: StoreContext, @Query() query: PaginationQuery) {
    return this.optionTypes.list(store, query);
  }

  @Post()
  @RequireScope('write_products')
  @ApiOperation({
    summary: 'Create an option type, with its values in `option_values`',
    description: 'A name another option type has is 422 `resource_invalid`.',
  })
  @ApiErrors('validation_error', 'resource_invalid')
  create(@CurrentStore() store: StoreContext, @Body() body: CreateOptionTypeBody) {
    return this.optionTypes.create(store, body);
  }

  @Get(':id')
  @RequireScope('read_products')
  @ApiOperation({ summary: 'One option type with its values, by `opt_…` id' })
  @ApiErrors('record_not_found')
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.optionTypes.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_products')
  @ApiOperation({
    summary: 'Change an option type; `option_values`, when sent, is the complete list of values',
    description:
      'Values left out of `option_values` are deleted; one a variant has is 422 `resource_invalid`.',
  })
  @ApiErrors('validation_error', 'record_not_found', 'resource_invalid')
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdateOptionTypeBody,
  ) {
    return this.optionTypes.update(store, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_products')
  @ApiOperation({
    summary: 'Delete an option type with its values',
    description: 'While a variant has one of its values: 422 `resource_invalid` naming them.',
  })
  @ApiErrors('record_not_found', 'resource_invalid')
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string): Promise<void> {
    await this.optionTypes.remove(store, id);
  }
}
