import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { SavedCards } from '../../credit-cards/index.js';
import { PaymentMethod } from '../../payments/index.js';
import type { Order } from '../entities/order.entity.js';
import type { PaymentSession } from './payment-session.entity.js';
import type { SessionExternalData } from './session-external-data.js';

/** The `external_data` key naming a saved card (`card_…`) the session charges. */
const SAVED_CARD_KEY = 'credit_card_id';
/** The key the session names the card it saved with, once completed. */
const SAVED_AS_KEY = 'saved_credit_card_id';

/** Whether the storefront asked the session to save the card it charges. */
function asksToSave(data: Record<string, unknown>): boolean {
  return data.save_payment_method === true || data.setup_future_usage === 'off_session';
}

/**
 * Saved cards in payment sessions: a session pays with the customer's saved card named by
 * `external_data.credit_card_id`, and saves the card it charges when `external_data` asks to
 * (`save_payment_method: true`, or `setup_future_usage: "off_session"` as Stripe names it).
 */
@Injectable()
export class SessionSavedCards {
  constructor(private readonly cards: SavedCards) {}

  /** The session's data with the saved card it names as its source, when it names one. */
  async withSavedCard(
    manager: EntityManager,
    order: Order,
    method: Pick<PaymentMethod, 'id'>,
    data: SessionExternalData,
  ): Promise<SessionExternalData> {
    const named = data.kept[SAVED_CARD_KEY];
    if (named === undefined) return data;
    const source = await this.cards.sourceFor(
      manager,
      order,
      method,
      named,
      `external_data.${SAVED_CARD_KEY}`,
    );
    return data.withSource(source);
  }

  /** Refuses (422) a request to save the card that could not be honoured once charged. */
  ensureSavable(order: Order, session: PaymentSession, method: PaymentMethod): void {
    if (!this.savesCard(session)) return;
    const reason =
      order.customerId === null
        ? 'only a signed-in customer’s cart saves cards'
        : !this.cards.keepsCards(method)
          ? `${method.type} payment methods keep no cards`
          : null;
    if (reason) {
      throw new StoreError('validation_error', 'The request failed validation', {
        'external_data.save_payment_method': [reason],
      });
    }
  }

  /** Saves the charged card for the cart's customer when the session asked to. */
  async saveCharged(manager: EntityManager, order: Order, session: PaymentSession): Promise<void> {
    if (!this.savesCard(session) || !session.source || order.customerId === null) return;
    const method = await manager.findOneByOrFail(PaymentMethod, { id: session.paymentMethodId });
    const card = await this.cards.save(
      manager,
      { storeId: order.storeId, customerId: order.customerId },
      method,
      session.source,
      'external_data.save_payment_method',
    );
    session.externalData = { ...session.externalData, [SAVED_AS_KEY]: this.cards.publicId(card) };
  }

  private savesCard(session: PaymentSession): boolean {
    return asksToSave(session.externalData) && session.externalData[SAVED_CARD_KEY] === undefined;
  }
}
