import { Injectable } from '@nestjs/common';
import { type EventSubscriber, Subscribes, type StoreEventMessage } from '../../../events/index.js';
import { EventMails } from '../content/event-mails.js';
import { EmailDeliveries } from './email-deliveries.js';

/**
 * Sends the mails committed events cause, as a background job per event. The event's id is each
 * delivery's key: relaying an event twice, or running its job again after a crash, sends nothing
 * more.
 */
@Injectable()
@Subscribes(EventMails.EVENTS)
export class EventMailSubscriber implements EventSubscriber {
  constructor(
    private readonly mails: EventMails,
    private readonly deliveries: EmailDeliveries,
  ) {}

  async handle(event: StoreEventMessage): Promise<void> {
    for (const mail of await this.mails.forEvent(event)) {
      await this.deliveries.dispatch(mail, event.id);
    }
  }
}
