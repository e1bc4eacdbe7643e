import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type StockCause, type StockMovement, StockLedger } from '../../catalog/index.js';
import type { Order } from '../entities/order.entity.js';

/** Lines of variants that track inventory, per variant, in variant order (as the ledger asks). */
const TRACKED_LINES = `SELECT li.variant_id::text AS "variantId", SUM(li.quantity)::int AS quantity
  FROM line_items li JOIN variants v ON v.id = li.variant_id
  WHERE li.order_id = $1 AND v.track_inventory AND (%s)
  GROUP BY li.variant_id ORDER BY li.variant_id`;

/** The lines a fulfillment (`$2`) carries. */
const IN_FULFILLMENT = `EXISTS (SELECT 1 FROM shipments s
  WHERE s.id = $2 AND s.order_id = li.order_id AND li.id = ANY(s.line_item_ids))`;

/** Lines outside canceled fulfillments: those gave their units back already. */
const OUTSIDE_CANCELED = `NOT EXISTS (SELECT 1 FROM shipments s
  WHERE s.order_id = li.order_id AND s.state = 'canceled' AND li.id = ANY(s.line_item_ids))`;

/**
 * The stock behind a placed order's fulfillments: a canceled fulfillment's units go back to
 * stock, a resumed one takes them again (`insufficient_stock` when they are gone), and canceling
 * the order returns only what its fulfillments still hold.
 */
@Injectable()
export class FulfillmentStock {
  constructor(private readonly ledger: StockLedger) {}

  /** A resumed fulfillment takes its units again (a sale of its order). */
  async take(manager: EntityManager, order: Order, shipmentId: string): Promise<void> {
    await this.ledger.take(
      manager,
      order.storeId,
      await this.inFulfillment(manager, order, shipmentId),
      ofFulfillment(order, shipmentId, 'sale'),
    );
  }

  /** A canceled fulfillment gives its units back. */
  async restock(manager: EntityManager, order: Order, shipmentId: string): Promise<void> {
    await this.ledger.giveBack(
      manager,
      order.storeId,
      await this.inFulfillment(manager, order, shipmentId),
      ofFulfillment(order, shipmentId, 'cancel'),
    );
  }

  /** Returns the units of every line not in a canceled fulfillment. */
  async restockOrder(manager: EntityManager, order: Order): Promise<void> {
    const lines: StockMovement[] = await manager.query(
      TRACKED_LINES.replace('%s', OUTSIDE_CANCELED),
      [order.id],
    );
    await this.ledger.giveBack(manager, order.storeId, lines, {
      action: 'cancel',
      originatorType: 'order',
      originatorId: order.id,
      reason: order.number,
    });
  }

  private inFulfillment(
    manager: EntityManager,
    order: Order,
    shipmentId: string,
  ): Promise<StockMovement[]> {
    return manager.query(TRACKED_LINES.replace('%s', IN_FULFILLMENT), [order.id, shipmentId]);
  }
}

function ofFulfillment(order: Order, shipmentId: string, action: 'sale' | 'cancel'): StockCause {
  return { action, originatorType: 'shipment', originatorId: shipmentId, reason: order.number };
}
