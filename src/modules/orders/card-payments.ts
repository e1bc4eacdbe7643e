import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { commitWithEvents } from '../../events/index.js';
import { type GatewayMethodType, PaymentGateways, type PaymentSource } from '../payments/index.js';
import { PaymentSettlement } from './admin/payments/payment-settlement.js';
import { Order } from './entities/order.entity.js';
import { OrderChange } from './order-change.js';
import { OrderEvents } from './order-events.js';
import { gatewayCall, PaymentRefused, type RemoteCharge } from './order-payments.js';
import type { OrderParts } from './order-snapshot.js';
import { OrderSnapshots } from './order-snapshot.js';
import { recordStateChange } from './state-history.js';
import { Money } from '../../common/money/money.js';
import { entityColumns, entityFromRow } from '../../platform/database/entity-rows.js';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import { derivePaymentState, deriveShipmentState } from './domain/order-states.js';
import type { ShipmentState } from './entities/shipment.entity.js';
import { OrderSerializer } from './order.serializer.js';
import {
  type ChangedPayment,
  type ChangedShipment,
  changedPaymentsJson,
  movedShipmentsJson,
  type PlacedOrder,
  withChanges,
} from './order-placing.js';
import type { OrderRendering } from './order-snapshot.js';
import { HOLD_LEASE } from './payment-hold-lease.js';

