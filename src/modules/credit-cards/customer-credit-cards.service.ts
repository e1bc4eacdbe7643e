import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { findPage, type Page } from '../../common/pagination/page.js';
import type { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { CustomerRecords } from '../customers/index.js';
import { paymentMethodView, type PaymentMethodView } from '../payments/index.js';
import { cardInUse } from './card-usage.js';
import { CreditCard } from './credit-card.entity.js';
import { CreditCardSerializer, type CreditCardView } from './credit-card.serializer.js';
import { type CardHolder, SavedCards } from './saved-cards.js';

/** A saved card with the payment method it was saved at. */
export type CardWithMethod = CreditCardView & { payment_method: PaymentMethodView };

/**
 * The signed-in customer's own saved cards in one store: listed (the default first, then the
 * newest), shown and deleted. Deleting the default makes the newest remaining card the default.
 */
@Injectable()
export class CustomerCreditCardsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerRecords,
    private readonly cards: SavedCards,
    private readonly serializer: CreditCardSerializer,
    private readonly ids: PublicIdCodec,
  ) {}

  async list(holder: CardHolder, query: PaginationQuery): Promise<Page<CreditCardView>> {
    return this.page(holder, query, (card) => this.serializer.serialize(card));
  }

  /** The cards as `list` orders them, each with its payment method. */
  listWithMethods(holder: CardHolder, query: PaginationQuery): Promise<Page<CardWithMethod>> {
    return this.page(holder, query, (card) => this.withMethod(card));
  }

  /** The customer's default card with its payment method, or null when it has none. */
  async defaultCard(holder: CardHolder): Promise<CardWithMethod | null> {
    await this.customers.signedIn(holder.storeId, holder.customerId);
    const card = await this.dataSource.manager.findOne(CreditCard, {
      where: { storeId: holder.storeId, customerId: holder.customerId, isDefault: true },
      relations: { paymentMethod: true },
    });
    return card ? this.withMethod(card) : null;
  }

  /** Another customer's card is not found. */
  async show(holder: CardHolder, publicId: string): Promise<CreditCardView> {
    await this.customers.signedIn(holder.storeId, holder.customerId);
    const card = await this.cards.find(this.dataSource.manager, holder, publicId);
    if (!card) throw StoreError.notFound('credit card');
    return this.serializer.serialize(card);
  }

  /**
   * Deletes the card, unless an unfinished payment uses it: a payment or pending payment session
   * of an open cart (422 `validation_error`; that cart's payment must be finished or removed).
   */
  async remove(holder: CardHolder, publicId: string): Promise<void> {
    await this.customers.signedIn(holder.storeId, holder.customerId);
    await this.dataSource.transaction(async (manager) => {
      await this.cards.lockCards(manager, holder);
      const card = await this.cards.find(manager, holder, publicId, { lock: 'pessimistic_write' });
      if (!card) throw StoreError.notFound('credit card');
      if (await cardInUse(manager, card)) {
        throw new StoreError('validation_error', 'The card pays an unfinished checkout', {
          base: [
            'the card is used by a payment of an open cart; finish or remove that payment first',
          ],
        });
      }
      await manager.delete(CreditCard, { id: card.id });
      if (card.isDefault) {
        await manager.query(
          `UPDATE credit_cards SET "default" = true, updated_at = now()
           WHERE id = (SELECT id FROM credit_cards WHERE store_id = $1 AND customer_id = $2
                       ORDER BY created_at DESC, id DESC LIMIT 1)`,
          [holder.storeId, holder.customerId],
        );
      }
    });
  }

  private async page<T>(
    holder: CardHolder,
    query: PaginationQuery,
    render: (card: CreditCard) => T,
  ): Promise<Page<T>> {
    await this.customers.signedIn(holder.storeId, holder.customerId);
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(CreditCard, {
          where: { storeId: holder.storeId, customerId: holder.customerId },
          relations: { paymentMethod: true },
          order: { isDefault: 'DESC', createdAt: 'DESC', id: 'DESC' },
          ...window,
        }),
      render,
    );
  }

  private withMethod(card: CreditCard): CardWithMethod {
    return {
      ...this.serializer.serialize(card),
      payment_method: paymentMethodView(this.ids, card.paymentMethod!),
    };
  }
}
