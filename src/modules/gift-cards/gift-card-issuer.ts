import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ModelEvents } from '../../events/index.js';
import { giftCardColumns, normalizeCode } from './gift-card-columns.js';
import { GiftCard } from './gift-card.entity.js';
import { recordTransaction, type StoredGiftCard } from './gift-card-wallet.js';

/** Upper-case letters and digits, without those easily mistaken for others (I, L, O, 0, 1). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 16;
const ATTEMPTS = 5;

/** A card to issue; its code is generated (after `prefix`) when none is given. */
export interface NewGiftCard {
  storeId: string;
  currency: string;
  amount: string;
  code?: string;
  prefix?: string | null;
  expiresAt?: Date | null;
  recipientEmail?: string | null;
  recipientName?: string | null;
  senderName?: string | null;
  message?: string | null;
  batchId?: string | null;
  lineItemId?: string | null;
  createdByStaffUserId?: string | null;
  createdByApiKeyId?: string | null;
}

export function randomGiftCardCode(prefix = ''): string {
  let code = normalizeCode(prefix);
  for (let index = 0; index < CODE_LENGTH; index++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * Issues gift cards: the card, its `issued` ledger line and `gift_card.created`, in the caller's
 * transaction. A code staff give that another card of the store has is 422 on `code`.
 */
@Injectable()
export class GiftCardIssuer {
  constructor(private readonly events: ModelEvents) {}

  /** `announce` false issues it without `gift_card.created` (cards of a batch). */
  async issue(manager: EntityManager, card: NewGiftCard, announce = true): Promise<StoredGiftCard> {
    for (let attempt = 1; ; attempt++) {
      const code = card.code ? normalizeCode(card.code) : randomGiftCardCode(card.prefix ?? '');
      const issued = await this.insert(manager, card, code, announce);
      if (issued) return issued;
      if (card.code) {
        throw new StoreError('validation_error', 'The request failed validation', {
          code: ['has already been taken'],
        });
      }
      if (attempt === ATTEMPTS) throw new Error('Could not draw a free gift card code');
    }
  }

  private async insert(
    manager: EntityManager,
    card: NewGiftCard,
    code: string,
    announce: boolean,
  ): Promise<StoredGiftCard | undefined> {
    const [issued]: StoredGiftCard[] = await manager.query(
      `INSERT INTO gift_cards AS g (store_id, code, currency, amount, expires_at, recipient_email,
         recipient_name, sender_name, message, batch_id, line_item_id, created_by_staff_user_id,
         created_by_api_key_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (store_id, code) DO NOTHING
       RETURNING ${giftCardColumns('g')}`,
      [
        card.storeId,
        code,
        card.currency,
        card.amount,
        card.expiresAt ?? null,
        card.recipientEmail?.trim().toLowerCase() ?? null,
        card.recipientName ?? null,
        card.senderName ?? null,
        card.message ?? null,
        card.batchId ?? null,
        card.lineItemId ?? null,
        card.createdByStaffUserId ?? null,
        card.createdByApiKeyId ?? null,
      ],
    );
    if (!issued) return undefined;
    await recordTransaction(manager, {
      storeId: card.storeId,
      giftCardId: issued.id,
      kind: 'issued',
      amount: card.amount,
      orderId: null,
    });
    if (announce) await this.events.created({ manager, storeId: card.storeId }, GiftCard, issued);
    return issued;
  }
}
