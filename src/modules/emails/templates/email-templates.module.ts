import { Module } from '@nestjs/common';
import { CatalogModule } from '../../catalog/index.js';
import { OrdersModule } from '../../orders/index.js';
import { EventMails } from '../content/event-mails.js';
import { OrderMailReads } from '../content/order-mail-reads.js';
import { CompiledTemplateCache } from './compiled-templates.js';
import { EmailRendering } from './email-rendering.js';

/** The mails' templates (defaults and stores' overrides), their branding, and what fills them. */
@Module({
  imports: [CatalogModule, OrdersModule],
  providers: [CompiledTemplateCache, EmailRendering, EventMails, OrderMailReads],
  exports: [EmailRendering, EventMails],
})
export class EmailTemplatesModule {}
