import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type {
  DeliveryErrorType,
  DeliveryStatus,
  WebhookDelivery,
} from './webhook-delivery.entity.js';

export interface WebhookDeliveryView {
  id: string;
  webhook_endpoint_id: string;
  event_id: string;
  event_name: string;
  attempt: number;
  status: DeliveryStatus;
  request_body: string;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number | null;
  error_type: DeliveryErrorType | null;
  error_message: string | null;
  success: boolean;
  delivered_at: string;
  finished_at: string | null;
}

/** The v3 representation of a delivery attempt. */
@Injectable()
export class WebhookDeliverySerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(delivery: WebhookDelivery): WebhookDeliveryView {
    return {
      id: this.ids.encode(ID_PREFIX.webhookDelivery, delivery.id),
      webhook_endpoint_id: this.ids.encode(ID_PREFIX.webhookEndpoint, delivery.endpointId),
      event_id: delivery.eventId,
      event_name: delivery.eventName,
      attempt: delivery.attempt,
      status: delivery.status,
      request_body: delivery.requestBody,
      response_status: delivery.responseStatus,
      response_body: delivery.responseBody,
      duration_ms: delivery.durationMs,
      error_type: delivery.errorType,
      error_message: delivery.errorMessage,
      success: delivery.success,
      delivered_at: delivery.deliveredAt.toISOString(),
      finished_at: delivery.finishedAt?.toISOString() ?? null,
    };
  }
}
