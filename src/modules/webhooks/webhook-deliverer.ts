import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DeliveryAttempts } from './delivery-attempts.js';
import { deliveryOutcome } from './delivery-outcome.js';
import { EndpointDisabledNotice } from './endpoint-disabled-notice.js';
import { EndpointFailureCounter } from './endpoint-failure-counter.js';
import type { WebhookDelivery } from './webhook-delivery.entity.js';
import { WebhookEndpointDirectory } from './webhook-endpoint-directory.js';
import type { WebhookEndpoint } from './webhook-endpoint.entity.js';
import {
  type SerializedEnvelope,
  serializeEnvelope,
  type WebhookEnvelope,
} from './webhook-envelope.js';
import { WebhookHttpClient } from './webhook-http-client.js';
import { WebhookSecretCipher } from './webhook-secret-cipher.js';
import { webhookSignature } from './webhook-signature.js';

export interface DeliverOptions {
  /**
   * A delivery job's run (maybe again, after a crash): attempts of the envelope still in flight
   * were cut short, and are closed as `interrupted` when the new attempt is written.
   */
  supersedeInFlight?: boolean;
}

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

  deliver(
    endpoint: WebhookEndpoint,
    envelope: WebhookEnvelope,
    options: DeliverOptions = {},
  ): Promise<WebhookDelivery> {
    return this.send(endpoint, serializeEnvelope(envelope), options.supersedeInFlight ?? false);
  }

  /** The same envelope again (same bytes, same `id`), with a fresh timestamp and signature. */
  redeliver(endpoint: WebhookEndpoint, previous: WebhookDelivery): Promise<WebhookDelivery> {
    return this.send(
      endpoint,
      { eventId: previous.eventId, eventName: previous.eventName, body: previous.requestBody },
      false,
    );
  }

  private async send(
    endpoint: WebhookEndpoint,
    envelope: SerializedEnvelope,
    supersede: boolean,
  ): Promise<WebhookDelivery> {
    const deliveredAt = new Date();
    const timestamp = Math.floor(deliveredAt.getTime() / 1000);
    const secret = this.cipher.decrypt(endpoint.secretCiphertext);
    // Committed before anything is sent: whatever happens to this process during the POST, the
    // receiver never gets a request the history does not show.
    const attempt = await this.attempts.open(
      {
        endpointId: endpoint.id,
        eventId: envelope.eventId,
        eventName: envelope.eventName,
        requestBody: envelope.body,
        deliveredAt,
      },
      supersede,
    );
    const outcome = deliveryOutcome(
      await this.http.post(endpoint.url, envelope.body, {
        'content-type': 'application/json',
        'user-agent': 'store-webhooks/1',
        'x-store-webhook-event': envelope.eventName,
        'x-store-webhook-timestamp': String(timestamp),
        'x-store-webhook-signature': webhookSignature(secret, timestamp, envelope.body),
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
      await this.disabledNotice.send(endpoint);
    }
    return delivery;
  }
}
