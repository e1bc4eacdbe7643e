import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { fieldError } from './field-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { CustomerRecords } from '../customers/index.js';
import {
  type CardInput,
  type GatewayMethodType,
  PaymentGateways,
  PaymentMethod,
  type PaymentSource,
} from '../payments/index.js';
import type {
  CompletePaymentSetupSessionBody,
  CreatePaymentSetupSessionBody,
} from './dto/payment-setup-session.body.js';
import { PaymentSetupSession } from './payment-setup-session.entity.js';
import {
  PaymentSetupSessionSerializer,
  type PaymentSetupSessionView,
} from './payment-setup-session.serializer.js';
import { type CardHolder, SavedCards } from './saved-cards.js';

const CARD_FIELD = 'external_data.card';

/**
 * Saving a card without paying: a signed-in customer opens a setup session at a payment method
 * that keeps cards, gives the card (at create or complete, in `external_data.card`), and
 * completing the session saves it. Completing a completed session answers it unchanged.
 */
@Injectable()
export class PaymentSetupSessionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerRecords,
    private readonly ids: PublicIdCodec,
    private readonly gateways: PaymentGateways,
    private readonly cards: SavedCards,
    private readonly serializer: PaymentSetupSessionSerializer,
  ) {}

  async create(
    holder: CardHolder,
    body: CreatePaymentSetupSessionBody,
  ): Promise<PaymentSetupSessionView> {
    await this.customers.signedIn(holder.storeId, holder.customerId);
    return this.dataSource.transaction(async (manager) => {
      const method = await this.cardMethod(manager, holder, body.payment_method_id);
      const sent = this.read(method, body.external_data);
      const session = await manager.save(
        manager.create(PaymentSetupSession, {
          storeId: holder.storeId,
          customerId: holder.customerId,
          paymentMethodId: method.id,
          status: 'pending',
          externalId: this.gateways.for(method.type).openSession?.() ?? `setup_${method.id}`,
          externalData: sent.kept,
          source: sent.source,
          creditCardId: null,
        }),
      );
      return this.serializer.serialize(session, method);
    });
  }

  async show(holder: CardHolder, publicId: string): Promise<PaymentSetupSessionView> {
    await this.customers.signedIn(holder.storeId, holder.customerId);
    const manager = this.dataSource.manager;
    const session = await this.sessionOf(manager, holder, publicId);
    return this.serializer.serialize(session, await this.methodOf(manager, session));
  }

  async complete(
    holder: CardHolder,
    publicId: string,
    body: CompletePaymentSetupSessionBody,
  ): Promise<PaymentSetupSessionView> {
    await this.customers.signedIn(holder.storeId, holder.customerId);
    return this.dataSource.transaction(async (manager) => {
      const session = await this.sessionOf(manager, holder, publicId, { lock: true });
      const method = await this.methodOf(manager, session);
      if (session.status === 'completed') return this.serializer.serialize(session, method);
      const sent = this.read(method, body.external_data);
      session.externalData = { ...session.externalData, ...sent.kept };
      session.source = sent.source ?? session.source;
      if (!session.source) {
        throw fieldError(CARD_FIELD, 'the card is required to complete the session');
      }
      const card = await this.cards.save(
        manager,
        holder,
        method,
        session.source,
        'payment_method_id',
      );
      session.creditCardId = card.id;
      session.status = 'completed';
      await manager.save(session);
      return this.serializer.serialize(session, method);
    });
  }

  /** The gateway data sent: the card tokenized (never kept as sent), other keys kept. */
  private read(
    method: PaymentMethod & { type: GatewayMethodType },
    sent: Record<string, unknown> = {},
  ): { kept: Record<string, unknown>; source: PaymentSource | null } {
    const { card, ...kept } = sent;
    const source =
      card === undefined || card === null
        ? null
        : this.gateways.for(method.type).tokenize(card as CardInput, CARD_FIELD);
    return { kept, source };
  }

  private async cardMethod(
    manager: EntityManager,
    holder: CardHolder,
    publicId: string,
  ): Promise<PaymentMethod & { type: GatewayMethodType }> {
    const id = this.ids.decode(ID_PREFIX.paymentMethod, publicId);
    const method = id
      ? await manager.findOneBy(PaymentMethod, { id, storeId: holder.storeId, active: true })
      : null;
    if (!method) throw StoreError.notFound('payment method');
    if (!this.cards.keepsCards(method)) {
      throw fieldError('payment_method_id', `${method.type} payment methods keep no cards`);
    }
    return method as PaymentMethod & { type: GatewayMethodType };
  }

  private async methodOf(
    manager: EntityManager,
    session: PaymentSetupSession,
  ): Promise<PaymentMethod & { type: GatewayMethodType }> {
    const method = await manager.findOneByOrFail(PaymentMethod, { id: session.paymentMethodId });
    return method as PaymentMethod & { type: GatewayMethodType };
  }

  /** One of the customer's setup sessions by `pss_…` id; another customer's is not found. */
  private async sessionOf(
    manager: EntityManager,
    holder: CardHolder,
    publicId: string,
    options: { lock?: boolean } = {},
  ): Promise<PaymentSetupSession> {
    const id = this.serializer.decode(publicId);
    const session = id
      ? await manager.findOne(PaymentSetupSession, {
          where: { id, storeId: holder.storeId, customerId: holder.customerId },
          ...(options.lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!session) throw StoreError.notFound('payment setup session');
    return session;
  }
}
