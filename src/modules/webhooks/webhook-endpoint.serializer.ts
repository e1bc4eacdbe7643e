import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { WebhookEndpoint } from './webhook-endpoint.entity.js';

export interface WebhookEndpointView {
  id: string;
  name: string;
  url: string;
  subscriptions: string[];
  enabled: boolean;
  consecutive_failures: number;
  disabled_at: string | null;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** The create answer, the only one that carries the signing secret. */
export type CreatedWebhookEndpointView = WebhookEndpointView & { secret: string };

/** The v3 representation of a webhook endpoint; never its secret. */
@Injectable()
export class WebhookEndpointSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  publicId(endpoint: Pick<WebhookEndpoint, 'id'>): string {
    return this.ids.encode(ID_PREFIX.webhookEndpoint, endpoint.id);
  }

  serialize(endpoint: WebhookEndpoint): WebhookEndpointView {
    return {
      id: this.publicId(endpoint),
      name: endpoint.name,
      url: endpoint.url,
      subscriptions: endpoint.subscriptions,
      enabled: endpoint.enabled,
      consecutive_failures: endpoint.consecutiveFailures,
      disabled_at: endpoint.disabledAt?.toISOString() ?? null,
      disabled_reason: endpoint.disabledReason,
      created_at: endpoint.createdAt.toISOString(),
      updated_at: endpoint.updatedAt.toISOString(),
    };
  }
}
