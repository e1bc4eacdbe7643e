import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes behind the admin lists, so their pages cost the same with a million orders as with a
 * thousand: each list's filter and sort (newest first, ties broken by id) read in index order,
 * and keyset pages (`starting_after`) start from an index position instead of skipping rows.
 */
const INDEXES: Array<[name: string, definition: string]> = [
  // Admin order list: every order newest first, by state, by email (any case).
  ['orders_store_id_created_at_id_idx', `"orders" ("store_id", "created_at", "id")`],
  ['orders_store_id_state_created_at_id_idx', `"orders" ("store_id", "state", "created_at", "id")`],
  [
    'orders_store_id_lower_email_created_at_id_idx',
    `"orders" ("store_id", lower("email"), "created_at", "id")`,
  ],
  // Admin order list with a completed_at range, sorted by completion.
  ['orders_store_id_completed_at_id_idx', `"orders" ("store_id", "completed_at", "id")`],
  // A customer's order history (and the check for completed orders before a deletion).
  [
    'orders_store_id_customer_id_completed_at_id_idx',
    `"orders" ("store_id", "customer_id", "completed_at", "id")`,
  ],
  // Admin customer list, newest first.
  ['customers_store_id_created_at_id_idx', `"customers" ("store_id", "created_at", "id")`],
  // An endpoint's delivery history, newest first.
  [
    'webhook_deliveries_endpoint_id_delivered_at_id_idx',
    `"webhook_deliveries" ("endpoint_id", "delivered_at", "id")`,
  ],
];

export class ListIndexesForGrowth1795301500800 implements MigrationInterface {
  name = 'ListIndexesForGrowth1795301500800';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const [name, definition] of INDEXES) {
      await queryRunner.query(`CREATE INDEX IF NOT EXISTS "${name}" ON ${definition}`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name] of [...INDEXES].reverse()) {
      await queryRunner.query(`DROP INDEX IF EXISTS "public"."${name}"`);
    }
  }
}
