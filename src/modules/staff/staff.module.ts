import { Module } from '@nestjs/common';
import { ApiKeyResolverService } from '../auth/index.js';
import { AdminApiKeysController } from './admin-api-keys.controller.js';
import { AdminAuthController } from './admin-auth.controller.js';
import { AdminMeController } from './admin-me.controller.js';
import { ApiKeyIssuer } from './api-key-issuer.js';
import { ApiKeyReadRepository } from './api-key-read.repository.js';
import { ApiKeySerializer } from './api-key.serializer.js';
import { ApiKeysService } from './api-keys.service.js';
import { StaffSessionsService } from './staff-sessions.service.js';
import { StaffUserSerializer } from './staff-user.serializer.js';
import { StaffUsers } from './staff-users.repository.js';

/** Staff sessions and the Admin API's key management. */
@Module({
  controllers: [AdminAuthController, AdminMeController, AdminApiKeysController],
  providers: [
    StaffUsers,
    StaffUserSerializer,
    StaffSessionsService,
    ApiKeyReadRepository,
    ApiKeySerializer,
    ApiKeysService,
    {
      provide: ApiKeyIssuer,
      inject: [ApiKeyResolverService],
      // One token digester per process: the resolver's, keyed from ENCRYPTION_KEY.
      useFactory: (resolver: ApiKeyResolverService) => new ApiKeyIssuer(resolver.tokens),
    },
  ],
})
export class StaffModule {}
