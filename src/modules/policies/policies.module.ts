import { Module } from '@nestjs/common';
import { AdminPoliciesController } from './admin-policies.controller.js';
import { PoliciesService } from './policies.service.js';
import { PolicySerializer } from './policy.serializer.js';
import { StorePoliciesController } from './store-policies.controller.js';

/** Store policies: read through the Store API, written through the Admin API. */
@Module({
  controllers: [StorePoliciesController, AdminPoliciesController],
  providers: [PoliciesService, PolicySerializer],
})
export class PoliciesModule {}
