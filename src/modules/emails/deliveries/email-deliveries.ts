import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MailDispatch, type TemplatedMail } from '../../../platform/mail/templated-mail.js';
import { DeliverySeal } from './delivery-seal.js';
import { EmailDeliveryJobs } from './email-delivery-jobs.js';
import { EmailDeliveryQueue } from './email-delivery-queue.js';
import { EmailDeliveryRecords } from './email-delivery-records.js';
import type { EmailDelivery } from './email-delivery.entity.js';

/**
 * Records each mail before it is sent, then tries it at once, in the job that asked for it (an
 * event's subscriber job, a mail job): recorded already taken for that first try, it costs no
 * queue job and no separate claim. The record is the lock: its key (store, mail, recipient, key)
 * is unique, so a second dispatch for the same event or job records nothing and sends nothing.
 * Later tries go through the `email` queue; a delivery whose first try never ended (the process
 * died) is found by the sweeper once its lease runs out.
 */
@Injectable()
export class EmailDeliveries extends MailDispatch {
  constructor(
    private readonly records: EmailDeliveryRecords,
    private readonly queue: EmailDeliveryQueue,
    private readonly seal: DeliverySeal,
    private readonly jobs: EmailDeliveryJobs,
  ) {
    super();
  }

  async dispatch(mail: TemplatedMail, key: string): Promise<void> {
    const claimed = await this.records.insert({
      storeId: mail.storeId,
      mail: mail.mail,
      recipient: mail.to.trim(),
      key,
      orderId: mail.orderId ?? null,
      customerId: mail.customerId ?? null,
      valuesSealed: this.seal.sealValues(mail.values),
      resendOf: null,
      claimed: true,
    });
    if (claimed) await this.jobs.attempt(claimed, mail.values);
  }

  /** A new delivery of the same mail, to the same recipient, from the same values. */
  async resend(original: EmailDelivery): Promise<EmailDelivery> {
    const recorded = await this.records.insert({
      storeId: original.storeId,
      mail: original.mail,
      recipient: original.recipient,
      key: `resend:${original.id}:${randomUUID()}`,
      orderId: original.orderId,
      customerId: original.customerId,
      valuesSealed: original.valuesSealed,
      resendOf: original.id,
      claimed: false,
    });
    await this.queue.enqueue(recorded!);
    return recorded!;
  }
}
