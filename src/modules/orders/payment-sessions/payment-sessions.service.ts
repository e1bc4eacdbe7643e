import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { Money } from '../../../common/money/money.js';
import {
  type GatewayMethodType,
  PaymentGateways,
  PaymentMethod,
  paymentMethodTraits,
} from '../../payments/index.js';
import type { CartCaller } from '../carts/cart-caller.js';
import { positiveAmount } from '../domain/decimal-amount.js';
import type {
  CompletePaymentSessionBody,
  CreatePaymentSessionBody,
  UpdatePaymentSessionBody,
} from '../dto/payment-session.body.js';
import type { Order } from '../entities/order.entity.js';
import { CardPayments } from '../card-payments.js';
import { OrderChange } from '../order-change.js';
import { conflict, OrderChanges } from '../order-changes.js';
import { OrderEvents } from '../order-events.js';
import { isPlaced, OrderLookup, type OrderTarget } from '../order-lookup.js';
import { OrderPayments, PaymentRefused, REFUSAL_CODES } from '../order-payments.js';
import { OrderRecalculator } from '../order-recalculator.js';
import { OrderSerializer } from '../order.serializer.js';
import { type OrderParts, OrderSnapshots } from '../order-snapshot.js';
import { HoldLeases, newHoldId } from '../payment-hold-lease.js';
import { PaymentSettlement } from '../admin/payments/payment-settlement.js';
import { SessionExternalData } from './session-external-data.js';
import { SessionSavedCards } from './session-saved-cards.js';
import { PaymentSession } from './payment-session.entity.js';
import { PaymentSessionSerializer, type PaymentSessionView } from './payment-session.serializer.js';

/** A method paid through sessions: one of a gateway. */
type SessionMethod = PaymentMethod & { type: GatewayMethodType };

/**
 * Payment sessions of a cart (or of a placed order with a balance due), the client's way to pay by
 * card: opened for an amount (by default all that is left to pay), updated while pending,
 * completed once by charging the card through the method's gateway. A completed session has recorded a captured payment and moved the
 * checkout on; a refused one is `failed` and the shopper opens another.
 */
