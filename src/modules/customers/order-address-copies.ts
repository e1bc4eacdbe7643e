import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Address } from './address.entity.js';

/**
 * The private address copies orders keep (rows without a customer), so that editing an address
 * book never rewrites an order. Orders decide what to copy; this is the one writer of the rows.
 */
@Injectable()
export class OrderAddressCopies {
  /** Stores one copy per entry; answers their ids in the same order. */
  async save(
    manager: EntityManager,
    storeId: string,
    copies: Partial<Address>[],
  ): Promise<string[]> {
    const ids: string[] = [];
    for (const copy of copies) {
      const saved = await manager.save(
        manager.create(Address, { ...copy, storeId, customerId: null }),
      );
      ids.push(saved.id);
    }
    return ids;
  }

  /** Drops those of `ids` that are private copies no order points to any more. */
  async discardUnused(manager: EntityManager, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(
      `DELETE FROM addresses a WHERE a.id = ANY($1::bigint[]) AND a.customer_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.bill_address_id = a.id OR o.ship_address_id = a.id)`,
      [ids],
    );
  }
}
