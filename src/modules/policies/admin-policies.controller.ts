import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { CreatePolicyBody, UpdatePolicyBody } from './dto/admin-policy.body.js';
import { PoliciesService } from './policies.service.js';

@ApiTags('Admin: policies')
@ApiAdminAccess()
@Idempotent()
@ApiErrors('record_not_found')
@Controller('api/v3/admin/policies')
export class AdminPoliciesController {
  constructor(private readonly policies: PoliciesService) {}

  @Get()
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'The store’s policies, by name' })
  list(@CurrentStore() store: StoreContext, @Query() query: PaginationQuery) {
    return this.policies.list(store, query);
  }

  @Post()
  @RequireScope('write_settings')
  @ApiOperation({
    summary: 'Add a policy',
    description:
      '`body` is HTML, kept as written. A `slug` sent that the store has is 422 on `slug`; one made from the name gets -2, -3… instead.',
  })
  @ApiErrors('validation_error')
  create(@CurrentStore() store: StoreContext, @Body() body: CreatePolicyBody) {
    return this.policies.create(store, body);
  }

  @Get(':id')
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'One policy, by `pol_…` id' })
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.policies.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Change a policy’s name, slug or text' })
  @ApiErrors('validation_error')
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdatePolicyBody,
  ) {
    return this.policies.update(store, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Delete a policy' })
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    await this.policies.remove(store, id);
  }
}
