import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { UpdateReturnSettingsBody } from './dto/return-settings.body.js';
import { ReturnSettingsService } from './return-settings.service.js';

@ApiTags('Admin: returns')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/return_settings')
export class AdminReturnSettingsController {
  constructor(private readonly settings: ReturnSettingsService) {}

  @Get()
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'The store’s returns settings: its return window in days' })
  show(@CurrentStore() store: StoreContext) {
    return this.settings.show(store);
  }

  @Patch()
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Change the store’s return window (days after shipping, 0–3650)' })
  @ApiErrors('validation_error')
  update(@CurrentStore() store: StoreContext, @Body() body: UpdateReturnSettingsBody) {
    return this.settings.update(store, body);
  }
}
