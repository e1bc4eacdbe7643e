import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { preparedIn } from '../../platform/database/prepared-sql.js';
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

/** Ids are drawn in the order given, and answered in it. */
const INSERT_COPIES = `
  WITH drawn AS (
    SELECT nextval(pg_get_serial_sequence('addresses', 'id')) AS id, copy.*
    FROM unnest(${COPIED.map((_, index) => `$${index + 2}::text[]`).join(', ')})
      WITH ORDINALITY AS copy(${COLUMNS}, position)
  ), inserted AS (
    INSERT INTO addresses (id, store_id, customer_id, ${COLUMNS}) OVERRIDING SYSTEM VALUE
    SELECT id, $1::bigint, NULL, ${COLUMNS} FROM drawn
  )
  SELECT id::text AS id FROM drawn ORDER BY position`;

/**
 * The private address copies orders keep (rows without a customer), so that editing an address
 * book never rewrites an order. Orders decide what to copy; this is the one writer of the rows.
 */
@Injectable()
export class OrderAddressCopies {
  /** Stores one copy per entry, with one statement; answers their ids in the same order. */
  async save(
    manager: EntityManager,
    storeId: string,
    copies: Partial<Address>[],
  ): Promise<string[]> {
    if (copies.length === 0) return [];
    const { rows } = await preparedIn<{ id: string }>(
      manager,
      'order_address_copies',
      INSERT_COPIES,
      [storeId, ...COPIED.map(([property]) => copies.map((copy) => copy[property] ?? null))],
    );
    return rows.map((row) => row.id);
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
