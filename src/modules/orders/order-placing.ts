import type { EntityManager } from 'typeorm';
import { Money } from '../../common/money/money.js';
import type { ModelChange } from '../../events/index.js';
import { entityColumns, entityFromRow } from '../../platform/database/entity-rows.js';
import { opaqueArray, preparedIn } from '../../platform/database/prepared-sql.js';
import { type StockItemJson, takeStockSql } from '../catalog/index.js';
import { type ChangedCredit, creditChanges, spendAllSql } from '../store-credits/index.js';
import { derivePaymentState, deriveShipmentState } from './domain/order-states.js';
import type { ShipmentState } from './entities/shipment.entity.js';
import { Order } from './entities/order.entity.js';
import type { CompletionStart } from './order-completion-read.js';
import { orderByIdInStore } from './order-lookup.js';
import { PaymentRefused } from './order-payments.js';
import type { OrderParts, OrderSnapshot } from './order-snapshot.js';
import { OrderStock } from './order-stock.js';
import type { PaymentPlan } from './payment-plan.js';
import { type PlacingColumn, PlacingColumns } from './placing-columns.js';

/** What a local gateway (check) answered for a payment charged while placing. */
export interface LocalOutcome {
  state: 'completed' | 'pending';
  reference: string | null;
}

/** A payment row as a placing or settling statement answers it. */
export interface ChangedPayment {
  id: string;
  state: string;
  amount: string;
  response_code: string | null;
  failure_message: string | null;
}

/** A shipment row as a placing or settling statement answers it. */
export interface ChangedShipment {
  id: string;
  state: string;
}

/** A placed order: as it is now, its parts before, and the changes of other models it made. */
export interface PlacedOrder {
  snapshot: OrderSnapshot;
  before: OrderParts;
  /** What its completed payments add up to now, less refunds. */
  paid: string;
  /** `stock_item.updated` and `store_credit.updated` of the units and credits it took. */
  changes: ModelChange[];
  /** The values of the columns other modules added to the placing (see `PlacingColumns`). */
  placingColumns: Record<string, unknown>;
}

interface PlacingRow extends Record<string, unknown> {
  taken_stock: StockItemJson[];
  spent_credits: (Omit<ChangedCredit, 'createdAt' | 'updatedAt'> & {
    createdAt: string;
    updatedAt: string;
  })[];
  charged: ChangedPayment[];
  moved: ChangedShipment[];
}

const NOT_ORDER = new Set(['taken_stock', 'spent_credits', 'charged', 'moved']);

/**
 * Places an order in one statement, within the caller's transaction: claims the order as it was
 * read at `state_lock_version`, with no payment held but the card payments authorized under the
 * caller's claim and nothing paid since; takes its stock; charges its local
 * payments and spends its store credit as planned; moves its shipments; closes it (`complete`,
 * new version); cancels its pending payment sessions; and records every transition. Nothing is
 * recomputed: the cart's totals are those its last change stored.
 */
export class OrderPlacing {
  constructor(private readonly stock: OrderStock) {}

