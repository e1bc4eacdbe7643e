import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type StockMovement, StockLedger } from '../catalog/index.js';

/**
 * An order's units leave stock when it is placed and come back when it is canceled (only lines
 * of variants that track inventory), through the catalog's stock ledger.
 */
@Injectable()
export class OrderStock {
  constructor(private readonly ledger: StockLedger) {}

  async take(manager: EntityManager, storeId: string, orderId: string): Promise<void> {
    await this.ledger.take(manager, storeId, await this.trackedLines(manager, orderId));
  }

  async restock(manager: EntityManager, storeId: string, orderId: string): Promise<void> {
    await this.ledger.restock(manager, storeId, await this.trackedLines(manager, orderId));
  }

  /** In variant order, as the ledger asks. */
  private trackedLines(manager: EntityManager, orderId: string): Promise<StockMovement[]> {
    return manager.query(
      `SELECT li.variant_id::text AS "variantId", li.quantity FROM line_items li
       JOIN variants v ON v.id = li.variant_id
       WHERE li.order_id = $1 AND v.track_inventory ORDER BY li.variant_id`,
      [orderId],
    );
  }
}
