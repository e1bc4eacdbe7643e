import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import { type StoreContext, StoreSettingsService, UpdateStoreBody } from '../../stores/index.js';

/** The caller's store; its currencies and locale are what its markets derive from. */
@ApiTags('Admin: settings')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/store')
export class AdminStoreController {
  constructor(private readonly settings: StoreSettingsService) {}

  @Get()
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'The store of the key or staff user' })
  show(@CurrentStore() store: StoreContext) {
    return this.settings.show(store);
  }

  @Patch()
  @RequireScope('write_settings')
  @ApiOperation({
    summary: 'Change the store: name, URL, domains, currencies, locale, addresses',
  })
  @ApiErrors('validation_error')
  update(@CurrentStore() store: StoreContext, @Body() body: UpdateStoreBody) {
    return this.settings.update(store, body);
  }
}
