import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Money } from '../../../../common/money/money.js';
import { derivePaymentState, deriveShipmentState } from '../../domain/order-states.js';
import type { Order } from '../../entities/order.entity.js';
import type { ShipmentState } from '../../entities/shipment.entity.js';
import { isPlaced } from '../../order-lookup.js';
import { OrderPayments } from '../../order-payments.js';
import type { OrderContext } from '../../order-snapshot.js';
import { recordStateChange } from '../../state-history.js';

/** Payment states that settle the order enough to ship it. */
const SHIPPABLE = new Set(['paid', 'credit_owed']);

/**
 * Brings a placed order in line with its payments after a capture, void, refund or new payment,
 * in the change's transaction: `payment_total` (captured less refunded), `payment_state` (what
 * reimbursements gave back counting as paid, see `derivePaymentState`), and for a
 * complete (or returned) order its waiting shipments (`ready` once paid, back to `pending` when a refund leaves a
 * balance due). Carts and drafts have no payment state yet: they are left alone.
 */
@Injectable()
export class PaymentSettlement {
  constructor(private readonly payments: OrderPayments) {}

  async settle(
    { manager, order }: OrderContext,
    { lastPaymentFailed = false }: { lastPaymentFailed?: boolean } = {},
  ): Promise<void> {
    if (!isPlaced(order)) return;
    order.paymentTotal = await this.payments.paidTotal(manager, order);
    order.paymentState = derivePaymentState({
      total: order.total,
      paymentTotal: order.paymentTotal,
      reimbursedTotal: order.reimbursedTotal,
      currency: order.currency,
      canceled: order.state === 'canceled',
      lastPaymentFailed,
    });
    // A returned order ships nothing more unless an exchange sent new units.
    if (order.state === 'complete' || order.state === 'returned') {
      order.shipmentState = await this.moveWaitingShipments(
        manager,
        order,
        SHIPPABLE.has(order.paymentState) ? 'ready' : 'pending',
      );
    }
    await manager.query(
      `UPDATE orders SET payment_total = $2, payment_state = $3, shipment_state = $4,
         updated_at = now() WHERE id = $1`,
      [order.id, order.paymentTotal, order.paymentState, order.shipmentState],
    );
  }

  /**
   * What is left to pay for a placed order beyond what was captured (less refunds), what its
   * reimbursements gave back, and what is authorized and waiting to be captured; never below zero.
   */
  async balanceDue(manager: EntityManager, order: Order): Promise<Money> {
    const [{ waiting }]: { waiting: string }[] = await manager.query(
      `SELECT COALESCE(SUM(amount), 0)::text AS waiting FROM payments
       WHERE order_id = $1 AND state IN ('pending', 'processing')`,
      [order.id],
    );
    const due = Money.of(order.total, order.currency)
      .minus(await this.payments.paidTotal(manager, order))
      .minus(order.reimbursedTotal)
      .minus(waiting);
    return due.isNegative() ? Money.zero(order.currency) : due.round();
  }

  /** Moves shipments waiting for payment or ready to `next` (recording each move); the order's shipment state. */
  private async moveWaitingShipments(
    manager: EntityManager,
    order: Order,
    next: 'ready' | 'pending',
  ): Promise<Order['shipmentState']> {
    const [moved]: [{ id: string; previous: ShipmentState }[], number] = await manager.query(
      `UPDATE shipments s SET state = $2, updated_at = now()
       FROM (SELECT id, state AS previous FROM shipments
             WHERE order_id = $1 AND state IN ('pending', 'ready') AND state <> $2) old
       WHERE s.id = old.id RETURNING s.id::text AS id, old.previous`,
      [order.id, next],
    );
    for (const shipment of moved) {
      await recordStateChange(manager, {
        order,
        name: 'shipment',
        subjectId: shipment.id,
        from: shipment.previous,
        to: next,
      });
    }
    const states: { state: ShipmentState }[] = await manager.query(
      'SELECT state FROM shipments WHERE order_id = $1',
      [order.id],
    );
    return deriveShipmentState(states.map((row) => row.state));
  }
}
