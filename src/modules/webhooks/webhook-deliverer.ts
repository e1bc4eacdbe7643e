import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { entityColumns, entityFromRow } from '../../platform/database/entity-rows.js';
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
    const attempt = {
      endpointId: endpoint.id,
      eventId: envelope.eventId,
      eventName: envelope.eventName,
      requestBody: envelope.body,
      deliveredAt,
      ...outcome,
    };
    if (outcome.success) return this.recordSuccess(attempt);
    const { delivery, disabledNow } = await this.dataSource.transaction(async (manager) => {
      // The endpoint row first: concurrent deliveries queue on its lock instead of deadlocking
      // on the delivery rows' foreign-key locks.
      const disabledNow = await this.failures.recordFailure(manager, endpoint.id);
      const recorded = await manager.save(manager.create(WebhookDelivery, attempt));
      return { delivery: recorded, disabledNow };
    });
    if (disabledNow) await this.disabledNotice.send(endpoint);
    return delivery;
  }

  /**
   * Records a successful attempt and resets the endpoint's failure counter in one statement (the
   * hot path: most deliveries succeed). The reset takes the endpoint's row lock before the
   * delivery's foreign-key check, as the failure path does.
   */
  private async recordSuccess(
    attempt: Omit<WebhookDelivery, 'id' | 'endpoint'>,
  ): Promise<WebhookDelivery> {
    const manager = this.dataSource.manager;
    const [row]: Record<string, unknown>[] = await manager.query(
      `WITH reset AS (
         UPDATE webhook_endpoints SET consecutive_failures = 0, updated_at = now()
         WHERE id = $1 AND consecutive_failures <> 0)
       INSERT INTO webhook_deliveries AS "delivery"
         (endpoint_id, event_id, event_name, request_body, response_status, response_body,
          duration_ms, error_type, error_message, success, delivered_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       RETURNING ${entityColumns(manager, WebhookDelivery, 'delivery')}`,
      [
        attempt.endpointId,
        attempt.eventId,
        attempt.eventName,
        attempt.requestBody,
        attempt.responseStatus,
        attempt.responseBody,
        attempt.durationMs,
        attempt.errorType,
        attempt.errorMessage,
        attempt.success,
        attempt.deliveredAt,
      ],
    );
    return entityFromRow(manager, WebhookDelivery, row);
  }
}
