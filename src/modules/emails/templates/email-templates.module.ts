import { Module } from '@nestjs/common';
import { OrdersModule } from '../../orders/index.js';
import { AdminEmailSettingsController } from '../admin/email-settings.controller.js';
import { AdminEmailTemplatesController } from '../admin/email-templates.controller.js';
import { EmailTemplatesService } from '../admin/email-templates.service.js';
import { EventMails } from '../content/event-mails.js';
import { OrderMailReads } from '../content/order-mail-reads.js';
import { EmailSettingsService } from '../settings/email-settings.service.js';
import { CompiledTemplateCache } from './compiled-templates.js';
import { EmailRendering } from './email-rendering.js';

/** The mails' templates (defaults and stores' overrides), their branding, and what fills them. */
@Module({
  imports: [OrdersModule],
  controllers: [AdminEmailTemplatesController, AdminEmailSettingsController],
  providers: [
    CompiledTemplateCache,
    EmailRendering,
    EventMails,
    OrderMailReads,
    EmailTemplatesService,
    EmailSettingsService,
  ],
  exports: [EmailRendering, EventMails],
})
export class EmailTemplatesModule {}
