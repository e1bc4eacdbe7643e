import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EventPublisher } from '../../../events/index.js';
import { EmailDeliveryRecords, type Rendered } from './email-delivery-records.js';
import type { EmailDelivery } from './email-delivery.entity.js';
import { EmailDeliverySerializer } from './email-delivery.serializer.js';

export const DELIVERY_FAILED_EVENT = 'email_delivery.failed';

/** Ends deliveries that will not be sent: failed ones publish `email_delivery.failed`. */
@Injectable()
export class DeliveryFailures {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: EmailDeliveryRecords,
    private readonly publisher: EventPublisher,
    private readonly serializer: EmailDeliverySerializer,
  ) {}

  /** Records the failure and publishes it, in one transaction. */
  async fail(delivery: EmailDelivery, reason: string, rendered: Rendered | null): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const failed = await this.records.finishUnsent(manager, delivery, 'failed', reason, rendered);
      if (!failed) return;
      await this.publisher.publish({ manager, storeId: failed.storeId }, DELIVERY_FAILED_EVENT, {
        ...this.serializer.serialize(failed),
      });
    });
  }

  /** The store turned the mail off: recorded `skipped`, with the reason, and never sent. */
  async skip(delivery: EmailDelivery, reason: string): Promise<void> {
    await this.records.finishUnsent(this.dataSource.manager, delivery, 'skipped', reason, null);
  }
}
