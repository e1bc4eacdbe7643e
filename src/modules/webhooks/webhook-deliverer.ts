import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { deliveryOutcome } from './delivery-outcome.js';
import { EndpointDisabledNotice } from './endpoint-disabled-notice.js';
import { EndpointFailureCounter } from './endpoint-failure-counter.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import type { WebhookEndpoint } from './webhook-endpoint.entity.js';
import {
  type SerializedEnvelope,
  serializeEnvelope,
  type WebhookEnvelope,
} from './webhook-envelope.js';
import { WebhookHttpClient } from './webhook-http-client.js';
import { WebhookSecretCipher } from './webhook-secret-cipher.js';
import { webhookSignature } from './webhook-signature.js';

/**
 * Sends one envelope to one endpoint, once (no automatic retry), and records the attempt. A
 * success resets the endpoint's failure counter; a failure counts, and the failure that reaches
 * the limit disables the endpoint and e-mails the store's staff.
 */
@Injectable()
export class WebhookDeliverer {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly http: WebhookHttpClient,
    private readonly cipher: WebhookSecretCipher,
    private readonly failures: EndpointFailureCounter,
    private readonly disabledNotice: EndpointDisabledNotice,
  ) {}

  deliver(endpoint: WebhookEndpoint, envelope: WebhookEnvelope): Promise<WebhookDelivery> {
    return this.send(endpoint, serializeEnvelope(envelope));
  }

  /** The same envelope again (same bytes, same `id`), with a fresh timestamp and signature. */
  redeliver(endpoint: WebhookEndpoint, previous: WebhookDelivery): Promise<WebhookDelivery> {
    return this.send(endpoint, {
      eventId: previous.eventId,
      eventName: previous.eventName,
      body: previous.requestBody,
    });
  }

  private async send(
    endpoint: WebhookEndpoint,
    envelope: SerializedEnvelope,
  ): Promise<WebhookDelivery> {
    const deliveredAt = new Date();
    const timestamp = Math.floor(deliveredAt.getTime() / 1000);
    const secret = this.cipher.decrypt(endpoint.secretCiphertext);
    const outcome = deliveryOutcome(
      await this.http.post(endpoint.url, envelope.body, {
        'content-type': 'application/json',
        'user-agent': 'store-webhooks/1',
        'x-store-webhook-event': envelope.eventName,
        'x-store-webhook-timestamp': String(timestamp),
        'x-store-webhook-signature': webhookSignature(secret, timestamp, envelope.body),
      }),
    );
    const { delivery, disabledNow } = await this.dataSource.transaction(async (manager) => {
      // The endpoint row first: concurrent deliveries queue on its lock instead of deadlocking
      // on the delivery rows' foreign-key locks.
      let disabledNow = false;
      if (outcome.success) await this.failures.recordSuccess(manager, endpoint.id);
      else disabledNow = await this.failures.recordFailure(manager, endpoint.id);
      const recorded = await manager.save(
        manager.create(WebhookDelivery, {
          endpointId: endpoint.id,
          eventId: envelope.eventId,
          eventName: envelope.eventName,
          requestBody: envelope.body,
          deliveredAt,
          ...outcome,
        }),
      );
      return { delivery: recorded, disabledNow };
    });
    if (disabledNow) await this.disabledNotice.send(endpoint);
    return delivery;
  }
}
