import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { fieldError } from './field-error.js';
import { PaymentGateways, type PaymentMethod, type PaymentSource } from '../payments/index.js';
import { CreditCard, sourceOf } from './credit-card.entity.js';
import { CreditCardSerializer } from './credit-card.serializer.js';

/** Whose cards: one customer of one store. */
export interface CardHolder {
  storeId: string;
  customerId: string;
}

/**
 * A customer's saved cards as checkout and setup sessions use them: saving a card the gateway
 * tokenized (the customer's first card becomes the default), and finding one to charge.
 */
@Injectable()
export class SavedCards {
  constructor(
    private readonly gateways: PaymentGateways,
    private readonly serializer: CreditCardSerializer,
  ) {}

  /** Whether the method's gateway keeps cards for later charges. */
  keepsCards(method: Pick<PaymentMethod, 'type'>): boolean {
    return this.vaultOf(method) !== undefined;
  }

  /**
   * Saves the tokenized card at the method's gateway and for the customer; answers the card.
   * `field` names the request field a gateway that keeps no cards is refused on (422).
   */
  async save(
    manager: EntityManager,
    holder: CardHolder,
    method: Pick<PaymentMethod, 'id' | 'type'>,
    source: PaymentSource,
    field: string,
  ): Promise<CreditCard> {
    const gateway = this.vaultOf(method);
    if (!gateway) throw fieldError(field, `${method.type} payment methods keep no cards`);
    const kept = gateway.vault(source);
    await this.lockCards(manager, holder);
    const [hasDefault]: unknown[] = await manager.query(
      `SELECT 1 FROM credit_cards WHERE store_id = $1 AND customer_id = $2 AND "default" LIMIT 1`,
      [holder.storeId, holder.customerId],
    );
    return manager.save(
      manager.create(CreditCard, {
        storeId: holder.storeId,
        customerId: holder.customerId,
        paymentMethodId: method.id,
        ccType: kept.brand ?? 'unknown',
        lastDigits: kept.last_digits ?? '',
        month: kept.month,
        year: kept.year,
        name: kept.name ?? null,
        isDefault: hasDefault === undefined,
        gatewayPaymentProfileId: kept.gateway_payment_profile_id,
      }),
    );
  }

  private vaultOf(method: Pick<PaymentMethod, 'type'>) {
    if (method.type === 'store_credit') return undefined;
    const gateway = this.gateways.for(method.type);
    return gateway.vault
      ? (gateway as typeof gateway & Required<Pick<typeof gateway, 'vault'>>)
      : undefined;
  }

  /**
   * Serialises changes to one customer's cards in one store, so two at once cannot both make a
   * default card (the unique index would refuse the second with an error instead).
   */
  async lockCards(manager: EntityManager, holder: CardHolder): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `credit_cards:${holder.storeId}:${holder.customerId}`,
    ]);
  }

  publicId(card: Pick<CreditCard, 'id'>): string {
    return this.serializer.publicId(card);
  }

  /** One of the customer's cards by `card_…` id, or null. */
  async find(
    manager: EntityManager,
    holder: CardHolder,
    publicId: string,
    options: { lock?: 'pessimistic_write' | 'pessimistic_read' } = {},
  ): Promise<CreditCard | null> {
    const id = this.serializer.decode(publicId);
    if (!id) return null;
    return manager.findOne(CreditCard, {
      where: { id, storeId: holder.storeId, customerId: holder.customerId },
      ...(options.lock ? { lock: { mode: options.lock } } : {}),
    });
  }

  /**
   * The saved card `publicId` as the source a payment of `method` charges; a card that is not the
   * customer's (or a guest's cart) or was saved at another method is refused on `field` (422).
   */
  async sourceFor(
    manager: EntityManager,
    holder: { storeId: string; customerId: string | null },
    method: Pick<PaymentMethod, 'id'>,
    publicId: unknown,
    field: string,
  ): Promise<PaymentSource> {
    const card =
      typeof publicId === 'string' && holder.customerId !== null
        ? await this.find(
            manager,
            { storeId: holder.storeId, customerId: holder.customerId },
            publicId,
            // Held until the payment is recorded, so the card cannot be deleted meanwhile.
            { lock: 'pessimistic_read' },
          )
        : null;
    if (!card) throw fieldError(field, 'no saved card of the signed-in customer has this id');
    if (card.paymentMethodId !== method.id) {
      throw fieldError(field, 'the card was saved with another payment method');
    }
    return sourceOf(card);
  }
}
