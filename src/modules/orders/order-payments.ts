import { HOLD_LEASE } from './payment-hold-lease.js';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { minorUnitExponent } from '../../common/money/currencies.js';
import { Money } from '../../common/money/money.js';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import { type GatewayMethodType, PaymentGateways } from '../payments/index.js';
import type { PaymentMethodType } from '../payments/index.js';
import type { PaymentSource } from '../payments/index.js';
import { StoreCreditWallet } from '../store-credits/index.js';
import {
  amountLeftToPay,
  type CoveringPayment,
  LIVE_PAYMENT_STATES,
} from './domain/payment-coverage.js';
import type { Order } from './entities/order.entity.js';
import { recordStateChange } from './state-history.js';

/** A payment the gateway refused; recorded as failed once the order's transaction is undone. */
export class PaymentRefused extends Error {
  constructor(
    readonly paymentId: string,
    readonly reason: 'declined' | 'gateway_error' | 'credit_unavailable',
    message: string,
    readonly reference: string | null = null,
  ) {
    super(message);
  }
}

/** The error code a refused payment answers with. */
export const REFUSAL_CODES = {
  declined: 'payment_failed',
  credit_unavailable: 'payment_failed',
  gateway_error: 'gateway_error',
} as const;

/** A card payment as a checkout completion charges it: planned, authorized, then captured. */
export interface RemoteCharge {
  paymentId: string;
  type: GatewayMethodType;
  amount: string;
}

/** An authorization made before placing no longer fits the order (it changed in between). */
export class AuthorizationMismatch extends Error {
  constructor(readonly paymentId: string) {
    super('The order changed while its payment was being authorized');
  }
}

interface PaymentRow {
  id: string;
  type: PaymentMethodType;
  store_credit_id: string | null;
  amount: string;
  source: PaymentSource | null;
  covers_balance: boolean;
}

/** A payment being added to an order, in state `checkout`. */
export interface NewPayment {
  methodId: string;
  amount: string;
  /** Charged for whatever is left at completion rather than for `amount`. */
  coversBalance: boolean;
  source?: PaymentSource | null;
  storeCreditId?: string | null;
  giftCardId?: string | null;
  metadata?: Record<string, unknown>;
}

/** A payment moving to another state, with the gateway's reference when it gave one. */
interface PaymentTransition {
  paymentId: string;
  to: string;
  reference?: string | null;
  /** The claim that holds the payment from now on, with a fresh lease (to `processing`). */
  holdId?: string;
}

/** An order's payments: adding them, what is left to pay, charging, voiding. */
@Injectable()
export class OrderPayments {
  constructor(
    private readonly gateways: PaymentGateways,
    private readonly wallet: StoreCreditWallet,
  ) {}

  /** Inserts a payment in state `checkout`; answers its key. */
  async add(manager: EntityManager, order: Order, payment: NewPayment): Promise<string> {
    const [{ id }]: { id: string }[] = await manager.query(
      `INSERT INTO payments (store_id, order_id, payment_method_id, store_credit_id, amount, source,
                             covers_balance, metadata, gift_card_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id::text AS id`,
      [
        order.storeId,
        order.id,
        payment.methodId,
        payment.storeCreditId ?? null,
        payment.amount,
        payment.source ? JSON.stringify(payment.source) : null,
        payment.coversBalance,
        JSON.stringify(payment.metadata ?? {}),
        payment.giftCardId ?? null,
      ],
    );
    return id;
  }

