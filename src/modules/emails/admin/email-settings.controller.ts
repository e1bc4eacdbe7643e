import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { EmailSettingsService } from '../settings/email-settings.service.js';
import { UpdateEmailSettingsBody } from './email-settings.body.js';

@ApiTags('Admin: e-mails')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/email_settings')
export class AdminEmailSettingsController {
  constructor(private readonly settings: EmailSettingsService) {}

  @Get()
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'The store’s e-mail branding and which mails it sends' })
  show(@CurrentStore() store: StoreContext) {
    return this.settings.show(store);
  }

  @Patch()
  @RequireScope('write_settings')
  @ApiOperation({
    summary:
      'Change the e-mail branding (reply-to, logo, accent colour, footer) or turn mails on or off',
  })
  @ApiErrors('validation_error')
  update(@CurrentStore() store: StoreContext, @Body() body: UpdateEmailSettingsBody) {
    return this.settings.update(store, body);
  }
}
