import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AnyAdminCaller, CurrentStore } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { CurrentStaffUserId } from './current-staff-user.decorator.js';
import type { SerializedStaffUser } from './staff-user.serializer.js';
import { StaffSessionsService } from './staff-sessions.service.js';

@ApiTags('Admin: staff sessions')
@ApiBearerAuth('jwt')
@Controller('api/v3/admin/me')
export class AdminMeController {
  constructor(private readonly sessions: StaffSessionsService) {}

  @Get()
  @AnyAdminCaller()
  @ApiOperation({ summary: 'The signed-in staff user, with their role and its scopes' })
  me(
    @CurrentStore() store: StoreContext,
    @CurrentStaffUserId() staffUserId: string,
  ): Promise<SerializedStaffUser> {
    return this.sessions.currentUser(store.storeId, staffUserId);
  }
}