@Injectable()
export class PaymentSessionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly recalculator: OrderRecalculator,
    private readonly payments: OrderPayments,
    private readonly gateways: PaymentGateways,
    private readonly snapshots: OrderSnapshots,
    private readonly orders: OrderSerializer,
    private readonly serializer: PaymentSessionSerializer,
    private readonly cards: CardPayments,
    private readonly events: OrderEvents,
    private readonly leases: HoldLeases,
    private readonly savedCards: SessionSavedCards,
    private readonly settlement: PaymentSettlement,
  ) {}

  create(
    caller: CartCaller,
    cartId: string,
    body: CreatePaymentSessionBody,
  ): Promise<PaymentSessionView> {
    return this.dataSource.transaction(async (manager) => {
      const order = await this.lookup.read(manager, this.sessionTarget(caller, cartId));
      const method = await this.sessionMethod(manager, order, body.payment_method_id);
      const amount = await this.amountFor(manager, order, body.amount);
      const session = await this.open(manager, order, method, amount, body.external_data);
      return this.render(manager, order, session, method);
    });
  }

  /**
   * Opens a session for the balance a placed order has left to pay (its total raised after it
   * was paid), with the method of its last card payment, in the caller's change of the order;
   * undefined when nothing is due or the order was not paid through a session's method. Its
   * shopper completes it as a cart's.
   */
  async openForBalance(manager: EntityManager, order: Order): Promise<PaymentSession | undefined> {
    const due = await this.settlement.balanceDue(manager, order);
    if (due.isZero()) return undefined;
    const [last]: { id: string }[] = await manager.query(
      `SELECT p.payment_method_id::text AS id FROM payments p
       WHERE p.order_id = $1 AND p.state = 'completed'
         AND p.store_credit_id IS NULL AND p.gift_card_id IS NULL
       ORDER BY p.id DESC LIMIT 1`,
      [order.id],
    );
    const method = last
      ? await manager.findOneBy(PaymentMethod, { id: last.id, active: true })
      : null;
    if (!method || !paymentMethodTraits(method.type).sessionRequired) return undefined;
    return this.open(manager, order, method as SessionMethod, due.toString(), undefined);
  }

  private async open(
    manager: EntityManager,
    order: Order,
    method: SessionMethod,
    amount: string,
    externalData: Record<string, unknown> | undefined,
  ): Promise<PaymentSession> {
    const gateway = this.gateways.for(method.type);
    const data = await this.savedCards.withSavedCard(
      manager,
      order,
      method,
      SessionExternalData.start(gateway, externalData),
    );
    return manager.save(
      manager.create(PaymentSession, {
        storeId: order.storeId,
        orderId: order.id,
        paymentMethodId: method.id,
        status: 'pending',
        currency: order.currency,
        amount,
        externalId: gateway.openSession?.() ?? `session_${order.id}`,
        externalData: data.kept,
        source: data.source,
        sessionResult: null,
        paymentId: null,
      }),
    );
  }

  /**
   * The caller's cart by `cart_…` id, or its placed order while a balance is due on it (an
   * edit raised its total), which is paid through sessions as a cart is.
   */
  private sessionTarget(caller: CartCaller, cartId: string): OrderTarget {
    const cart = this.lookup.cart(caller, cartId, { allowPlaced: true });
    return {
      ...cart,
      admit: (order) => {
        const admitted = cart.admit(order);
        if (isPlaced(admitted) && admitted.paymentState !== 'balance_due') {
          return this.lookup.cart(caller, cartId).admit(admitted);
        }
        return admitted;
      },
    };
  }

  async show(caller: CartCaller, cartId: string, sessionId: string): Promise<PaymentSessionView> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.sessionTarget(caller, cartId));
    const session = await this.sessionOf(manager, order, sessionId);
    return this.render(manager, order, session, await this.methodOf(manager, session));
  }

  /** Changes a pending session's amount or gateway data. */
  update(
    caller: CartCaller,
    cartId: string,
    sessionId: string,
    body: UpdatePaymentSessionBody,
  ): Promise<PaymentSessionView> {
    return this.dataSource.transaction(async (manager) => {
      const order = await this.lookup.read(manager, this.sessionTarget(caller, cartId));
      const session = await this.sessionOf(manager, order, sessionId, { lock: true });
      ensurePending(session);
      if (session.paymentId !== null) {
        throw conflict(order, 'The payment session is being completed by another request');
      }
      const method = await this.methodOf(manager, session);
      if (body.amount !== undefined) {
        session.amount = await this.amountFor(manager, order, body.amount);
      }
      if (body.external_data !== undefined) {
        const data = await this.savedCards.withSavedCard(
          manager,
          order,
          method,
          SessionExternalData.of(session).update(
            this.gateways.for(method.type),
            body.external_data,
          ),
        );
        session.externalData = data.kept;
        session.source = data.source;
      }
      await manager.save(session);
      return this.render(manager, order, session, method);
    });
  }

  /**
   * Charges the session's amount to its card. The gateway is never called while the cart's rows
   * are held: one short change records the card and a payment held (`processing`) for the
   * amount; the card is then authorized and captured; a second short transaction records the
   * outcome (the payment captured, or failed when refused), completes or fails the session,
   * moves the checkout on and publishes the change's events. A refusal is answered after it was
   * recorded: 422 `payment_failed` or `gateway_error`; a gateway that did not answer the
   * authorization leaves nothing recorded (422 `payment_processing_error`). Completing a
   * completed session again answers it unchanged; while one completion holds the session, another
   * gets 409.
   */
  async complete(
    caller: CartCaller,
    cartId: string,
    sessionId: string,
    body: CompletePaymentSessionBody,
  ): Promise<PaymentSessionView> {
    const target = this.sessionTarget(caller, cartId);
    const done = await this.completedAlready(target, sessionId);
    if (done) return done;
    type Claim = { view: PaymentSessionView } | { paymentId: string; before: OrderParts };
    const holdId = newHoldId();
    const claim = await this.changes.run(target, undefined, async (change): Promise<Claim> => {
      const { manager, order } = change;
      const session = await this.sessionOf(manager, order, sessionId, { lock: true });
      const method = await this.methodOf(manager, session);
      if (session.status === 'completed') {
        return { view: await this.render(manager, order, session, method) };
      }
      ensurePending(session);
      if (session.paymentId !== null) {
        throw conflict(order, 'The payment session is being completed by another request');
      }
      const gateway = this.gateways.for(method.type);
      const data = await this.savedCards.withSavedCard(
        manager,
        order,
        method,
        SessionExternalData.of(session).update(gateway, body.external_data ?? {}),
      );
      session.externalData = data.kept;
      session.source = data.source;
      if (body.session_result !== undefined) session.sessionResult = body.session_result;
      if (gateway.sourceRequired && !session.source) {
        throw invalid('external_data.card', 'the card is required to complete the session');
      }
      this.savedCards.ensureSavable(order, session, method);
      const amount = await this.chargeable(manager, order, session);
      const paymentId = await this.payments.add(manager, order, {
        methodId: method.id,
        amount,
        coversBalance: false,
        source: session.source,
      });
      await this.payments.transition(manager, order, { paymentId, to: 'processing', holdId });
      session.paymentId = paymentId;
      await manager.save(session);
      change.deferPublishing();
      return { paymentId, before: change.before };
    });
    if ('view' in claim) return claim.view;
    const lease = this.leases.keep(holdId);
    let settled = false;
    try {
      const view = await this.charge(claim.paymentId, claim.before);
      settled = true;
      return view;
    } finally {
      // A refusal is recorded before it is thrown: only a failure on the way leaves it held.
      await lease.end(settled);
    }
  }

  /**
   * Finishes a session's payment a crashed completion left held (see `PaymentRecoverySweeper`):
   * one authorized is captured and recorded as the completion would have; one never authorized
   * is dropped, the session open again.
   */
  async finishHeld(paymentId: string): Promise<void> {
    const [row]: { authorized: boolean }[] = await this.dataSource.query(
      `SELECT response_code IS NOT NULL AS authorized FROM payments
       WHERE id = $1 AND state = 'processing'`,
      [paymentId],
    );
    if (!row) return;
    if (!row.authorized) {
      await this.drop(paymentId);
      return;
    }
    await this.capture(paymentId, undefined).catch((error: unknown) => {
      if (!(error instanceof StoreError)) throw error;
    });
  }

  /** Authorizes, then captures, the held payment; see `complete`. */
  private async charge(paymentId: string, before: OrderParts): Promise<PaymentSessionView> {
    try {
      await this.cards.authorize(paymentId);
    } catch (error) {
      if (error instanceof PaymentRefused) return this.settle(paymentId, error, before);
      await this.drop(paymentId);
      throw error;
    }
    return this.capture(paymentId, before);
  }

  private async capture(
    paymentId: string,
    before: OrderParts | undefined,
  ): Promise<PaymentSessionView> {
    const outcome = await this.cards.capture(paymentId);
    switch (outcome.kind) {
      case 'captured':
        return this.settle(paymentId, null, before);
      case 'refused':
        await this.cards.voidAuthorization(paymentId);
        return this.settle(
          paymentId,
          new PaymentRefused(paymentId, 'gateway_error', outcome.message),
          before,
        );
      case 'unknown':
        throw new StoreError(
          'payment_processing_error',
          'The payment could not be processed: the payment gateway did not answer; the payment is settled shortly',
        );
    }
  }

  /**
   * Records a held payment's outcome in one short transaction: captured (`completed`) or
   * refused (`failed`), the session completed or failed, the checkout moved on, and the
   * completion's events published. Answers the session; a refusal is thrown once recorded.
   */
  private async settle(
    paymentId: string,
    refusal: PaymentRefused | null,
    before: OrderParts | undefined,
  ): Promise<PaymentSessionView> {
    const view = await this.dataSource.transaction(async (manager) => {
      const [{ order_id: orderId }]: { order_id: string }[] = await manager.query(
        'SELECT order_id::text AS order_id FROM payments WHERE id = $1',
        [paymentId],
      );
      const order = await this.cards.lockOrder(manager, orderId);
      const change = new OrderChange(
        manager,
        order,
        before ?? (await this.snapshots.load(manager, order)),
      );
      const session = await manager.findOneOrFail(PaymentSession, {
        where: { paymentId, orderId },
        lock: { mode: 'pessimistic_write' },
      });
      const [{ state }]: { state: string }[] = await manager.query(
        'SELECT state FROM payments WHERE id = $1',
        [paymentId],
      );
      if (state === 'processing') {
        if (refusal) await this.payments.recordRefusal(manager, order, refusal);
        else await this.payments.transition(manager, order, { paymentId, to: 'completed' });
        session.status = refusal ? 'failed' : 'completed';
        if (!refusal) await this.savedCards.saveCharged(manager, order, session);
        await manager.save(session);
        if (isPlaced(order)) {
          // A placed order's balance paid: its payment state follows, its lines stay as placed.
          await this.settlement.settle(change);
        } else {
          await this.payments.syncPaymentTotal(manager, order);
          await this.payments.fitBalancePayments(manager, order);
          await this.recalculator.recalculate(change);
        }
        await this.events.publish(change);
      }
      return this.render(manager, order, session, await this.methodOf(manager, session));
    });
    if (refusal) {
      throw new StoreError(REFUSAL_CODES[refusal.reason], refusal.message, {
        payment_session_id: [view.id],
      });
    }
    return view;
  }

  /** Drops a held payment that was never authorized: the session is open again. */
  private async drop(paymentId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE payment_sessions SET payment_id = NULL, updated_at = now()
         WHERE payment_id = $1 AND status = 'pending'`,
        [paymentId],
      );
      await manager.query(`DELETE FROM payments WHERE id = $1 AND state = 'processing'`, [
        paymentId,
      ]);
    });
  }

  /** The session answered as it is when it was completed before (a repeated completion). */
  private async completedAlready(
    target: OrderTarget,
    sessionId: string,
  ): Promise<PaymentSessionView | undefined> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, target);
    const session = await this.sessionOf(manager, order, sessionId);
    if (session.status !== 'completed') return undefined;
    return this.render(manager, order, session, await this.methodOf(manager, session));
  }

  /** The session's amount as charged, if the cart still has that much left to pay. */
  private async chargeable(
    manager: EntityManager,
    order: Order,
    session: PaymentSession,
  ): Promise<string> {
    if (session.currency !== order.currency) {
      throw invalid(
        'currency',
        `the session is in ${session.currency}, the cart in ${order.currency}`,
      );
    }
    const amount = Money.of(session.amount, session.currency).round();
    const left = await this.leftToPay(manager, order);
    if (amount.compare(left) > 0) {
      throw invalid(
        'amount',
        `the session's amount is more than is left to pay (${left.toString()}); update the session`,
      );
    }
    return amount.toString();
  }

  /**
   * What is left to pay: a cart's total less its payments of set amounts; a placed order's total
   * less what was captured (net of refunds) and what is being charged (`balanceDue`).
   */
  private leftToPay(manager: EntityManager, order: Order): Promise<Money> {
    return isPlaced(order)
      ? this.settlement.balanceDue(manager, order)
      : this.payments.amountLeft(manager, order);
  }

  /** The amount asked for, or all that is left to pay; never more, never nothing. */
  private async amountFor(manager: EntityManager, order: Order, value: unknown): Promise<string> {
    const left = await this.leftToPay(manager, order);
    if (value === undefined) {
      if (left.isZero()) throw invalid('amount', 'nothing is left to pay for this cart');
      return left.toString();
    }
    const amount = positiveAmount(value, order.currency);
    if (amount.compare(left) > 0) {
      throw invalid('amount', `amount may be at most what is left to pay (${left.toString()})`);
    }
    return amount.toString();
  }

  private async sessionMethod(
    manager: EntityManager,
    order: Order,
    publicId: string,
  ): Promise<SessionMethod> {
    const id = this.ids.decode(ID_PREFIX.paymentMethod, publicId);
    const method = id
      ? await manager.findOneBy(PaymentMethod, { id, storeId: order.storeId, active: true })
      : null;
    if (!method) throw StoreError.notFound('payment method');
    if (method.type === 'store_credit' || !paymentMethodTraits(method.type).sessionRequired) {
      throw invalid(
        'payment_method_id',
        method.type === 'store_credit'
          ? 'store credit is applied with POST /carts/:id/store_credits'
          : `${method.type} payments are made with POST /carts/:id/payments, without a session`,
      );
    }
    return method as PaymentMethod & { type: GatewayMethodType };
  }

  private async methodOf(
    manager: EntityManager,
    session: PaymentSession,
  ): Promise<PaymentMethod & { type: GatewayMethodType }> {
    const method = await manager.findOneByOrFail(PaymentMethod, { id: session.paymentMethodId });
    return method as PaymentMethod & { type: GatewayMethodType };
  }

  /** One of the cart's sessions by `ps_…` id; a session of any other cart is not found. */
  private async sessionOf(
    manager: EntityManager,
    order: Order,
    publicId: string,
    options: { lock?: boolean } = {},
  ): Promise<PaymentSession> {
    const id = this.ids.decode(ID_PREFIX.paymentSession, publicId);
    const session = id
      ? await manager.findOne(PaymentSession, {
          where: { id, orderId: order.id, storeId: order.storeId },
          ...(options.lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!session) throw StoreError.notFound('payment session');
    return session;
  }

  private async render(
    manager: EntityManager,
    order: Order,
    session: PaymentSession,
    method: PaymentMethod,
  ): Promise<PaymentSessionView> {
    const payment = session.paymentId
      ? (await this.snapshots.load(manager, order)).payments.find(
          (candidate) => candidate.id === session.paymentId,
        )
      : undefined;
    return this.serializer.serialize(session, {
      orderPublicId: this.orders.publicId(order),
      method,
      payment,
    });
  }
}

function ensurePending(session: PaymentSession): void {
  if (session.status !== 'pending') {
    throw invalid(
      'status',
      `the session is ${session.status}; open a new payment session to pay again`,
    );
  }
}

function invalid(field: string, message: string): StoreError {
  return new StoreError('validation_error', 'The request failed validation', {
    [field]: [message],
  });
}