/** A card payment held in `processing` while its gateway is called, as stored. */
export interface HeldPayment {
  id: string;
  order_id: string;
  type: GatewayMethodType;
  amount: string;
  currency: string;
  source: PaymentSource | null;
  response_code: string | null;
  /** The claim holding it (`payments.held_by`). */
  held_by: string | null;
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
    private readonly serializer: OrderSerializer,
  ) {}

  /**
   * Claims the order's card payments for a completion (`checkout` → `processing`, at the amounts
   * planned) under the claim `holdId` and its lease, recording each transition, in one
   * statement: false, claiming none, when the order is no longer at the `state_lock_version` it
   * was read at or another request claimed or changed a payment first. The order's row is not
   * locked: the placing checks the version again, and claims racing for the payments queue on
   * their rows, not on the order's (which the winner's placing needs).
   */
  async claim(order: Order, charges: RemoteCharge[], holdId: string): Promise<boolean> {
    if (charges.length === 0) return true;
    const {
      rows: [{ claimed }],
    } = await preparedIn<{ claimed: string[] }>(
      this.dataSource.manager,
      'card_payments_claim',
      `WITH locked AS (
         SELECT id, store_id FROM orders WHERE id = $1 AND state_lock_version = $2),
       claimed AS (
         UPDATE payments p SET state = 'processing', amount = c.amount, response_code = NULL,
           held_by = $5, held_until = now() + $6::interval, updated_at = now()
         FROM unnest($3::bigint[], $4::numeric[]) WITH ORDINALITY AS c(id, amount, position), locked
         WHERE p.id = c.id AND p.order_id = locked.id AND p.state = 'checkout'
         RETURNING p.id, c.position),
       history AS (
         INSERT INTO state_changes (store_id, order_id, name, subject_id, previous_state, next_state)
         SELECT locked.store_id, locked.id, 'payment', claimed.id, 'checkout', 'processing'
         FROM claimed CROSS JOIN locked ORDER BY claimed.position)
       SELECT ARRAY(SELECT id::text FROM claimed) AS claimed`,
      [
        order.id,
        order.stateLockVersion,
        charges.map((charge) => charge.paymentId),
        charges.map((charge) => charge.amount),
        holdId,
        HOLD_LEASE,
      ],
    );
    if (claimed.length === charges.length) return true;
    // Another request changed one of them first: it wins, and none stays claimed.
    await this.release(order, claimed, holdId);
    return false;
  }

  /**
   * Authorizes a claimed payment at its gateway and commits the authorization's reference on
   * it at once (so a crash leaves something to void). Throws `PaymentRefused` when the gateway
   * refused, 422 `payment_processing_error` when it did not answer, 409 when its claim was taken
   * over meanwhile (the holder's lease ran out: the authorization is voided, the taker finishes
   * the payment). `known` is the payment as its caller claimed it, saving the read. Answers the
   * authorization's reference.
   */
  async authorize(paymentId: string, known?: HeldPayment): Promise<string | void> {
    const payment = known ?? (await this.held(this.dataSource.manager, paymentId));
    if (!payment) throw new StoreError('cart_already_updated', 'The payment is no longer held');
    const gateway = this.gateways.for(payment.type);
    const outcome = await gatewayCall(() =>
      gateway.authorize(payment.amount, payment.currency, payment.source),
    );
    switch (outcome.kind) {
      case 'captured':
      case 'pending': {
        const reference = outcome.reference ?? `authorized_${payment.id}`;
        const { rowCount } = await preparedIn(
          this.dataSource.manager,
          'card_payments_authorized',
          `UPDATE payments SET response_code = $2, updated_at = now()
           WHERE id = $1 AND state = 'processing' AND held_by IS NOT DISTINCT FROM $3`,
          [payment.id, reference, payment.held_by],
        );
        if (rowCount === 0) {
          await this.voidReference(payment, reference);
          throw new StoreError('cart_already_updated', 'The payment is no longer held');
        }
        return reference;
      }
      case 'declined':
        throw new PaymentRefused(payment.id, 'declined', outcome.message, outcome.reference);
      case 'error':
        throw new PaymentRefused(payment.id, 'gateway_error', outcome.message);
    }
  }

  /**
   * Captures a held, authorized payment; never throws. `known` is the payment as its caller
   * authorized it, saving the read.
   */
  async capture(paymentId: string, known?: HeldPayment): Promise<CaptureOutcome> {
    const payment = known ?? (await this.held(this.dataSource.manager, paymentId));
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
  async voidAuthorization(paymentId: string, holdId?: string): Promise<boolean> {
    const payment = await this.held(this.dataSource.manager, paymentId, holdId);
    if (!payment?.response_code) return true;
    return this.voidReference(payment, payment.response_code);
  }

  private async voidReference(payment: HeldPayment, reference: string): Promise<boolean> {
    try {
      const outcome = await this.gateways.for(payment.type).void(reference);
      if (outcome.kind !== 'done') {
        this.logger.warn(`Void of payment ${payment.id} was refused: ${outcome.message}`);
      }
      return true;
    } catch (error) {
      this.logger.warn(`Void of payment ${payment.id} got no answer: ${String(error)}`);
      return false;
    }
  }

  /**
   * Gives held payments of an order that was not placed back to checkout: each authorization is
   * voided first, and the payment returns to `checkout` (without a reference), to be authorized
   * again by the next completion. One whose void got no answer stays held. Only what the claim
   * `holdId` still holds is released: a claim taken over belongs to its taker.
   */
  async release(
    order: Pick<Order, 'id' | 'storeId'>,
    paymentIds: string[],
    holdId: string,
  ): Promise<void> {
    for (const paymentId of paymentIds) {
      if (!(await this.voidAuthorization(paymentId, holdId))) continue;
      await this.dataSource.transaction(async (manager) => {
        const [, released]: [unknown, number] = await manager.query(
          `UPDATE payments SET state = 'checkout', response_code = NULL, held_by = NULL,
             held_until = NULL, updated_at = now()
           WHERE id = $1 AND state = 'processing' AND held_by = $2`,
          [paymentId, holdId],
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

  /**
   * `settlePlaced` for the request that placed the order and knows it as placed: the captures,
   * the order's payment total and states, its waiting shipments and every transition are written
   * by one statement, and the completion's events (unless a payment is still held) by another.
   * Answers the order's rendering as it is then.
   */
  async settleCaptured(placed: PlacedOrder, outcomes: CaptureOutcome[]): Promise<OrderRendering> {
    const { order } = placed.snapshot;
    const currency = order.currency;
    const settled = outcomes.flatMap((outcome) =>
      outcome.kind === 'unknown'
        ? []
        : [
            {
              id: outcome.paymentId,
              state: outcome.kind === 'captured' ? 'completed' : 'pending',
              message: outcome.kind === 'refused' ? outcome.message : null,
              reference: outcome.kind === 'captured' ? outcome.reference : null,
            },
          ],
    );
    const amounts = new Map(
      placed.snapshot.payments.map((payment) => [payment.id, payment.amount]),
    );
    const paid = settled
      .filter((payment) => payment.state === 'completed')
      .reduce(
        (sum, payment) => sum.plus(amounts.get(payment.id)!),
        Money.of(placed.paid, currency),
      );
    const paymentState = derivePaymentState({
      total: order.total,
      paymentTotal: paid.toString(),
      currency,
      canceled: order.state === 'canceled',
      lastPaymentFailed: false,
    });
    const shipmentNext = SHIPPABLE.has(paymentState) ? 'ready' : 'pending';
    const shipmentStates = placed.snapshot.shipments.map((shipment) =>
      ['pending', 'ready'].includes(shipment.state) ? shipmentNext : shipment.state,
    ) as ShipmentState[];
    const rendering = await this.dataSource.transaction(async (manager) => {
      const {
        rows: [row],
      } = await preparedIn<Record<string, unknown> & SettledRow>(
        manager,
        'card_payments_settle_captured',
        settleCapturedSql(manager),
        [
          order.id,
          settled.map((payment) => payment.id),
          settled.map((payment) => payment.state),
          settled.map((payment) => payment.message),
          settled.map((payment) => payment.reference),
          shipmentNext,
          paid.toString(),
          paymentState,
          deriveShipmentState(shipmentStates),
        ],
      );
      if (!row) return undefined;
      const { settled: payments, moved, ...columns } = row;
      // The same order object: what was attached to it while placing stays with it.
      const settledOrder = Object.assign(order, entityFromRow(manager, Order, columns));
      const snapshot = withChanges({ ...placed.snapshot, order: settledOrder }, payments, moved);
      const rendering = { snapshot, view: this.serializer.serialize(snapshot) };
      if (outcomes.every((outcome) => outcome.kind !== 'unknown')) {
        const change = new OrderChange(manager, snapshot.order, placed.before);
        change.announce('completed');
        change.onRendered(rendering);
        commitWithEvents(manager);
        await this.events.publish(change);
      }
      return rendering;
    });
    if (rendering) return rendering;
    // Someone else settled one of the payments first: settle from what is stored.
    const now = await this.settlePlaced(order.id, [], placed.before);
    return this.serializer.rendering({ manager: this.dataSource.manager, order: now });
  }

  /** Whether the payment is still held (`processing`). */
  async isHeld(paymentId: string): Promise<boolean> {
    const [held]: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM payments WHERE id = $1 AND state = 'processing'`,
      [paymentId],
    );
    return held !== undefined;
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

  /** The payment if held, by the claim `holdId` when given. */
  private async held(
    manager: EntityManager,
    paymentId: string,
    holdId?: string,
  ): Promise<HeldPayment | undefined> {
    const [row]: HeldPayment[] = await manager.query(
      `SELECT p.id::text AS id, p.order_id::text AS order_id, pm.type, p.amount::text AS amount,
              o.currency, p.source, p.response_code, p.held_by::text AS held_by
       FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id
       JOIN orders o ON o.id = p.order_id
       WHERE p.id = $1 AND p.state = 'processing' AND ($2::uuid IS NULL OR p.held_by = $2)`,
      [paymentId, holdId ?? null],
    );
    return row;
  }
}

/** Payment states that settle the order enough to ship it (as `PaymentSettlement` has them). */
const SHIPPABLE = new Set(['paid', 'credit_owed']);

interface SettledRow {
  settled: ChangedPayment[];
  moved: ChangedShipment[];
}

let cachedSettleSql: string | undefined;

/**
 * Settles captures `$2..$5` (payment, next state, failure message, reference) of order `$1`:
 * only if each was still held and the order is still `complete` (what `$6..$9` were worked out
 * for), it moves waiting shipments to `$6` and writes the order's payment total `$7` and states
 * `$8`, `$9`; no row otherwise.
 */
function settleCapturedSql(manager: EntityManager): string {
  cachedSettleSql ??= `
  WITH locked AS (SELECT id, store_id, state FROM orders WHERE id = $1 FOR UPDATE),
  settled AS (
    UPDATE payments p SET state = u.state, failure_message = u.message,
      response_code = COALESCE(u.reference, p.response_code), updated_at = now()
    FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY
        AS u(id, state, message, reference, position),
      locked
    WHERE p.id = u.id AND p.order_id = locked.id AND p.state = 'processing'
    RETURNING p.id, u.position, p.state, p.amount, p.response_code, p.failure_message),
  complete AS (
    SELECT locked.* FROM locked
    WHERE locked.state = 'complete' AND (SELECT count(*) FROM settled) = cardinality($2::bigint[])),
  moved AS (
    UPDATE shipments s SET state = $6, updated_at = now()
    FROM (SELECT sh.id, sh.state AS previous FROM shipments sh JOIN complete ON sh.order_id = complete.id
          WHERE sh.state IN ('pending', 'ready') AND sh.state <> $6) old
    WHERE s.id = old.id RETURNING s.id, s.state, old.previous),
  closed AS (
    UPDATE orders o SET payment_total = $7, payment_state = $8, shipment_state = $9,
      updated_at = now()
    FROM complete WHERE o.id = complete.id
    RETURNING ${entityColumns(manager, Order, 'o')}),
  history AS (
    INSERT INTO state_changes (store_id, order_id, name, subject_id, previous_state, next_state)
    SELECT locked.store_id, locked.id, h.name, h.subject_id, h.previous, h.next
    FROM locked CROSS JOIN (
      SELECT 1 AS part, s.position AS seq, 'payment' AS name, s.id AS subject_id,
             'processing' AS previous, s.state AS next
      FROM settled s
      UNION ALL
      SELECT 2, m.id, 'shipment', m.id, m.previous, m.state FROM moved m) h
    ORDER BY h.part, h.seq)
  SELECT closed.*, ${changedPaymentsJson('settled')} AS settled,
    ${movedShipmentsJson('moved')} AS moved
  FROM closed`;
  return cachedSettleSql;
}
