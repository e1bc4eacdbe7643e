import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import { ApiErrors } from '../../platform/openapi/api-docs.decorators.js';
import { CurrentPrincipal, CurrentStore, RequireScope } from '../auth/index.js';
import type { Principal } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { AdminStaffUsersService } from './admin-staff-users.service.js';
import { CreateStaffUserBody, UpdateStaffUserBody } from './dto/staff-user.body.js';

const NO_ESCALATION =
  'A caller needs every scope of the role given and of the role the user has (403 `access_denied`, `details.required_scope`); staff users cannot change their own role, deactivate or delete themselves.';

@ApiTags('Admin: staff')
@ApiSecurity('secret-key')
@ApiBearerAuth('jwt')
@Idempotent()
@Controller('api/v3/admin/staff_users')
export class AdminStaffUsersController {
  constructor(private readonly users: AdminStaffUsersService) {}

  @Get()
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'List staff users with their roles, newest first' })
  list(@CurrentStore() store: StoreContext, @Query() query: PaginationQuery) {
    return this.users.list(store, query);
  }

  @Post()
  @RequireScope('write_settings')
  @ApiOperation({
    summary:
      'Create a staff user; without a password it is invited by e-mail and chooses one through POST /auth/accept_invitation',
    description: NO_ESCALATION,
  })
  @ApiErrors('validation_error', 'access_denied', 'record_not_found')
  create(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() caller: Principal,
    @Body() body: CreateStaffUserBody,
  ) {
    return this.users.create(store, caller, body);
  }

  @Get(':id')
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'One staff user, by `admin_…` id' })
  @ApiErrors('record_not_found')
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.users.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_settings')
  @ApiOperation({
    summary:
      'Give a staff user another role (effective with its next access token, within 5 minutes) or deactivate it (`active: false`: it cannot sign in and its sessions end)',
    description: NO_ESCALATION,
  })
  @ApiErrors('validation_error', 'access_denied', 'record_not_found')
  update(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
    @Body() body: UpdateStaffUserBody,
  ) {
    return this.users.update(store, caller, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Delete a staff user and end its sessions', description: NO_ESCALATION })
  @ApiErrors('access_denied', 'record_not_found')
  async remove(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
  ): Promise<void> {
    await this.users.remove(store, caller, id);
  }
}
