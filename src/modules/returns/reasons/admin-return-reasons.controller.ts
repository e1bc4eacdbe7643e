import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { CreateReturnReasonBody, UpdateReturnReasonBody } from './dto/return-reason.body.js';
import { ReturnReasonsService } from './return-reasons.service.js';

@ApiTags('Admin: returns')
@ApiAdminAccess()
@Idempotent()
@ApiErrors('record_not_found')
@Controller('api/v3/admin/return_authorization_reasons')
export class AdminReturnReasonsController {
  constructor(private readonly reasons: ReturnReasonsService) {}

  @Get()
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'The store’s return reasons, oldest first' })
  list(@CurrentStore() store: StoreContext, @Query() query: PaginationQuery) {
    return this.reasons.list(store, query);
  }

  @Post()
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Add a return reason (a name the store has is 422 on `name`)' })
  @ApiErrors('validation_error')
  create(@CurrentStore() store: StoreContext, @Body() body: CreateReturnReasonBody) {
    return this.reasons.create(store, body);
  }

  @Get(':id')
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'One return reason, by `rar_…` id' })
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.reasons.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Rename a return reason, or stop or start offering it' })
  @ApiErrors('validation_error')
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdateReturnReasonBody,
  ) {
    return this.reasons.update(store, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_settings')
  @ApiOperation({
    summary: 'Delete a return reason no return names (else 422 `resource_invalid`)',
  })
  @ApiErrors('resource_invalid')
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    await this.reasons.remove(store, id);
  }
}
