import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import type { StoreEventMessage } from '../../../events/index.js';
import type { TemplatedMail } from '../../../platform/mail/templated-mail.js';
import { GiftCard } from '../../gift-cards/index.js';
import { PaymentSession, Refund } from '../../orders/index.js';
import { Store } from '../../stores/index.js';
import { shipmentValues } from './order-values.js';
import { type OrderForMail, OrderMailReads } from './order-mail-reads.js';
import { refundValues } from './refund-values.js';
import { reimbursementValues } from './reimbursement-values.js';

type Row = Record<string, unknown>;

/**
 * Which mails committed events cause, with their values read when the mail is made (the event's
 * payload only names the rows): `order.completed` the confirmation, `shipment.shipped` the
 * shipment's, `order.canceled` the cancellation, `refund.created` the refund's (none for a
 * canceled order or a reimbursement), `reimbursement.reimbursed` the reimbursement's, each to the
 * order's e-mail; `gift_card.created` the card's, to its recipient when it has one.
 */
@Injectable()
export class EventMails {
  /** The event names that cause mails (for the subscriber's @Subscribes). */
  static readonly EVENTS: string[] = [
    'order.completed',
    'shipment.shipped',
    'order.canceled',
    'refund.created',
    'reimbursement.reimbursed',
    'gift_card.created',
  ];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: OrderMailReads,
  ) {}

  /** The mails a committed event causes, with their values read now; [] when none. */
  async forEvent(event: StoreEventMessage): Promise<TemplatedMail[]> {
    const storeId = event.store_id;
    if (storeId === null) return [];
    const mail = await this.mailOf(storeId, event.name, event.payload);
    return mail ? [mail] : [];
  }

  private async mailOf(storeId: string, name: string, payload: Row): Promise<TemplatedMail | null> {
    switch (name) {
      case 'order.completed':
        return this.orderMail(storeId, 'order_confirmation', this.orderIdOf(payload.id));
      case 'order.canceled':
        return this.orderMail(storeId, 'order_canceled', this.orderIdOf(payload.id));
      case 'shipment.shipped':
        return this.orderMail(
          storeId,
          'shipment_shipped',
          this.orderIdOf(payload.order_id),
          (found) => shipmentValues(found, payload.id),
        );
      case 'refund.created':
        return this.refundMail(storeId, payload);
      case 'reimbursement.reimbursed':
        return this.reimbursementMail(storeId, payload);
      case 'gift_card.created':
        return this.giftCardMail(storeId, payload.id);
      default:
        return null;
    }
  }

  /** A mail to the order's e-mail; `more` adds values of its own (null: no mail). */
  private async orderMail(
    storeId: string,
    mail: string,
    orderId: string | undefined,
    more: (found: OrderForMail) => Row | null | Promise<Row | null> = () => ({}),
  ): Promise<TemplatedMail | null> {
    const found = await this.reads.order(storeId, orderId);
    const extra = found && (await more(found));
    if (!found || !extra) return null;
    return {
      storeId,
      mail,
      to: found.order.email!,
      values: { order: found.values, ...extra },
      orderId: found.order.id,
      customerId: found.order.customerId,
    };
  }

  private orderIdOf(publicId: unknown): string | undefined {
    return this.reads.idOf(ID_PREFIX.order, publicId);
  }

  private async refundMail(storeId: string, payload: Row): Promise<TemplatedMail | null> {
    const refundId = this.reads.idOf(ID_PREFIX.refund, payload.id);
    if (refundId === undefined) return null;
    const refund = await this.dataSource.manager.findOneBy(Refund, { id: refundId, storeId });
    // A reimbursement's mail says what it refunded: a refund mail would repeat it.
    if (!refund || refund.reimbursementId !== null) return null;
    // Canceling refunds what was paid: the cancellation mail says so, a refund mail would repeat it.
    return this.orderMail(storeId, 'refund_issued', refund.orderId, (found) =>
      found.order.state === 'canceled'
        ? null
        : { refund: refundValues(refund, found, payload.payment_id) },
    );
  }

  /** What a reimbursement gave back for returned units, and what an exchange leaves to pay. */
  private reimbursementMail(storeId: string, payload: Row): Promise<TemplatedMail | null> {
    const { manager } = this.dataSource;
    const refundIds = (payload.refund_ids as unknown[])
      .map((id) => this.reads.idOf(ID_PREFIX.refund, id))
      .filter((id) => id !== undefined);
    const sessionId = this.reads.idOf(ID_PREFIX.paymentSession, payload.payment_session_id);
    return this.orderMail(
      storeId,
      'reimbursement_processed',
      this.orderIdOf(payload.order_id),
      async (found) => {
        const [refunds, session] = await Promise.all([
          manager.find(Refund, {
            where: { id: In(refundIds), storeId, orderId: found.order.id },
            order: { id: 'ASC' },
          }),
          sessionId === undefined
            ? null
            : manager.findOneBy(PaymentSession, { id: sessionId, orderId: found.order.id }),
        ]);
        return {
          reimbursement: reimbursementValues(payload, found, {
            refunds: refunds.map((refund) =>
              refundValues(
                refund,
                found,
                this.reads.publicIdOf(ID_PREFIX.payment, refund.paymentId),
              ),
            ),
            sessionPending: session?.status === 'pending',
          }),
        };
      },
    );
  }

  private async giftCardMail(storeId: string, publicId: unknown): Promise<TemplatedMail | null> {
    const id = this.reads.idOf(ID_PREFIX.giftCard, publicId);
    if (id === undefined) return null;
    const { manager } = this.dataSource;
    const [card, store] = await Promise.all([
      manager.findOneBy(GiftCard, { id, storeId }),
      manager.findOneBy(Store, { id: storeId }),
    ]);
    if (!card?.recipientEmail || !store) return null;
    const formats = this.reads.formatsFor(store.defaultLocale, store.url);
    return {
      storeId,
      mail: 'gift_card_received',
      to: card.recipientEmail,
      values: {
        gift_card: {
          code: card.code,
          amount: formats.money(card.amount, card.currency),
          message: card.message,
          sender_name: card.senderName,
          expires_on: formats.date(card.expiresAt),
        },
      },
      customerId: card.customerId,
    };
  }
}
