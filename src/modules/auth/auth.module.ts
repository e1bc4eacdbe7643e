import { createSecretKey } from 'node:crypto';
import { Global, Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../config/index.js';
import { AccessTokensService } from './access-tokens.service.js';
import { AdminRouteAudit } from './admin-route-audit.js';
import { ApiAccessGuard } from './api-access.guard.js';
import { ApiKeyResolverService } from './api-key-resolver.service.js';
import { ApiKey } from './api-key.entity.js';
import { PasswordHasher } from './password-hasher.js';
import { RequestLocalization } from './request-localization.js';
import { RefreshToken } from './refresh-token.entity.js';
import { Role } from './role.entity.js';
import { SessionsService } from './sessions.service.js';
import { StaffUser } from './staff-user.entity.js';
import { TokenSubjects } from './token-subjects.js';

@Global()
@Module({
  imports: [
    DiscoveryModule,
    TypeOrmModule.forFeature([ApiKey, RefreshToken, Role, StaffUser]),
    JwtModule.registerAsync({
      inject: [AppConfig],
      // A key object, not the string: given a string, jsonwebtoken first tries (and fails) to
      // parse it as a public or private key on every sign and verify, at ~0.4 ms each.
      useFactory: (config: AppConfig) => ({
        secret: createSecretKey(Buffer.from(config.JWT_SECRET!, 'utf8')),
      }),
    }),
  ],
  providers: [
    ApiKeyResolverService,
    AccessTokensService,
    SessionsService,
    PasswordHasher,
    TokenSubjects,
    AdminRouteAudit,
    RequestLocalization,
    { provide: APP_GUARD, useClass: ApiAccessGuard },
  ],
  exports: [
    ApiKeyResolverService,
    AccessTokensService,
    SessionsService,
    PasswordHasher,
    RequestLocalization,
    TypeOrmModule,
  ],
})
export class AuthModule {}
