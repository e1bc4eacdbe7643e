import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MailDispatch, type TemplatedMail } from '../../../platform/mail/templated-mail.js';
import { DeliverySeal } from './delivery-seal.js';
import { EmailDeliveryQueue } from './email-delivery-queue.js';
import { type DueDelivery, EmailDeliveryRecords } from './email-delivery-records.js';
import type { EmailDelivery } from './email-delivery.entity.js';

/**
 * Records each mail before it is sent, then hands it to the `email` queue. The record is the
 * lock: its key (store, mail, recipient, key) is unique, so a second dispatch for the same event
 * or job records nothing and sends nothing. A delivery recorded but never enqueued (the process
 * died in between) is found by the sweeper.
 */
@Injectable()
export class EmailDeliveries extends MailDispatch {
  constructor(
    private readonly records: EmailDeliveryRecords,
    private readonly queue: EmailDeliveryQueue,
    private readonly seal: DeliverySeal,
  ) {
    super();
  }

  async dispatch(mail: TemplatedMail, key: string): Promise<void> {
    const recorded = await this.records.insert({
      storeId: mail.storeId,
      mail: mail.mail,
      recipient: mail.to.trim(),
      key,
      orderId: mail.orderId ?? null,
      customerId: mail.customerId ?? null,
      valuesSealed: this.seal.sealValues(mail.values),
      resendOf: null,
    });
    if (recorded) await this.queue.enqueue(recorded);
  }

  /** A new delivery of the same mail, to the same recipient, from the same values. */
  async resend(original: EmailDelivery): Promise<DueDelivery> {
    const recorded = await this.records.insert({
      storeId: original.storeId,
      mail: original.mail,
      recipient: original.recipient,
      key: `resend:${original.id}:${randomUUID()}`,
      orderId: original.orderId,
      customerId: original.customerId,
      valuesSealed: original.valuesSealed,
      resendOf: original.id,
    });
    await this.queue.enqueue(recorded!);
    return recorded!;
  }
}
