import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Money } from '../../common/money/money.js';
import { PaymentGateways } from '../payments/index.js';
import type { PaymentMethodType } from '../payments/index.js';
import type { PaymentSource } from '../payments/index.js';
import { StoreCreditWallet } from '../store-credits/index.js';
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

interface PaymentRow {
  id: string;
  type: PaymentMethodType;
  store_credit_id: string | null;
  amount: string;
  source: PaymentSource | null;
}

/** Charging and voiding an order's payments. */
/** A payment moving to another state, with the gateway's reference when it gave one. */
interface PaymentTransition {
  paymentId: string;
  to: string;
  reference?: string | null;
}

@Injectable()
export class OrderPayments {
  constructor(
    private readonly gateways: PaymentGateways,
    private readonly wallet: StoreCreditWallet,
  ) {}

  /**
   * Processes the order's unprocessed payments for its total: store credit first (oldest first,
   * never more than is left of a credit), then the card or check payment for the balance.
   * Throws `PaymentRefused` when a charge fails. Returns the amount captured.
   */
  async process(manager: EntityManager, order: Order): Promise<Money> {
    const payments: PaymentRow[] = await manager.query(
      `SELECT p.id::text AS id, pm.type, p.store_credit_id::text AS store_credit_id,
              p.amount::text AS amount, p.source
       FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id
       WHERE p.order_id = $1 AND p.state = 'checkout' ORDER BY p.store_credit_id IS NULL, p.id`,
      [order.id],
    );
    const currency = order.currency;
    let balance = Money.of(order.total, currency).minus(await this.paidTotal(manager, order));
    let captured = Money.zero(currency);
    for (const payment of payments) {
      const amount = payment.store_credit_id
        ? balance.min(Money.of(payment.amount, currency))
        : balance;
      if (amount.isZero() || amount.isNegative()) {
        await this.transition(manager, order, { paymentId: payment.id, to: 'void' });
        continue;
      }
      const charge = amount.round().toString();
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
    return captured;
  }

  /** Voids every live payment of the order, giving spent store credit back. */
  async voidAll(manager: EntityManager, order: Order): Promise<void> {
    const payments: (PaymentRow & { state: string })[] = await manager.query(
      `SELECT p.id::text AS id, p.store_credit_id::text AS store_credit_id,
              p.amount::text AS amount, p.state
       FROM payments p
       WHERE p.order_id = $1 AND p.state IN ('checkout', 'pending', 'processing', 'completed')`,
      [order.id],
    );
    for (const payment of payments) {
      if (payment.store_credit_id && payment.state === 'completed') {
        await this.wallet.refund(manager, payment.store_credit_id, payment.amount);
      }
      await this.transition(manager, order, { paymentId: payment.id, to: 'void' });
    }
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
    const outcome = await this.gateways.for(payment.type).process(amount, currency, payment.source);
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

  /** What the order's completed payments add up to. */
  async paidTotal(manager: EntityManager, order: Order): Promise<string> {
    const [{ paid }]: { paid: string }[] = await manager.query(
      `SELECT COALESCE(SUM(amount), 0)::text AS paid FROM payments
       WHERE order_id = $1 AND state = 'completed'`,
      [order.id],
    );
    return paid;
  }

  private async transition(
    manager: EntityManager,
    order: Order,
    { paymentId, to: next, reference = null }: PaymentTransition,
  ): Promise<void> {
    const [rows]: [{ previous: string }[], number] = await manager.query(
      `UPDATE payments p SET state = $2, response_code = COALESCE($3, p.response_code), updated_at = now()
       FROM (SELECT id, state AS previous FROM payments WHERE id = $1) old
       WHERE p.id = old.id RETURNING old.previous`,
      [paymentId, next, reference],
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
