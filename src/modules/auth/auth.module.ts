import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeyResolver } from './api-key-resolver.service.js';
import { ApiKey } from './api-key.entity.js';
import { PublishableKeyGuard } from './publishable-key.guard.js';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ApiKey])],
  providers: [ApiKeyResolver, PublishableKeyGuard],
  exports: [ApiKeyResolver, PublishableKeyGuard],
})
export class AuthModule {}