  /**
   * `add` and `fitBalancePayments` in one statement, for a payment whose amount is known
   * (`coversBalance` false: the balance payments left shrink by it) or one for the balance, which
   * replaces the earlier unprocessed balance payments (made `invalid`) and is charged whatever is
   * left. Answers the new payment's key and every payment of the order as it now stands, for
   * `OrderRecalculator.recalculatePaymentState`; the key is null, and nothing is added, when the
   * payment method is not an active one of the order's store (the caller then throws, which
   * rolls the whole change back).
   */
  async addAndFit(
    manager: EntityManager,
    order: Order,
    payment: NewPayment,
  ): Promise<{ id: string | null; payments: CoveringPayment[] }> {
    const {
      rows: [row],
    } = await preparedIn<{ id: string; payments: CoveringPayment[] }>(
      manager,
      'order_add_and_fit_payment',
      `WITH replaced AS (
         UPDATE payments SET state = 'invalid', updated_at = now()
         WHERE order_id = $1 AND state = 'checkout' AND covers_balance AND $7::boolean
         RETURNING id),
       left_to_pay AS (
         SELECT round(GREATEST($9::numeric - COALESCE(SUM(amount), 0)
                  - CASE WHEN $7::boolean THEN 0 ELSE $5::numeric END, 0), $10::int) AS amount
         FROM payments
         WHERE order_id = $1 AND state = ANY($11::text[]) AND NOT covers_balance),
       added AS (
         INSERT INTO payments (store_id, order_id, payment_method_id, store_credit_id, amount,
                               source, covers_balance, metadata)
         SELECT $2, $1, $3, $4, CASE WHEN $7::boolean THEN left_to_pay.amount ELSE $5 END,
                $6, $7, $8
         FROM left_to_pay
         WHERE EXISTS (SELECT 1 FROM payment_methods WHERE id = $3 AND store_id = $2 AND active)
         RETURNING id, payment_method_id, amount, state, covers_balance),
       fitted AS (
         UPDATE payments SET amount = left_to_pay.amount, updated_at = now() FROM left_to_pay
         WHERE order_id = $1 AND state = 'checkout' AND covers_balance AND NOT $7::boolean
         RETURNING payments.id, payments.amount),
       now_stored AS (
         SELECT p.payment_method_id, COALESCE(f.amount, p.amount) AS amount,
                CASE WHEN r.id IS NULL THEN p.state ELSE 'invalid' END AS state, p.covers_balance
         FROM payments p
         LEFT JOIN replaced r ON r.id = p.id LEFT JOIN fitted f ON f.id = p.id
         WHERE p.order_id = $1
         UNION ALL
         SELECT payment_method_id, amount, state, covers_balance FROM added)
       SELECT (SELECT id::text FROM added) AS id,
         (SELECT json_agg(json_build_object(
                   'methodType', pm.type, 'amount', s.amount::text, 'state', s.state,
                   'coversBalance', s.covers_balance))
          FROM now_stored s JOIN payment_methods pm ON pm.id = s.payment_method_id) AS payments`,
      [
        order.id,
        order.storeId,
        payment.methodId,
        payment.storeCreditId ?? null,
        payment.amount,
        payment.source ? JSON.stringify(payment.source) : null,
        payment.coversBalance,
        JSON.stringify(payment.metadata ?? {}),
        order.total,
        minorUnitExponent(order.currency),
        [...LIVE_PAYMENT_STATES],
      ],
    );
    return row;
  }

  /** What is left to pay besides payments charged for the balance (see `amountLeftToPay`). */
  async amountLeft(manager: EntityManager, order: Order): Promise<Money> {
    const payments: CoveringPayment[] = await manager.query(
      `SELECT pm.type AS "methodType", p.amount::text AS amount, p.state,
              p.covers_balance AS "coversBalance"
       FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id
       WHERE p.order_id = $1`,
      [order.id],
    );
    return amountLeftToPay(payments, order.total, order.currency);
  }

  /**
   * Shows on each unprocessed balance payment what it would be charged now: `amountLeftToPay`,
   * worked out by the statement that writes it.
   */
  async fitBalancePayments(manager: EntityManager, order: Order): Promise<void> {
    await preparedIn(
      manager,
      'order_fit_balance_payments',
      `UPDATE payments SET updated_at = now(), amount = round(GREATEST($2::numeric - COALESCE((
         SELECT SUM(paid.amount) FROM payments paid
         WHERE paid.order_id = $1 AND paid.state = ANY($4::text[]) AND NOT paid.covers_balance
       ), 0), 0), $3::int)
       WHERE order_id = $1 AND state = 'checkout' AND covers_balance`,
      [order.id, order.total, minorUnitExponent(order.currency), [...LIVE_PAYMENT_STATES]],
    );
  }

  /**
   * Processes the order's unprocessed payments for its total: store credit first (oldest first,
   * never more than is left of a credit), then payments of set amounts, then the card or check
   * payment for the balance. Store credit and local gateways (check) are settled here, inside the
   * placing transaction; a payment of a remote gateway (card) is never called here: rehearsing,
   * the amount it would be charged is only planned (`remote`); placing, it must have been
   * authorized for exactly that amount before (`authorized`, in `processing`) and stays there,
   * to be captured once the order is placed. Throws `PaymentRefused` when a charge fails,
   * `AuthorizationMismatch` when an authorization no longer fits. Returns what the order's
   * completed payments add up to afterwards and the remote charges.
   */
  async process(
    manager: EntityManager,
    order: Order,
    authorized?: ReadonlyMap<string, string>,
  ): Promise<{ paid: Money; remote: RemoteCharge[] }> {
    const payments: PaymentRow[] = await manager.query(
      `SELECT p.id::text AS id, pm.type, p.store_credit_id::text AS store_credit_id,
              p.amount::text AS amount, p.source, p.covers_balance, p.state
       FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id
       WHERE p.order_id = $1 AND (p.state = 'checkout' OR (p.state = 'processing' AND p.id = ANY($2)))
       ORDER BY p.store_credit_id IS NULL, p.covers_balance, p.id`,
      [order.id, [...(authorized?.keys() ?? [])]],
    );
    const currency = order.currency;
    const paid = Money.of(await this.paidTotal(manager, order), currency);
    let balance = Money.of(order.total, currency).minus(paid);
    let captured = Money.zero(currency);
    const remote: RemoteCharge[] = [];
    for (const payment of payments) {
      const amount = payment.covers_balance
        ? balance
        : balance.min(Money.of(payment.amount, currency));
      const charge = amount.round().toString();
      if (this.isRemote(payment)) {
        if (authorized && authorized.get(payment.id) !== charge) {
          throw new AuthorizationMismatch(payment.id);
        }
        if (amount.isZero() || amount.isNegative()) continue;
        remote.push({
          paymentId: payment.id,
          type: payment.type as GatewayMethodType,
          amount: charge,
        });
        balance = balance.minus(charge);
        continue;
      }
      if (amount.isZero() || amount.isNegative()) {
        await this.transition(manager, order, { paymentId: payment.id, to: 'void' });
        continue;
      }
      const next = await this.charge(manager, payment, charge, currency);
      await manager.query('UPDATE payments SET amount = $2, updated_at = now() WHERE id = $1', [
        payment.id,
        charge,
      ]);
      await this.transition(manager, order, {
        paymentId: payment.id,
        to: next.state,
        reference: next.reference,
      });
      if (next.state === 'completed') captured = captured.plus(charge);
      balance = balance.minus(charge);
    }
    return { paid: paid.plus(captured), remote };
  }

