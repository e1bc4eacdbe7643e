import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import { ApiErrors } from '../../platform/openapi/api-docs.decorators.js';
import { CurrentPrincipal, CurrentStore, RequireScope } from '../auth/index.js';
import type { Principal } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { AdminRolesService } from './admin-roles.service.js';
import { CreateRoleBody, UpdateRoleBody } from './dto/role.body.js';

const NO_ESCALATION =
  'A caller needs every scope of the role, as it is and as it will be (403 `access_denied`, `details.required_scope`).';

@ApiTags('Admin: staff')
@ApiSecurity('secret-key')
@ApiBearerAuth('jwt')
@Idempotent()
@Controller('api/v3/admin/roles')
export class AdminRolesController {
  constructor(private readonly roles: AdminRolesService) {}

  @Get()
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'List staff roles, newest first' })
  list(@CurrentStore() store: StoreContext, @Query() query: PaginationQuery) {
    return this.roles.list(store, query);
  }

  @Post()
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Create a role: a named set of scopes', description: NO_ESCALATION })
  @ApiErrors('validation_error', 'access_denied')
  create(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() caller: Principal,
    @Body() body: CreateRoleBody,
  ) {
    return this.roles.create(store, caller, body);
  }

  @Get(':id')
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'One role, by `role_…` id' })
  @ApiErrors('record_not_found')
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.roles.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_settings')
  @ApiOperation({
    summary:
      'Rename a role or change its scopes; its staff users get the new scopes with their next access token (within 5 minutes)',
    description: NO_ESCALATION,
  })
  @ApiErrors('validation_error', 'access_denied', 'record_not_found')
  update(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
    @Body() body: UpdateRoleBody,
  ) {
    return this.roles.update(store, caller, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_settings')
  @ApiOperation({
    summary: 'Delete a role; one still given to staff users is 422 resource_invalid',
    description: NO_ESCALATION,
  })
  @ApiErrors('resource_invalid', 'access_denied', 'record_not_found')
  async remove(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
  ): Promise<void> {
    await this.roles.remove(store, caller, id);
  }
}
