import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DeliveryAttempts } from './delivery-attempts.js';
import { deliveryOutcome } from './delivery-outcome.js';
import { EndpointDisabledNotice } from './endpoint-disabled-notice.js';
import { EndpointFailureCounter } from './endpoint-failure-counter.js';
import type { WebhookDelivery } from './webhook-delivery.entity.js';
import { WebhookEndpointDirectory } from './webhook-endpoint-directory.js';
import { WebhookEndpoint } from './webhook-endpoint.entity.js';
import {
  type SerializedEnvelope,
  serializeEnvelope,
  type WebhookEnvelope,
} from './webhook-envelope.js';
import { WebhookHttpClient } from './webhook-http-client.js';
import { WebhookSecretCipher } from './webhook-secret-cipher.js';
import { webhookSignature } from './webhook-signature.js';

/** What sending to an endpoint takes. */
export type DeliveryTarget = Pick<WebhookEndpoint, 'id' | 'storeId' | 'url' | 'secretCiphertext'>;

/**
 * Sends one envelope to one endpoint, once (no automatic retry), and records the attempt: written
 * in flight before the POST, completed after it. A success resets the endpoint's failure counter;
 * a failure counts, and the failure that reaches the limit disables the endpoint and e-mails the
 * store's staff.
 */
@Injectable()
export class WebhookDeliverer {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly http: WebhookHttpClient,
    private readonly cipher: WebhookSecretCipher,
    private readonly attempts: DeliveryAttempts,
    private readonly failures: EndpointFailureCounter,
    private readonly disabledNotice: EndpointDisabledNotice,
    private readonly directory: WebhookEndpointDirectory,
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

  /**
   * Sends an attempt already written in flight (and committed: whatever happens to this process
   * during the POST, the receiver never gets a request the history does not show): its body,
   * signed with the time it was written, then records the outcome.
   */
  async transmit(endpoint: DeliveryTarget, attempt: WebhookDelivery): Promise<WebhookDelivery> {
    const timestamp = Math.floor(attempt.deliveredAt.getTime() / 1000);
    const secret = this.cipher.decrypt(endpoint.secretCiphertext);
    const outcome = deliveryOutcome(
      await this.http.post(endpoint.url, attempt.requestBody, {
        'content-type': 'application/json',
        'user-agent': 'store-webhooks/1',
        'x-store-webhook-event': attempt.eventName,
        'x-store-webhook-timestamp': String(timestamp),
        'x-store-webhook-signature': webhookSignature(secret, timestamp, attempt.requestBody),
      }),
    );
    if (outcome.success) return this.attempts.succeeded(attempt, outcome);
    const { delivery, disabledNow } = await this.dataSource.transaction(async (manager) => {
      // The endpoint row first: concurrent deliveries queue on its lock instead of deadlocking.
      const disabledNow = await this.failures.recordFailure(manager, endpoint.id);
      const recorded = await this.attempts.failed(manager, attempt, outcome);
      return { delivery: recorded, disabledNow };
    });
    if (disabledNow) {
      await this.directory.changed(endpoint.storeId);
      const disabled = await this.dataSource.manager.findOneBy(WebhookEndpoint, {
        id: endpoint.id,
      });
      if (disabled) await this.disabledNotice.send(disabled);
    }
    return delivery;
  }

  private async send(
    endpoint: WebhookEndpoint,
    envelope: SerializedEnvelope,
  ): Promise<WebhookDelivery> {
    const attempt = await this.attempts.open(
      {
        endpointId: endpoint.id,
        eventId: envelope.eventId,
        eventName: envelope.eventName,
        requestBody: envelope.body,
        deliveredAt: new Date(),
      },
      false,
    );
    return this.transmit(endpoint, attempt);
  }
}