  /** Whether a payment is settled through a remote gateway (outside the placing transaction). */
  private isRemote(payment: PaymentRow): boolean {
    return (
      !payment.store_credit_id &&
      payment.type !== 'store_credit' &&
      this.gateways.for(payment.type).remote
    );
  }

  /** Records a refused charge (in its own transaction, after the order's was undone). */
  async recordRefusal(
    manager: EntityManager,
    order: Order,
    refusal: PaymentRefused,
  ): Promise<void> {
    await manager.query(
      `UPDATE payments SET failure_message = $2, response_code = $3, updated_at = now() WHERE id = $1`,
      [refusal.paymentId, refusal.message, refusal.reference],
    );
    await this.transition(manager, order, { paymentId: refusal.paymentId, to: 'failed' });
  }

  /** What the order's completed payments add up to, less what was refunded of them. */
  async paidTotal(manager: EntityManager, order: Order): Promise<string> {
    const [{ paid }]: { paid: string }[] = await manager.query(
      `SELECT (COALESCE(SUM(p.amount), 0) - COALESCE(SUM(
                (SELECT SUM(r.amount) FROM refunds r WHERE r.payment_id = p.id)), 0))::text AS paid
       FROM payments p
       WHERE p.order_id = $1 AND p.state = 'completed'`,
      [order.id],
    );
    return paid;
  }

  /** Writes the order's `payment_total`: what its completed payments add up to, less refunds. */
  async syncPaymentTotal(manager: EntityManager, order: Order): Promise<void> {
    order.paymentTotal = await this.paidTotal(manager, order);
    await manager.query('UPDATE orders SET payment_total = $2 WHERE id = $1', [
      order.id,
      order.paymentTotal,
    ]);
  }

  private async charge(
    manager: EntityManager,
    payment: PaymentRow,
    amount: string,
    currency: string,
  ): Promise<{ state: 'completed' | 'pending'; reference: string | null }> {
    if (payment.store_credit_id) {
      if (!(await this.wallet.spend(manager, payment.store_credit_id, amount))) {
        throw new PaymentRefused(
          payment.id,
          'credit_unavailable',
          'The store credit has already been spent',
        );
      }
      return { state: 'completed', reference: null };
    }
    if (payment.type === 'store_credit') throw new Error('Store credit payment without a credit');
    const gateway = this.gateways.for(payment.type);
    const outcome = await gatewayCall(() => gateway.process(amount, currency, payment.source));
    switch (outcome.kind) {
      case 'captured':
        return { state: 'completed', reference: outcome.reference };
      case 'pending':
        return { state: 'pending', reference: outcome.reference };
      case 'declined':
        throw new PaymentRefused(payment.id, 'declined', outcome.message, outcome.reference);
      case 'error':
        throw new PaymentRefused(payment.id, 'gateway_error', outcome.message);
    }
  }

  /** Moves a payment to another state (with the gateway's reference) and records the transition. */
  async transition(
    manager: EntityManager,
    order: Order,
    { paymentId, to: next, reference = null, holdId }: PaymentTransition,
  ): Promise<void> {
    const [rows]: [{ previous: string }[], number] = await manager.query(
      `UPDATE payments p SET state = $2, response_code = COALESCE($3, p.response_code),
         held_by = COALESCE($4::uuid, p.held_by),
         held_until = CASE WHEN $4::uuid IS NULL THEN p.held_until ELSE now() + $5::interval END,
         updated_at = now()
       FROM (SELECT id, state AS previous FROM payments WHERE id = $1) old
       WHERE p.id = old.id RETURNING old.previous`,
      [paymentId, next, reference, holdId ?? null, HOLD_LEASE],
    );
    await recordStateChange(manager, {
      order,
      name: 'payment',
      subjectId: paymentId,
      from: rows[0]?.previous ?? null,
      to: next,
    });
  }
}

/**
 * Runs a call to a payment gateway. One that throws (a lost connection, a gateway fault) is 422
 * `payment_processing_error`: whether anything happened there is unknown, so nothing of it is
 * recorded (the transaction around a local call is undone; a card payment held for the call goes
 * back to checkout).
 */
export async function gatewayCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw new StoreError(
      'payment_processing_error',
      'The payment could not be processed: the payment gateway did not answer, and nothing was recorded',
    );
  }
}
