import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ModelEvents } from '../../events/index.js';
import { giftCardColumns, normalizeCode } from './gift-card-columns.js';
import { GiftCard } from './gift-card.entity.js';
import type { GiftCardRecord } from './gift-card.serializer.js';
import type { GiftCardTransactionKind } from './gift-card-transaction.entity.js';

export type StoredGiftCard = GiftCardRecord & { storeId: string };

const COLUMNS = giftCardColumns('gift_cards');

/** A card's balance: finding it by code, spending it exactly once, giving it back. */
@Injectable()
export class GiftCardWallet {
  constructor(private readonly events: ModelEvents) {}

  async byCode(
    manager: EntityManager,
    storeId: string,
    code: string,
  ): Promise<StoredGiftCard | undefined> {
    const [card]: StoredGiftCard[] = await manager.query(
      `SELECT ${COLUMNS} FROM gift_cards WHERE store_id = $1 AND code = $2`,
      [storeId, normalizeCode(code)],
    );
    return card;
  }

  async byId(
    manager: EntityManager,
    storeId: string,
    id: string,
  ): Promise<StoredGiftCard | undefined> {
    const [card]: StoredGiftCard[] = await manager.query(
      `SELECT ${COLUMNS} FROM gift_cards WHERE store_id = $1 AND id = $2`,
      [storeId, id],
    );
    return card;
  }

  /**
   * Spends `amount` of a card for an order with a conditional update: the card as it is then, or
   * undefined, and nothing spent,
   * when the card no longer has that much left, or was disabled or expired meanwhile. The update
   * holds the card's row until the caller commits, so concurrent spenders of one card queue up
   * and each sees what the one before left.
   */
  async spend(
    manager: EntityManager,
    spending: { giftCardId: string; amount: string; orderId: string; customerId: string | null },
  ): Promise<StoredGiftCard | undefined> {
    const [rows]: [StoredGiftCard[], number] = await manager.query(
      `UPDATE gift_cards SET amount_used = amount_used + $2, updated_at = now(),
         customer_id = COALESCE(customer_id, $3),
         redeemed_at = CASE WHEN amount_used + $2 >= amount THEN now() ELSE redeemed_at END
       WHERE id = $1 AND amount - amount_used >= $2 AND disabled_at IS NULL
         AND (expires_at IS NULL OR expires_at > now())
       RETURNING ${COLUMNS}`,
      [spending.giftCardId, spending.amount, spending.customerId],
    );
    if (rows.length === 0) return undefined;
    await this.record(manager, rows[0], 'used', spending.amount, spending.orderId);
    return rows[0];
  }

  /** Gives back what an order had spent of a card (the order was canceled or refunded). */
  async giveBack(
    manager: EntityManager,
    giving: { giftCardId: string; amount: string; orderId: string | null },
  ): Promise<void> {
    const [rows]: [StoredGiftCard[], number] = await manager.query(
      `UPDATE gift_cards SET amount_used = GREATEST(amount_used - $2, 0), redeemed_at = NULL,
         updated_at = now()
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [giving.giftCardId, giving.amount],
    );
    if (rows.length === 0) return;
    await this.record(manager, rows[0], 'returned', giving.amount, giving.orderId);
  }

  /** Writes a ledger line and publishes `gift_card.updated`. */
  private async record(
    manager: EntityManager,
    card: StoredGiftCard,
    kind: GiftCardTransactionKind,
    amount: string,
    orderId: string | null,
  ): Promise<void> {
    await recordTransaction(manager, {
      storeId: card.storeId,
      giftCardId: card.id,
      kind,
      amount,
      orderId,
    });
    await this.events.updated({ manager, storeId: card.storeId }, GiftCard, card);
  }
}

/** One line of a card's ledger. */
export async function recordTransaction(
  manager: EntityManager,
  line: {
    storeId: string;
    giftCardId: string;
    kind: GiftCardTransactionKind;
    amount: string;
    orderId: string | null;
  },
): Promise<void> {
  await manager.query(
    `INSERT INTO gift_card_transactions (store_id, gift_card_id, kind, amount, order_id)
     VALUES ($1, $2, $3, $4, $5)`,
    [line.storeId, line.giftCardId, line.kind, line.amount, line.orderId],
  );
}
