import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { type GatewayMethodType, PaymentGateways, type PaymentSource } from '../payments/index.js';
import { PaymentSettlement } from './admin/payments/payment-settlement.js';
import { Order } from './entities/order.entity.js';
import { OrderChange } from './order-change.js';
import { OrderEvents } from './order-events.js';
import { gatewayCall, PaymentRefused, type RemoteCharge } from './order-payments.js';
import type { OrderParts } from './order-snapshot.js';
import { OrderSnapshots } from './order-snapshot.js';
import { recordStateChange } from './state-history.js';

/** A card payment held in `processing` while its gateway is called, as stored. */
interface HeldPayment {
  id: string;
  order_id: string;
  type: GatewayMethodType;
  amount: string;
  currency: string;
  source: PaymentSource | null;
  response_code: string | null;
}

/** What a capture did: taken, refused by the processor, or unknown (no answer). */
export type CaptureOutcome =
  | { paymentId: string; kind: 'captured'; reference: string | null }
  | { paymentId: string; kind: 'refused'; message: string }
  | { paymentId: string; kind: 'unknown' };

/**
 * The gateway steps of a card payment, each outside any transaction that holds the order's rows:
 * the payment is claimed (`processing`) in a short transaction, authorized (its reference
 * committed at once), and later captured or voided; a payment left `processing` by a crash is
 * finished by `PaymentRecoverySweeper` with the same steps.
 */
