import { Module } from '@nestjs/common';
import { ApiKeyResolverService } from '../auth/index.js';
import { AdminApiKeysController } from './admin-api-keys.controller.js';
import { AdminAuthController } from './admin-auth.controller.js';
import { AdminMeController } from './admin-me.controller.js';
import { AdminRolesController } from './admin-roles.controller.js';
import { AdminRolesService } from './admin-roles.service.js';
import { AdminStaffUsersController } from './admin-staff-users.controller.js';
import { AdminStaffUsersService } from './admin-staff-users.service.js';
import { ApiKeyIssuer } from './api-key-issuer.js';
import { ApiKeyReadRepository } from './api-key-read.repository.js';
import { ApiKeySerializer } from './api-key.serializer.js';
import { ApiKeysService } from './api-keys.service.js';
import { RoleRecords } from './role-records.js';
import { RoleSerializer } from './role.serializer.js';
import { StaffInvitationMail } from './staff-invitation-mail.js';
import { StaffInvitationTokens } from './staff-invitation-tokens.js';
import { StaffInvitationsService } from './staff-invitations.service.js';
import { StaffSessionsService } from './staff-sessions.service.js';
import { StaffUserSerializer } from './staff-user.serializer.js';
import { StaffUsers } from './staff-users.repository.js';

/** Staff sessions and invitations; the Admin API's management of keys, roles and staff users. */
@Module({
  controllers: [
    AdminAuthController,
    AdminMeController,
    AdminApiKeysController,
    AdminRolesController,
    AdminStaffUsersController,
  ],
  providers: [
    StaffUsers,
    StaffUserSerializer,
    StaffSessionsService,
    ApiKeyReadRepository,
    ApiKeySerializer,
    ApiKeysService,
    RoleRecords,
    RoleSerializer,
    AdminRolesService,
    AdminStaffUsersService,
    StaffInvitationTokens,
    StaffInvitationMail,
    StaffInvitationsService,
    {
      provide: ApiKeyIssuer,
      inject: [ApiKeyResolverService],
      // One token digester per process: the resolver's, keyed from ENCRYPTION_KEY.
      useFactory: (resolver: ApiKeyResolverService) => new ApiKeyIssuer(resolver.tokens),
    },
  ],
})
export class StaffModule {}
