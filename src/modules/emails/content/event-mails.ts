import { Injectable } from '@nestjs/common';
import type { StoreEventMessage } from '../../../events/index.js';
import type { TemplatedMail } from '../../../platform/mail/templated-mail.js';

/** Which mails committed events cause, with their values read when the mail is made. */
@Injectable()
export class EventMails {
  /** The event names that cause mails (for the subscriber's @Subscribes). */
  static readonly EVENTS: string[] = [
    'order.completed',
    'shipment.shipped',
    'order.canceled',
    'refund.created',
    'gift_card.created',
  ];

  /** The mails a committed event causes, with their values read now; [] when none. */
  async forEvent(event: StoreEventMessage): Promise<TemplatedMail[]> {
    void event;
    return [];
  }
}