  /**
   * Undefined when the order changed since `start` was read (a change holding its row is waited
   * for: a concurrent placing of the same order then finds it placed), or the card payments are
   * no longer authorized under the claim `holdId`; throws
   * `insufficient_stock` or `PaymentRefused` (a credit already spent), leaving the caller to undo
   * the transaction.
   */
  async place(
    manager: EntityManager,
    start: CompletionStart,
    plan: PaymentPlan,
    outcomes: ReadonlyMap<string, LocalOutcome>,
    holdId?: string,
  ): Promise<PlacedOrder | undefined> {
    const { snapshot } = start;
    const { order } = snapshot;
    const currency = order.currency;
    const payments = [
      ...plan.local.map((charge) => ({
        id: charge.paymentId,
        state: outcomes.get(charge.paymentId)?.state ?? 'completed',
        amount: charge.amount as string | null,
        reference: outcomes.get(charge.paymentId)?.reference ?? null,
      })),
      ...plan.voided.map((id) => ({ id, state: 'void', amount: null, reference: null })),
    ];
    const credits = new Map<string, Money>();
    for (const charge of plan.local) {
      if (charge.storeCreditId === null) continue;
      const spent = credits.get(charge.storeCreditId) ?? Money.zero(currency);
      credits.set(charge.storeCreditId, spent.plus(charge.amount));
    }
    const paid = payments
      .filter((payment) => payment.state === 'completed')
      .reduce((sum, payment) => sum.plus(payment.amount!), Money.of(start.paid, currency));
    const paymentState = derivePaymentState({
      total: order.total,
      paymentTotal: paid.toString(),
      currency,
      canceled: false,
      lastPaymentFailed: false,
    });
    const shipmentNext: ShipmentState = paymentState === 'paid' ? 'ready' : 'pending';
    const movements = this.stock.movements(snapshot.lines);
    const contributed = PlacingColumns.all();
    const { name, sql } = placingSql(manager, contributed);
    const {
      rows: [row],
    } = await preparedIn<PlacingRow>(manager, name, sql, [
      order.id,
      order.storeId,
      order.stateLockVersion,
      start.paid,
      plan.remote.map((charge) => charge.paymentId),
      movements.map((movement) => movement.variantId),
      movements.map((movement) => movement.quantity),
      payments.map((payment) => payment.id),
      payments.map((payment) => payment.state),
      payments.map((payment) => payment.amount),
      payments.map((payment) => payment.reference),
      [...credits.keys()],
      [...credits.values()].map((amount) => amount.toString()),
      paid.toString(),
      paymentState,
      deriveShipmentState(snapshot.shipments.map(() => shipmentNext)),
      shipmentNext,
      holdId ?? null,
    ]);
    if (!row || row.charged.length !== payments.length) return undefined;
    const stockChanges = this.stock.changesOfTaking(movements, row.taken_stock);
    const spent = new Set(row.spent_credits.map((credit) => credit.id));
    const unspent = plan.local.find(
      (charge) => charge.storeCreditId !== null && !spent.has(charge.storeCreditId),
    );
    if (unspent) {
      throw new PaymentRefused(
        unspent.paymentId,
        'credit_unavailable',
        'The store credit has already been spent',
      );
    }
    const columns = Object.fromEntries(
      Object.entries(row).filter(([key]) => !NOT_ORDER.has(key) && !key.startsWith(CONTRIBUTED)),
    );
    return {
      snapshot: withChanges(
        { ...snapshot, order: entityFromRow(manager, Order, columns) },
        row.charged,
        row.moved,
      ),
      before: snapshot,
      paid: paid.toString(),
      changes: [
        ...stockChanges,
        ...creditChanges(
          row.spent_credits.map((credit) => ({
            ...credit,
            createdAt: new Date(credit.createdAt),
            updatedAt: new Date(credit.updatedAt),
          })),
        ),
      ],
      placingColumns: Object.fromEntries(
        contributed.map((column) => [column.name, row[`${CONTRIBUTED}${column.name}`]]),
      ),
    };
  }
}

/** The snapshot with the payments and shipments a statement changed as it answered them. */
export function withChanges(
  snapshot: OrderSnapshot,
  payments: readonly ChangedPayment[],
  shipments: readonly ChangedShipment[],
): OrderSnapshot {
  const paymentById = new Map(payments.map((payment) => [payment.id, payment]));
  const shipmentById = new Map(shipments.map((shipment) => [shipment.id, shipment]));
  return {
    ...snapshot,
    payments: snapshot.payments.map((payment) => {
      const changed = paymentById.get(payment.id);
      return changed ? { ...payment, ...changed } : payment;
    }),
    shipments: snapshot.shipments.map((shipment) => {
      const changed = shipmentById.get(shipment.id);
      return changed ? { ...shipment, state: changed.state } : shipment;
    }),
  };
}

/** What a statement answers of the payments it changed, as a JSON array. */
export function changedPaymentsJson(cte: string): string {
  return `(SELECT COALESCE(json_agg(json_build_object(
      'id', c.id::text, 'state', c.state, 'amount', c.amount::text,
      'response_code', c.response_code, 'failure_message', c.failure_message)), '[]')
    FROM ${cte} c)`;
}

/** What a statement answers of the shipments it moved, as a JSON array. */
export function movedShipmentsJson(cte: string): string {
  return `(SELECT COALESCE(json_agg(json_build_object('id', m.id::text, 'state', m.state)), '[]')
    FROM ${cte} m)`;
}

/** What completed payments of order `orderId` (an SQL expression) add up to, less refunds. */
export function paidSql(orderId: string): string {
  return `(SELECT COALESCE(SUM(p.amount), 0) - COALESCE(SUM(
             (SELECT SUM(r.amount) FROM refunds r WHERE r.payment_id = p.id)), 0)
           FROM payments p WHERE p.order_id = ${orderId} AND p.state = 'completed')`;
}

/** The prefix of the columns other modules add, in the placing statement's row. */
const CONTRIBUTED = 'column:';

const statements = new Map<string, { name: string; sql: string }>();

