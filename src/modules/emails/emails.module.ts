import { Global, Module } from '@nestjs/common';
import { MailDispatch } from '../../platform/mail/templated-mail.js';
import { AdminEmailDeliveriesController } from './admin/email-deliveries.controller.js';
import { AdminEmailDeliveriesService } from './admin/email-deliveries.service.js';
import { DeliveryFailures } from './deliveries/delivery-failures.js';
import { DeliverySeal } from './deliveries/delivery-seal.js';
import { EmailDeliveries } from './deliveries/email-deliveries.js';
import { EmailDeliveryJobs } from './deliveries/email-delivery-jobs.js';
import { EmailDeliveryQueue } from './deliveries/email-delivery-queue.js';
import { EmailDeliveryRecords } from './deliveries/email-delivery-records.js';
import { EmailDeliverySerializer } from './deliveries/email-delivery.serializer.js';
import { EmailDeliverySweeper } from './deliveries/email-delivery-sweeper.js';
import { EventMailSubscriber } from './deliveries/event-mail-subscriber.js';
import { EmailTemplatesModule } from './templates/email-templates.module.js';

/**
 * Order and account e-mails: templates a store can override (EmailTemplatesModule), and the
 * recorded deliveries that send each mail once. Global, so that `MailJobs` (platform) reaches
 * `MailDispatch` without knowing this module.
 */
@Global()
@Module({
  imports: [EmailTemplatesModule],
  controllers: [AdminEmailDeliveriesController],
  providers: [
    DeliverySeal,
    EmailDeliveryRecords,
    EmailDeliveryQueue,
    EmailDeliverySerializer,
    DeliveryFailures,
    EmailDeliveries,
    { provide: MailDispatch, useExisting: EmailDeliveries },
    EmailDeliveryJobs,
    EmailDeliverySweeper,
    EventMailSubscriber,
    AdminEmailDeliveriesService,
  ],
  exports: [MailDispatch],
})
export class EmailsModule {}
