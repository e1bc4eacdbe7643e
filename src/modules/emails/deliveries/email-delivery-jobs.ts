import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../../config/index.js';
import { MailSendError } from '../../../platform/mail/mail-send-error.js';
import { Mailer, type MailMessage } from '../../../platform/mail/mailer.port.js';
import { type Job, QueuePort } from '../../../platform/queue/queue.port.js';
import { EmailRendering } from '../templates/email-rendering.js';
import { DeliveryFailures } from './delivery-failures.js';
import { MAX_ATTEMPTS, retryDelayMs } from './delivery-retries.js';
import { DeliverySeal, type RenderedBody } from './delivery-seal.js';
import { type DeliveryJobData, EMAIL_QUEUE, EmailDeliveryQueue } from './email-delivery-queue.js';
import { EmailDeliveryRecords, type Rendered } from './email-delivery-records.js';
import type { EmailDelivery } from './email-delivery.entity.js';

/** Deliveries one process tries at a time (the SMTP transport shares its pool among them). */
const CONCURRENCY = 20;

/** A message ready to send, and what the delivery keeps of it (null: kept already). */
interface Composed {
  mail: MailMessage;
  kept: Rendered | null;
}

/** The header naming the delivery a message belongs to, for matching a bounce to its record. */
export const DELIVERY_HEADER = 'X-Store-Email-Delivery';

/**
 * Runs the `email` queue: takes the delivery (the claim counts the try and leases it), checks the
 * store still sends that mail and renders it (the first time, in one read; later tries send what
 * was rendered), sends it and records the outcome. Temporary failures go back to pending with a
 * later due time, when this process enqueues the next try (the sweeper does, should it die
 * first); permanent ones, and the last try, end `failed`.
 */
@Injectable()
export class EmailDeliveryJobs implements OnApplicationBootstrap {
  private readonly logger = new Logger('EmailDeliveries');

  constructor(
    private readonly jobs: QueuePort,
    private readonly queue: EmailDeliveryQueue,
    private readonly records: EmailDeliveryRecords,
    private readonly rendering: EmailRendering,
    private readonly mailer: Mailer,
    private readonly seal: DeliverySeal,
    private readonly failures: DeliveryFailures,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.jobs.consume<DeliveryJobData>(EMAIL_QUEUE, (job) => this.run(job), CONCURRENCY);
  }

  async run(job: Job<DeliveryJobData>): Promise<void> {
    const delivery = await this.records.claim(job.data.deliveryId);
    if (delivery) await this.attempt(delivery);
  }

  /**
   * One try of a delivery its caller holds (claimed, or recorded claimed); `values`: the mail's
   * values when the caller has them at hand (else they are opened from the record).
   */
  async attempt(delivery: EmailDelivery, values?: Record<string, unknown>): Promise<void> {
    let message: Composed | null;
    try {
      message = await this.compose(delivery, values);
    } catch (error) {
      await this.failed(delivery, MailSendError.from(error), null);
      return;
    }
    if (!message) {
      await this.failures.skip(delivery, 'The store has this mail turned off');
      return;
    }
    let messageId: string;
    try {
      messageId = await this.mailer.send(message.mail, delivery.mail);
    } catch (error) {
      await this.failed(delivery, MailSendError.from(error), message.kept);
      return;
    }
    await this.records.sent(delivery, messageId, message.kept);
  }

  /**
   * The message to send, or null when the store has the mail turned off (checked at every try):
   * rendered at the first try (and then kept), as kept at later ones.
   */
  private async compose(
    delivery: EmailDelivery,
    values?: Record<string, unknown>,
  ): Promise<Composed | null> {
    if (delivery.bodySealed) {
      if (!(await this.rendering.isEnabled(delivery.storeId, delivery.mail))) return null;
      return this.addressed(
        delivery,
        delivery.subject ?? '',
        this.seal.openBody(delivery.bodySealed),
        null,
      );
    }
    const fresh = await this.rendering.renderIfEnabled(
      delivery.storeId,
      delivery.mail,
      values ?? this.seal.openValues(delivery.valuesSealed),
    );
    if (!fresh) return null;
    const body = { html: fresh.html, text: fresh.text, from: fresh.from, replyTo: fresh.replyTo };
    return this.addressed(delivery, fresh.subject, body, {
      subject: fresh.subject,
      bodySealed: this.seal.sealBody(body),
    });
  }

  private addressed(
    delivery: EmailDelivery,
    subject: string,
    body: RenderedBody,
    kept: Rendered | null,
  ): Composed {
    return {
      kept,
      mail: {
        ...body,
        to: delivery.recipient,
        subject,
        headers: { [DELIVERY_HEADER]: delivery.id },
      },
    };
  }

  private async failed(
    delivery: EmailDelivery,
    error: MailSendError,
    rendered: Rendered | null,
  ): Promise<void> {
    const reason = error.message.slice(0, 1000);
    if (error.temporary && delivery.attempts < MAX_ATTEMPTS) {
      const delay = retryDelayMs(delivery.attempts, this.config.MAIL_RETRY_DELAY_MS);
      this.logger.warn(
        `Delivery ${delivery.id} (${delivery.mail}) failed for a while on try ${delivery.attempts}; again in ${delay} ms: ${reason}`,
      );
      await this.records.retryLater(delivery, reason, delay, rendered);
      this.queue.enqueueAfter({ id: delivery.id, attempts: delivery.attempts }, delay);
      return;
    }
    this.logger.warn(
      `Delivery ${delivery.id} (${delivery.mail}) failed after ${delivery.attempts} tries: ${reason}`,
    );
    await this.failures.fail(delivery, reason, rendered);
  }
}
