import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { preparedWrite } from '../../platform/database/prepared-sql.js';
import { SequenceBlocks } from '../../platform/database/sequence-blocks.js';
import type { Address } from './address.entity.js';

/** The copied fields: entity property and column. */
const COPIED = [
  ['firstname', 'firstname'],
  ['lastname', 'lastname'],
  ['company', 'company'],
  ['address1', 'address1'],
  ['address2', 'address2'],
  ['city', 'city'],
  ['zipcode', 'zipcode'],
  ['phone', 'phone'],
  ['stateName', 'state_name'],
  ['countryIso', 'country_iso'],
] as const satisfies readonly (readonly [keyof Address, string])[];

const COLUMNS = COPIED.map(([, column]) => column).join(', ');

const INSERT_COPIES = `
  INSERT INTO addresses (id, store_id, customer_id, ${COLUMNS}) OVERRIDING SYSTEM VALUE
  SELECT copy.id, $2::bigint, NULL, ${COLUMNS}
  FROM unnest($1::bigint[], ${COPIED.map((_, index) => `$${index + 3}::text[]`).join(', ')})
    AS copy(id, ${COLUMNS})`;

/**
 * The private address copies orders keep (rows without a customer), so that editing an address
 * book never rewrites an order. Orders decide what to copy; this is the one writer of the rows.
 */
@Injectable()
export class OrderAddressCopies {
  private readonly ids = new SequenceBlocks('addresses');

  /**
   * Stores one copy per entry and answers their ids, in the same order. The ids are drawn ahead,
   * so the INSERT goes out with the transaction's next statement (`preparedWrite`).
   */
  async save(
    manager: EntityManager,
    storeId: string,
    copies: Partial<Address>[],
  ): Promise<string[]> {
    if (copies.length === 0) return [];
    const ids = await this.ids.take(manager, copies.length);
    await preparedWrite(manager, 'order_address_copies', INSERT_COPIES, [
      ids,
      storeId,
      ...COPIED.map(([property]) => copies.map((copy) => copy[property] ?? null)),
    ]);
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
