import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { DeliverySeal } from './delivery-seal.js';
import type { EmailDelivery, EmailDeliveryStatus } from './email-delivery.entity.js';

export interface EmailDeliveryView {
  id: string;
  mail: string;
  recipient: string;
  status: EmailDeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  smtp_message_id: string | null;
  last_error: string | null;
  subject: string | null;
  order_id: string | null;
  customer_id: string | null;
  resend_of: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One delivery with the message as it was rendered (null parts: not rendered yet). */
export interface EmailDeliveryMessageView extends EmailDeliveryView {
  message: { from: string; reply_to: string | null; html: string; text: string } | null;
}

/** The v3 representation of an e-mail delivery (also the data of `email_delivery.failed`). */
@Injectable()
export class EmailDeliverySerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly seal: DeliverySeal,
  ) {}

  publicId(id: string): string {
    return this.ids.encode(ID_PREFIX.emailDelivery, id);
  }

  serialize(delivery: EmailDelivery): EmailDeliveryView {
    const unfinished = delivery.status === 'pending' || delivery.status === 'sending';
    return {
      id: this.publicId(delivery.id),
      mail: delivery.mail,
      recipient: delivery.recipient,
      status: delivery.status,
      attempts: delivery.attempts,
      next_attempt_at: unfinished ? delivery.nextAttemptAt.toISOString() : null,
      smtp_message_id: delivery.smtpMessageId,
      last_error: delivery.lastError,
      subject: delivery.subject,
      order_id: delivery.orderId && this.ids.encode(ID_PREFIX.order, delivery.orderId),
      customer_id: delivery.customerId && this.ids.encode(ID_PREFIX.customer, delivery.customerId),
      resend_of: delivery.resendOf && this.publicId(delivery.resendOf),
      sent_at: delivery.sentAt?.toISOString() ?? null,
      created_at: delivery.createdAt.toISOString(),
      updated_at: delivery.updatedAt.toISOString(),
    };
  }

  withMessage(delivery: EmailDelivery): EmailDeliveryMessageView {
    const body = delivery.bodySealed ? this.seal.openBody(delivery.bodySealed) : null;
    return {
      ...this.serialize(delivery),
      message: body && {
        from: body.from,
        reply_to: body.replyTo,
        html: body.html,
        text: body.text,
      },
    };
  }
}
