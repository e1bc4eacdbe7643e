import { Module } from '@nestjs/common';
import { ApiKeyResolver } from '../auth/api-key-resolver.service.js';
import { AdminApiKeysController } from './admin-api-keys.controller.js';
import { AdminAuthController } from './admin-auth.controller.js';
import { AdminMeController } from './admin-me.controller.js';
import { ApiKeyIssuer } from './api-key-issuer.js';
import { ApiKeyReadRepository } from './api-key-read.repository.js';
import { ApiKeySerializer } from './api-key.serializer.js';
import { ApiKeysService } from './api-keys.service.js';
import { StaffSessions } from './staff-sessions.service.js';
import { StaffUserSerializer } from './staff-user.serializer.js';
import { StaffUsers } from './staff-users.repository.js';

/** Staff sessions and the Admin API's key management. */
@Module({
  controllers: [AdminAuthController, AdminMeController, AdminApiKeysController],
  providers: [
    StaffUsers,
    StaffUserSerializer,
    StaffSessions,
    ApiKeyReadRepository,
    ApiKeySerializer,
    ApiKeysService,
    {
      provide: ApiKeyIssuer,
      inject: [ApiKeyResolver],
      // One token digester per process: the resolver's, keyed from ENCRYPTION_KEY.
      useFactory: (resolver: ApiKeyResolver) => new ApiKeyIssuer(resolver.tokens),
    },
  ],
})
export class StaffModule {}
