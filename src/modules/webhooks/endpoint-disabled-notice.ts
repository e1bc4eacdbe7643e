import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MailDispatch } from '../../platform/mail/templated-mail.js';
import { Store } from '../stores/index.js';
import { FAILURES_BEFORE_DISABLE } from './endpoint-failure-counter.js';
import type { WebhookEndpoint } from './webhook-endpoint.entity.js';
import { WebhookEndpointSerializer } from './webhook-endpoint.serializer.js';

export const ENDPOINT_DISABLED_MAIL = 'webhook_endpoint_disabled';

/**
 * Tells a store's staff (its staff notification address) that an endpoint was disabled, as a
 * recorded delivery of the `webhook_endpoint_disabled` mail: once per time it was disabled.
 */
@Injectable()
export class EndpointDisabledNotice {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailDispatch,
    private readonly serializer: WebhookEndpointSerializer,
  ) {}

  /** Never throws: a mail that cannot be recorded is logged, the delivery stays recorded. */
  async send(endpoint: WebhookEndpoint): Promise<void> {
    const id = this.serializer.publicId(endpoint);
    try {
      const store = await this.dataSource.manager.findOneBy(Store, { id: endpoint.storeId });
      if (!store?.staffNotificationAddress) {
        this.logger.warn(`Webhook endpoint ${id} was disabled; its store has no staff address`);
        return;
      }
      const disabledAt = endpoint.disabledAt?.toISOString() ?? 'unknown';
      await this.mail.dispatch(
        {
          storeId: store.id,
          mail: ENDPOINT_DISABLED_MAIL,
          to: store.staffNotificationAddress,
          values: {
            endpoint: {
              id,
              name: endpoint.name,
              url: endpoint.url,
              subscriptions: endpoint.subscriptions.join(', '),
              failures: FAILURES_BEFORE_DISABLE,
            },
          },
        },
        `${ENDPOINT_DISABLED_MAIL}:${endpoint.id}:${disabledAt}`,
      );
    } catch (error) {
      this.logger.error(
        `Could not e-mail staff that webhook endpoint ${id} was disabled: ${error}`,
      );
    }
  }
}
