import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { CurrentPrincipal, CurrentStore, RequireScope } from '../auth/index.js';
import type { Principal } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { ApiKeysService } from './api-keys.service.js';
import { CreateApiKeyBody } from './dto/create-api-key.body.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import { ApiErrors } from '../../platform/openapi/api-docs.decorators.js';

const HOLDS_KEY_SCOPES =
  'The caller needs every scope of the key, so a narrower key cannot lock a wider one out (403 `access_denied`, `details.required_scope`); a key may revoke or delete itself.';

@ApiTags('Admin: API keys')
@ApiSecurity('secret-key')
@ApiBearerAuth('jwt')
@Idempotent()
@Controller('api/v3/admin/api_keys')
export class AdminApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @RequireScope('read_api_keys')
  @ApiOperation({ summary: "The store's API keys, newest first (never their tokens)" })
  list(@CurrentStore() store: StoreContext, @Query() query: PaginationQuery) {
    return this.keys.list(store.storeId, query.page, query.limit);
  }

  @Post()
  @RequireScope('write_api_keys')
  @ApiOperation({
    summary: 'Create a key; its token is shown in this answer only',
    description:
      'Secret keys take `scopes`; publishable keys take none. A caller cannot grant scopes it lacks (403 `access_denied`, `details.excess_scopes`).',
  })
  create(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() caller: Principal,
    @Body() body: CreateApiKeyBody,
  ) {
    return this.keys.create(store.storeId, caller, body);
  }

  @Get(':id')
  @RequireScope('read_api_keys')
  @ApiOperation({ summary: 'One key, by `key_…` id' })
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.keys.show(store.storeId, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_api_keys')
  @ApiOperation({
    summary: 'Delete a key; it stops working at once',
    description: HOLDS_KEY_SCOPES,
  })
  @ApiErrors('access_denied', 'record_not_found')
  async delete(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
  ): Promise<void> {
    await this.keys.delete(store.storeId, caller, id);
  }

  @Patch(':id/revoke')
  @RequireScope('write_api_keys')
  @ApiOperation({
    summary: 'Revoke a key (kept for the record with `revoked_at`)',
    description: HOLDS_KEY_SCOPES,
  })
  @ApiErrors('access_denied', 'record_not_found')
  revoke(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
  ) {
    return this.keys.revoke(store.storeId, caller, id);
  }
}
