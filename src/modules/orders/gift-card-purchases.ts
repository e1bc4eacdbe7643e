import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { GiftCardIssuer } from '../gift-cards/index.js';
import type { Order } from './entities/order.entity.js';
import { OrderExtensions } from './order-extensions.js';

/** A line of a product sold as a gift card (`metadata.gift_card` true on the product). */
interface GiftCardLine {
  id: string;
  price: string;
  quantity: number;
  metadata: Record<string, unknown>;
}

/** The line item metadata keys that address the cards a line buys. */
export const GIFT_CARD_LINE_KEYS = {
  recipientEmail: 'gift_card_recipient_email',
  recipientName: 'gift_card_recipient_name',
  senderName: 'gift_card_sender_name',
  message: 'gift_card_message',
} as const;

const LINES_SQL = (orderId: string) => `
  SELECT li.id::text AS id, li.price::text AS price, li.quantity, li.metadata
  FROM line_items li
  JOIN variants v ON v.id = li.variant_id JOIN products p ON p.id = v.product_id
  WHERE li.order_id = ${orderId} AND p.metadata @> '{"gift_card": true}'`;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * Gift cards sold as products: a product whose metadata has `gift_card: true` issues, when an
 * order buying it is placed, one card of the line's unit price per unit, in the order's currency,
 * for the recipient its line's metadata names (`GIFT_CARD_LINE_KEYS`; the buyer's e-mail without
 * one), in the placing's transaction.
 */
@Injectable()
export class GiftCardPurchases implements OnModuleInit {
  constructor(
    private readonly extensions: OrderExtensions,
    private readonly issuer: GiftCardIssuer,
  ) {}

  onModuleInit(): void {
    this.extensions.onOrderPlaced((context) => this.issueFor(context.manager, context.order));
  }

  /**
   * A statement of its own, planned for its values each time (not a column of the placing
   * statement): a plan kept from a small catalog would walk every variant of a grown one.
   */
  private async issueFor(manager: EntityManager, order: Order): Promise<void> {
    const lines: readonly GiftCardLine[] = await manager.query(LINES_SQL('$1'), [order.id]);
    for (const line of lines) {
      const metadata = line.metadata ?? {};
      for (let unit = 0; unit < line.quantity; unit++) {
        await this.issuer.issue(manager, {
          storeId: order.storeId,
          currency: order.currency,
          amount: line.price,
          lineItemId: line.id,
          recipientEmail: text(metadata[GIFT_CARD_LINE_KEYS.recipientEmail]) ?? order.email,
          recipientName: text(metadata[GIFT_CARD_LINE_KEYS.recipientName]),
          senderName: text(metadata[GIFT_CARD_LINE_KEYS.senderName]),
          message: text(metadata[GIFT_CARD_LINE_KEYS.message]),
        });
      }
    }
  }
}
