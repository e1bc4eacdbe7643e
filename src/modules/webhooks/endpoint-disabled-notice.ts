import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Mailer } from '../../platform/mail/mailer.port.js';
import { Store } from '../stores/index.js';
import { FAILURES_BEFORE_DISABLE } from './endpoint-failure-counter.js';
import type { WebhookEndpoint } from './webhook-endpoint.entity.js';
import { WebhookEndpointSerializer } from './webhook-endpoint.serializer.js';

const FALLBACK_FROM = 'no-reply@localhost';

/** Tells a store's staff (its staff notification address) that an endpoint was disabled. */
@Injectable()
export class EndpointDisabledNotice {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mailer: Mailer,
    private readonly serializer: WebhookEndpointSerializer,
  ) {}

  /** Never throws: a mail that cannot go out is logged, the delivery stays recorded. */
  async send(endpoint: WebhookEndpoint): Promise<void> {
    const id = this.serializer.publicId(endpoint);
    try {
      const store = await this.dataSource.manager.findOneBy(Store, { id: endpoint.storeId });
      if (!store?.staffNotificationAddress) {
        this.logger.warn(`Webhook endpoint ${id} was disabled; its store has no staff address`);
        return;
      }
      await this.mailer.send(
        {
          from: store.mailFromAddress ?? FALLBACK_FROM,
          to: store.staffNotificationAddress,
          subject: `Webhook endpoint "${endpoint.name}" was disabled`,
          text: this.text(store, endpoint, id),
        },
        'webhook_endpoint_disabled',
      );
    } catch (error) {
      this.logger.error(
        `Could not e-mail staff that webhook endpoint ${id} was disabled: ${error}`,
      );
    }
  }

  private text(store: Store, endpoint: WebhookEndpoint, id: string): string {
    const path = `/api/v3/admin/webhook_endpoints/${id}`;
    return [
      `The webhook endpoint "${endpoint.name}" (${id}) of ${store.name} was disabled after`,
      `${FAILURES_BEFORE_DISABLE} consecutive failed deliveries.`,
      '',
      `URL: ${endpoint.url}`,
      `Subscriptions: ${endpoint.subscriptions.join(', ')}`,
      '',
      'No events are sent to it until it is enabled again:',
      `  PATCH ${path}/enable`,
      'The failed deliveries, with the answers received, are in its history:',
      `  GET ${path}/deliveries?success=false`,
      '',
    ].join('\n');
  }
}
