import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { positiveAmount } from '../../common/money/decimal-amount.js';
import { Money } from '../../common/money/money.js';
import type { Page } from '../../common/pagination/page.js';
import type { PaginationQuery } from '../../common/pagination/pagination.query.js';
import type { RawQuery } from '../../common/query/list-filters.js';
import { ModelEvents } from '../../events/index.js';
import type { Principal } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import type { CreateGiftCardBody, UpdateGiftCardBody } from './dto/gift-card.body.js';
import { giftCardColumns } from './gift-card-columns.js';
import { GiftCardIssuer } from './gift-card-issuer.js';
import { giftCardListWhere } from './gift-card-list.js';
import { creatorColumns, giftCardPage } from './gift-card-page.js';
import { GiftCard } from './gift-card.entity.js';
import { type AdminGiftCardView, GiftCardSerializer } from './gift-card.serializer.js';
import type { StoredGiftCard } from './gift-card-wallet.js';

/** A ledger line as staff see it. */
export interface GiftCardTransactionView {
  id: string;
  kind: string;
  amount: string;
  display_amount: string;
  order_id: string | null;
  created_at: string;
}

/** A card with its ledger, as `show` answers it. */
export type GiftCardDetailView = AdminGiftCardView & { transactions: GiftCardTransactionView[] };

/**
 * Staff management of gift cards. Edits lock the card's row before checking what is used, so a
 * checkout spending it (whose conditional update needs the same lock) comes entirely before or
 * after them.
 */
@Injectable()
export class AdminGiftCardsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly serializer: GiftCardSerializer,
    private readonly issuer: GiftCardIssuer,
    private readonly events: ModelEvents,
  ) {}

  async list(
    store: StoreContext,
    query: PaginationQuery,
    raw: RawQuery,
  ): Promise<Page<AdminGiftCardView>> {
    return giftCardPage(
      this.dataSource.manager,
      giftCardListWhere(store.storeId, raw, this.ids),
      query,
      (card) => this.serializer.serialize(card),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<GiftCardDetailView> {
    const manager = this.dataSource.manager;
    const card = await this.find(manager, store, publicId);
    return { ...this.serializer.serialize(card), transactions: await this.ledger(manager, card) };
  }

  create(
    store: StoreContext,
    caller: Principal,
    body: CreateGiftCardBody,
  ): Promise<AdminGiftCardView> {
    const currency = storeCurrency(store, body.currency);
    const amount = positiveAmount(body.amount, currency);
    return this.dataSource.transaction(async (manager) => {
      const card = await this.issuer.issue(manager, {
        storeId: store.storeId,
        currency,
        amount: amount.toString(),
        code: body.code,
        expiresAt: body.expires_at ? new Date(body.expires_at) : null,
        recipientEmail: body.recipient_email ?? null,
        recipientName: body.recipient_name ?? null,
        senderName: body.sender_name ?? null,
        message: body.message ?? null,
        ...creatorColumns(caller),
      });
      return this.serializer.serialize(card);
    });
  }

  /**
   * Expiry, recipient and message may always change, and the card be disabled or enabled; the
   * amount only while nothing of it is used (else 422 `validation_error` on `amount`).
   */
  update(
    store: StoreContext,
    publicId: string,
    body: UpdateGiftCardBody,
  ): Promise<AdminGiftCardView> {
    return this.dataSource.transaction(async (manager) => {
      const card = await this.find(manager, store, publicId, { lock: true });
      const changes: Partial<GiftCard> = {};
      if (body.amount !== undefined) {
        const amount = positiveAmount(body.amount, card.currency);
        if (amount.compare(card.amount) !== 0) {
          if (!Money.of(card.amountUsed, card.currency).isZero()) {
            throw new StoreError('validation_error', 'Some of this gift card is used', {
              amount: ['cannot change once some of the gift card is used'],
            });
          }
          changes.amount = amount.toString();
        }
      }
      if (body.expires_at !== undefined) {
        changes.expiresAt = body.expires_at === null ? null : new Date(body.expires_at);
      }
      if (body.disabled !== undefined && body.disabled !== (card.disabledAt !== null)) {
        changes.disabledAt = body.disabled ? new Date() : null;
      }
      if (body.recipient_email !== undefined) {
        changes.recipientEmail = body.recipient_email?.trim().toLowerCase() ?? null;
      }
      if (body.message !== undefined) changes.message = body.message;
      if (Object.keys(changes).length === 0) return this.serializer.serialize(card);
      await manager.update(GiftCard, { id: card.id }, changes);
      const updated = await this.find(manager, store, publicId);
      await this.events.updated({ manager, storeId: store.storeId }, GiftCard, updated);
      return this.serializer.serialize(updated);
    });
  }

  /** The store's card (row-locked when asked); another store's is 404. */
  async find(
    manager: EntityManager,
    store: StoreContext,
    publicId: string,
    { lock = false } = {},
  ): Promise<StoredGiftCard> {
    const id = this.ids.decode(ID_PREFIX.giftCard, publicId);
    const [card]: StoredGiftCard[] = id
      ? await manager.query(
          `SELECT ${giftCardColumns('g')} FROM gift_cards g WHERE g.id = $1 AND g.store_id = $2
           ${lock ? 'FOR UPDATE' : ''}`,
          [id, store.storeId],
        )
      : [];
    if (!card) throw StoreError.notFound('gift card');
    return card;
  }

  private async ledger(
    manager: EntityManager,
    card: StoredGiftCard,
  ): Promise<GiftCardTransactionView[]> {
    const rows: {
      id: string;
      kind: string;
      amount: string;
      order_id: string | null;
      created_at: Date;
    }[] = await manager.query(
      `SELECT id::text AS id, kind, amount::text AS amount, order_id::text AS order_id, created_at
         FROM gift_card_transactions WHERE gift_card_id = $1 ORDER BY id`,
      [card.id],
    );
    return rows.map((row) => {
      const amount = Money.of(row.amount, card.currency).round();
      return {
        id: this.ids.encode(ID_PREFIX.giftCardTransaction, row.id),
        kind: row.kind,
        amount: amount.toString(),
        display_amount: amount.format(),
        order_id: row.order_id ? this.ids.encode(ID_PREFIX.order, row.order_id) : null,
        created_at: new Date(row.created_at).toISOString(),
      };
    });
  }
}

/** The requested currency, upper-cased, if the store sells in it; else the store's default. */
export function storeCurrency(store: StoreContext, requested: string | undefined): string {
  const currency = requested?.toUpperCase() ?? store.defaultCurrency;
  if (!store.supportedCurrencies.includes(currency)) {
    throw new StoreError('validation_error', 'The request failed validation', {
      currency: [`currency must be one of ${store.supportedCurrencies.join(', ')}`],
    });
  }
  return currency;
}