@Injectable()
export class CardPayments {
  private readonly logger = new Logger('CardPayments');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly gateways: PaymentGateways,
    private readonly settlement: PaymentSettlement,
    private readonly events: OrderEvents,
    private readonly snapshots: OrderSnapshots,
  ) {}

  /**
   * Claims the order's card payments for a completion (`checkout` → `processing`, at the amounts
   * planned) with conditional updates: false, claiming none, when another request claimed or
   * changed one first.
   */
  async claim(order: Order, charges: RemoteCharge[]): Promise<boolean> {
    if (charges.length === 0) return true;
    const lost = new Error('claim lost');
    const claiming = this.dataSource.transaction(async (manager) => {
      for (const charge of charges) {
        const [, claimed]: [unknown, number] = await manager.query(
          `UPDATE payments SET state = 'processing', amount = $2, response_code = NULL,
             updated_at = now()
           WHERE id = $1 AND state = 'checkout'`,
          [charge.paymentId, charge.amount],
        );
        if (claimed === 0) throw lost;
        await recordStateChange(manager, {
          order,
          name: 'payment',
          subjectId: charge.paymentId,
          from: 'checkout',
          to: 'processing',
        });
      }
      return true;
    });
    return claiming.catch((error: unknown) => {
      if (error === lost) return false;
      throw error;
    });
  }

  /**
   * Authorizes a claimed payment at its gateway and commits the authorization's reference on
   * it at once (so a crash leaves something to void). Throws `PaymentRefused` when the gateway
   * refused, 422 `payment_processing_error` when it did not answer.
   */
  async authorize(paymentId: string): Promise<void> {
    const payment = await this.held(this.dataSource.manager, paymentId);
    if (!payment) throw new StoreError('cart_already_updated', 'The payment is no longer held');
    const gateway = this.gateways.for(payment.type);
    const outcome = await gatewayCall(() =>
      gateway.authorize(payment.amount, payment.currency, payment.source),
    );
    switch (outcome.kind) {
      case 'captured':
      case 'pending':
        await this.dataSource.query(
          `UPDATE payments SET response_code = $2, updated_at = now()
           WHERE id = $1 AND state = 'processing'`,
          [payment.id, outcome.reference ?? `authorized_${payment.id}`],
        );
        return;
      case 'declined':
        throw new PaymentRefused(payment.id, 'declined', outcome.message, outcome.reference);
      case 'error':
        throw new PaymentRefused(payment.id, 'gateway_error', outcome.message);
    }
  }

  /** Captures a held, authorized payment; never throws. */
  async capture(paymentId: string): Promise<CaptureOutcome> {
    const payment = await this.held(this.dataSource.manager, paymentId);
    if (!payment?.response_code) return { paymentId, kind: 'unknown' };
    try {
      const outcome = await this.gateways
        .for(payment.type)
        .capture(payment.response_code, payment.amount, payment.currency);
      if (outcome.kind === 'done') {
        return { paymentId, kind: 'captured', reference: outcome.reference };
      }
      return { paymentId, kind: 'refused', message: outcome.message };
    } catch (error) {
      this.logger.warn(`Capture of payment ${paymentId} got no answer: ${String(error)}`);
      return { paymentId, kind: 'unknown' };
    }
  }

  /**
   * Voids the authorization of a held payment, if it has one; false when the gateway did not
   * answer (the payment stays held, for the sweep to try again).
   */
  async voidAuthorization(paymentId: string): Promise<boolean> {
    const payment = await this.held(this.dataSource.manager, paymentId);
    if (!payment?.response_code) return true;
    try {
      const outcome = await this.gateways.for(payment.type).void(payment.response_code);
      if (outcome.kind !== 'done') {
        this.logger.warn(`Void of payment ${paymentId} was refused: ${outcome.message}`);
      }
      return true;
    } catch (error) {
      this.logger.warn(`Void of payment ${paymentId} got no answer: ${String(error)}`);
      return false;
    }
  }

  /**
   * Gives held payments of an order that was not placed back to checkout: each authorization is
   * voided first, and the payment returns to `checkout` (without a reference), to be authorized
   * again by the next completion. One whose void got no answer stays held.
   */
  async release(order: Pick<Order, 'id' | 'storeId'>, paymentIds: string[]): Promise<void> {
    for (const paymentId of paymentIds) {
      if (!(await this.voidAuthorization(paymentId))) continue;
      await this.dataSource.transaction(async (manager) => {
        const [, released]: [unknown, number] = await manager.query(
          `UPDATE payments SET state = 'checkout', response_code = NULL, updated_at = now()
           WHERE id = $1 AND state = 'processing'`,
          [paymentId],
        );
        if (released === 0) return;
        await recordStateChange(manager, {
          order,
          name: 'payment',
          subjectId: paymentId,
          from: 'processing',
          to: 'checkout',
        });
      });
    }
  }

  /**
   * Records the captures of a placed order's held payments in one short transaction: captured
   * ones `completed`, refused ones `pending` (still authorized, for staff to capture or void),
   * unknown ones left held; then the order's payment total and states, and its shipments. Once
   * none is held any longer, publishes the completion's events (`order.completed` among them)
   * against `before`, the parts as the placing change found them (or as they are now).
   */
  async settlePlaced(
    orderId: string,
    outcomes: CaptureOutcome[],
    before?: OrderParts,
  ): Promise<Order> {
    return this.dataSource.transaction(async (manager) => {
      const order = await this.lockOrder(manager, orderId);
      const parts = before ?? (await this.snapshots.load(manager, order));
      for (const outcome of outcomes) {
        if (outcome.kind === 'unknown') continue;
        const next = outcome.kind === 'captured' ? 'completed' : 'pending';
        const [, settled]: [unknown, number] = await manager.query(
          `UPDATE payments SET state = $2, failure_message = $3,
             response_code = COALESCE($4, response_code), updated_at = now()
           WHERE id = $1 AND state = 'processing'`,
          [
            outcome.paymentId,
            next,
            outcome.kind === 'refused' ? outcome.message : null,
            outcome.kind === 'captured' ? outcome.reference : null,
          ],
        );
        if (settled === 0) continue;
        await recordStateChange(manager, {
          order,
          name: 'payment',
          subjectId: outcome.paymentId,
          from: 'processing',
          to: next,
        });
      }
      await this.settlement.settle({ manager, order });
      const [{ updated_at: updatedAt }]: { updated_at: Date }[] = await manager.query(
        'SELECT updated_at FROM orders WHERE id = $1',
        [order.id],
      );
      order.updatedAt = updatedAt;
      if (!(await this.holds(manager, order.id))) {
        const change = new OrderChange(manager, order, parts);
        change.announce('completed');
        await this.events.publish(change);
      }
      return order;
    });
  }

  /** Whether any payment of the order is still held for a gateway call. */
  async holds(manager: EntityManager, orderId: string): Promise<boolean> {
    const [held]: unknown[] = await manager.query(
      `SELECT 1 FROM payments WHERE order_id = $1 AND state = 'processing' LIMIT 1`,
      [orderId],
    );
    return held !== undefined;
  }

  /** The order's row, locked for a short settling transaction. */
  async lockOrder(manager: EntityManager, orderId: string): Promise<Order> {
    await manager.query('SELECT 1 FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
    return manager.findOneByOrFail(Order, { id: orderId });
  }

  private async held(manager: EntityManager, paymentId: string): Promise<HeldPayment | undefined> {
    const [row]: HeldPayment[] = await manager.query(
      `SELECT p.id::text AS id, p.order_id::text AS order_id, pm.type, p.amount::text AS amount,
              o.currency, p.source, p.response_code
       FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id
       JOIN orders o ON o.id = p.order_id
       WHERE p.id = $1 AND p.state = 'processing'`,
      [paymentId],
    );
    return row;
  }
}
