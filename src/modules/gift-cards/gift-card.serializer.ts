import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { Money } from '../../common/money/money.js';
import type { GiftCard } from './gift-card.entity.js';
import { isExpired, remainingOf, statusOf } from './gift-card-status.js';

export type GiftCardRecord = Pick<
  GiftCard,
  | 'id'
  | 'code'
  | 'currency'
  | 'amount'
  | 'amountUsed'
  | 'expiresAt'
  | 'disabledAt'
  | 'redeemedAt'
  | 'recipientEmail'
  | 'recipientName'
  | 'senderName'
  | 'message'
  | 'customerId'
  | 'batchId'
  | 'createdByStaffUserId'
  | 'createdByApiKeyId'
  | 'createdAt'
  | 'updatedAt'
>;

/** A gift card as a shopper sees it (the client's `GiftCard`). */
export interface GiftCardView {
  id: string;
  code: string;
  status: string;
  currency: string;
  amount: string;
  amount_used: string;
  amount_authorized: string;
  amount_remaining: string;
  display_amount: string;
  display_amount_used: string;
  display_amount_remaining: string;
  expires_at: string | null;
  redeemed_at: string | null;
  expired: boolean;
  active: boolean;
}

/** A gift card as staff see it: with its recipient, who spent it and who made it. */
export interface AdminGiftCardView extends GiftCardView {
  recipient_email: string | null;
  recipient_name: string | null;
  sender_name: string | null;
  message: string | null;
  customer_id: string | null;
  gift_card_batch_id: string | null;
  created_by_id: string | null;
  created_at: string;
  updated_at: string;
}

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

/** The v3 representation of a gift card, for API responses and event payloads alike. */
@Injectable()
export class GiftCardSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  publicId(id: string): string {
    return this.ids.encode(ID_PREFIX.giftCard, id);
  }

  serialize(card: GiftCardRecord): AdminGiftCardView {
    const view = this.forShopper(card);
    return {
      ...view,
      recipient_email: card.recipientEmail,
      recipient_name: card.recipientName,
      sender_name: card.senderName,
      message: card.message,
      customer_id: card.customerId ? this.ids.encode(ID_PREFIX.customer, card.customerId) : null,
      gift_card_batch_id: card.batchId
        ? this.ids.encode(ID_PREFIX.giftCardBatch, card.batchId)
        : null,
      created_by_id: this.creator(card),
      created_at: iso(card.createdAt)!,
      updated_at: iso(card.updatedAt)!,
    };
  }

  forShopper(card: GiftCardRecord): GiftCardView {
    const amount = Money.of(card.amount, card.currency).round();
    const used = Money.of(card.amountUsed, card.currency).round();
    const remaining = remainingOf(card).round();
    const status = statusOf(card);
    return {
      id: this.publicId(card.id),
      code: card.code,
      status,
      currency: card.currency,
      amount: amount.toString(),
      amount_used: used.toString(),
      amount_authorized: Money.zero(card.currency).toString(),
      amount_remaining: remaining.toString(),
      display_amount: amount.format(),
      display_amount_used: used.format(),
      display_amount_remaining: remaining.format(),
      expires_at: iso(card.expiresAt),
      redeemed_at: iso(card.redeemedAt),
      expired: isExpired(card),
      active: status === 'active',
    };
  }

  private creator(card: GiftCardRecord): string | null {
    if (card.createdByStaffUserId !== null) {
      return this.ids.encode(ID_PREFIX.staffUser, card.createdByStaffUserId);
    }
    if (card.createdByApiKeyId !== null) {
      return this.ids.encode(ID_PREFIX.apiKey, card.createdByApiKeyId);
    }
    return null;
  }
}