/** The placing's units leave stock as a sale of the order, its number as the movements' reason. */
const SALE = {
  action: "'sale'",
  originatorType: "'order'",
  originatorId: '(SELECT id FROM target)',
  reason: '(SELECT number FROM target)',
};

/**
 * The placing statement with the columns other modules add, and the name it is prepared under
 * (one per set of columns). See `OrderPlacing.place` for the parameters, in the order it gives
 * them.
 */
function placingSql(
  manager: EntityManager,
  contributed: readonly PlacingColumn[],
): { name: string; sql: string } {
  const key = contributed.map((column) => column.name).join(',');
  let statement = statements.get(key);
  if (statement === undefined) {
    statement = {
      name: `order_placing_${statements.size}`,
      sql: baseSql(manager).replace(
        '/* contributed columns */',
        contributed
          .map((column) => `, ${column.sql('closed."id"')} AS "${CONTRIBUTED}${column.name}"`)
          .join(''),
      ),
    };
    statements.set(key, statement);
  }
  return statement;
}

function baseSql(manager: EntityManager): string {
  const array = opaqueArray;
  return `
  WITH target AS (
    SELECT o.id, o.store_id, o.state, o.number FROM orders o
    WHERE ${orderByIdInStore('o')} AND o.state_lock_version = $3 AND o.completed_at IS NULL
      AND ${paidSql('o.id')} = $4::numeric
      AND NOT EXISTS (
        SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.state = 'processing'
          AND NOT (p.id = ANY(${array(5, 'bigint')})))
      AND (SELECT count(*) FROM payments p
           WHERE p.order_id = o.id AND p.id = ANY(${array(5, 'bigint')}) AND p.state = 'processing'
             AND p.response_code IS NOT NULL AND p.held_by = $18::uuid)
          = cardinality(${array(5, 'bigint')})
    FOR UPDATE OF o),
  ${takeStockSql(array(6, 'bigint'), array(7, 'int'), '$2', 'EXISTS (SELECT 1 FROM target)', SALE)},
  charged AS (
    UPDATE payments p SET state = u.state, amount = COALESCE(u.amount, p.amount),
      response_code = COALESCE(u.reference, p.response_code), updated_at = now()
    FROM unnest(${array(8, 'bigint')}, ${array(9, 'text')}, ${array(10, 'numeric')}, ${array(11, 'text')})
        WITH ORDINALITY
        AS u(id, state, amount, reference, position),
      target
    WHERE p.id = u.id AND p.order_id = target.id AND p.state = 'checkout'
    RETURNING p.id, u.position, p.state, p.amount, p.response_code, p.failure_message),
  spent AS (${spendAllSql(array(12, 'bigint'), array(13, 'numeric'), '(SELECT store_id FROM target)')}),
  moved AS (
    UPDATE shipments s SET state = $17, updated_at = now()
    FROM (SELECT sh.id, sh.state AS previous FROM shipments sh JOIN target ON sh.order_id = target.id) old
    WHERE s.id = old.id RETURNING s.id, s.state, old.previous),
  sessions AS (
    -- A session the shopper opened but never completed can no longer pay for the order.
    UPDATE payment_sessions ps SET status = 'canceled', updated_at = now()
    FROM target WHERE ps.order_id = target.id AND ps.status = 'pending'),
  closed AS (
    UPDATE orders o SET state = 'complete', completed_at = now(), payment_total = $14,
      payment_state = $15, shipment_state = $16, state_lock_version = o.state_lock_version + 1,
      updated_at = now()
    FROM target WHERE o.id = target.id
    RETURNING ${entityColumns(manager, Order, 'o')}),
  history AS (
    INSERT INTO state_changes (store_id, order_id, name, subject_id, previous_state, next_state)
    SELECT target.store_id, target.id, h.name, h.subject_id, h.previous, h.next
    FROM target CROSS JOIN (
      SELECT 1 AS part, c.position AS seq, 'payment' AS name, c.id AS subject_id,
             'checkout' AS previous, c.state AS next
      FROM charged c
      UNION ALL
      SELECT 2, m.id, 'shipment', m.id, m.previous, m.state FROM moved m WHERE m.previous <> m.state
      UNION ALL
      SELECT 3, 0, 'order', NULL, t.state, 'complete' FROM target t) h
    ORDER BY h.part, h.seq)
  SELECT closed.*,
    (SELECT COALESCE(json_agg(taken), '[]') FROM taken) AS taken_stock,
    (SELECT COALESCE(json_agg(spent), '[]') FROM spent) AS spent_credits,
    ${changedPaymentsJson('charged')} AS charged,
    ${movedShipmentsJson('moved')} AS moved
    /* contributed columns */
  FROM closed`;
}
