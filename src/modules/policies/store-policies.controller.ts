import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiErrors,
  ApiPublishableKeyAccess,
  ApiResource,
  ApiResourceList,
} from '../../platform/openapi/api-docs.decorators.js';
import { CurrentStore } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { PoliciesService } from './policies.service.js';

@ApiTags('Store: policies')
@ApiPublishableKeyAccess()
@Controller('api/v3/store/policies')
export class StorePoliciesController {
  constructor(private readonly policies: PoliciesService) {}

  @Get()
  @ApiResourceList('Policy', { paginated: false })
  @ApiOperation({ summary: 'The store’s policies, by name' })
  list(@CurrentStore() store: StoreContext) {
    return this.policies.storefrontList(store);
  }

  @Get(':id')
  @ApiResource('Policy')
  @ApiErrors('record_not_found')
  @ApiOperation({ summary: 'One policy, by slug (e.g. `returns-policy`) or `pol_…` id' })
  show(@CurrentStore() store: StoreContext, @Param('id') idOrSlug: string) {
    return this.policies.storefrontShow(store, idOrSlug);
  }
}
