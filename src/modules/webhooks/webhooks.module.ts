import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/index.js';
import { AbandonedAttempts } from './abandoned-attempts.js';
import { EventFanout } from '../../events/index.js';
import { AdminWebhookDeliveriesController } from './admin-webhook-deliveries.controller.js';
import { AdminWebhookDeliveriesService } from './admin-webhook-deliveries.service.js';
import { AdminWebhookEndpointsController } from './admin-webhook-endpoints.controller.js';
import { AdminWebhookEndpointsService } from './admin-webhook-endpoints.service.js';
import { DeliveryAttempts } from './delivery-attempts.js';
import { DeliveryClaims } from './delivery-claims.js';
import { EndpointDisabledNotice } from './endpoint-disabled-notice.js';
import { EndpointFailureCounter } from './endpoint-failure-counter.js';
import { WebhookDeliverer } from './webhook-deliverer.js';
import { WebhookDeliveryJobs } from './webhook-delivery-jobs.js';
import { WebhookDeliverySerializer } from './webhook-delivery.serializer.js';
import { WebhookEndpointDirectory } from './webhook-endpoint-directory.js';
import { WebhookEndpointSerializer } from './webhook-endpoint.serializer.js';
import { WebhookFanout } from './webhook-fanout.js';
import { WebhookHttpClient } from './webhook-http-client.js';
import { WebhookRecords } from './webhook-records.js';
import { WebhookSecretCipher } from './webhook-secret-cipher.js';
import { WebhookTargetPolicy } from './webhook-target-policy.js';

/**
 * Webhook endpoints (Admin API), signed deliveries with their history, redelivery and
 * auto-disable; the delivery jobs of the outbox relay (`webhooks` queue).
 */
@Module({
  controllers: [AdminWebhookEndpointsController, AdminWebhookDeliveriesController],
  providers: [
    {
      provide: WebhookSecretCipher,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new WebhookSecretCipher(config.ENCRYPTION_KEY!),
    },
    WebhookTargetPolicy,
    WebhookHttpClient,
    WebhookRecords,
    WebhookEndpointSerializer,
    WebhookDeliverySerializer,
    EndpointFailureCounter,
    EndpointDisabledNotice,
    DeliveryAttempts,
    DeliveryClaims,
    AbandonedAttempts,
    WebhookDeliverer,
    WebhookEndpointDirectory,
    WebhookFanout,
    { provide: EventFanout, useExisting: WebhookFanout },
    WebhookDeliveryJobs,
    AdminWebhookEndpointsService,
    AdminWebhookDeliveriesService,
  ],
  exports: [WebhookDeliverer, WebhookEndpointDirectory, EventFanout],
})
export class WebhooksModule {}
