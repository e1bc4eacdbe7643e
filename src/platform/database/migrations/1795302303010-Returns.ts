import { MigrationInterface, QueryRunner } from 'typeorm';

const ID = `"id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL`;

const references = (table: string, column: string, target: string, onDelete: string) =>
  `ALTER TABLE "${table}" ADD CONSTRAINT "${table}_${column}_fkey" FOREIGN KEY ("${column}") REFERENCES "${target}"("id") ON DELETE ${onDelete}`;

/** A number drawn at random when the row is inserted: `prefix` and 9 digits. */
const randomNumber = (prefix: string) =>
  `DEFAULT ('${prefix}' || lpad(floor(random() * 1000000000)::bigint::text, 9, '0'))`;

/**
 * Returns after the sale: each store's return reasons (every store gets the default ones) and
 * return window (`return_settings`, one row per store once staff change it), return
 * authorizations with one return item per unit, customer returns (the units received) and
 * reimbursements (the money given back for accepted units). A unit's return items are counted
 * against what was shipped under the order's row lock.
 */
export class Returns1795302303010 implements MigrationInterface {
  name = 'Returns1795302303010';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `CREATE TABLE "return_authorization_reasons" (${ID}, "name" text NOT NULL, "active" boolean NOT NULL DEFAULT true,
        CONSTRAINT "return_authorization_reasons_pkey" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "return_authorization_reasons_store_id_name_key" ON "return_authorization_reasons" ("store_id", lower("name"))`,
      references('return_authorization_reasons', 'store_id', 'stores', 'CASCADE'),
      `INSERT INTO "return_authorization_reasons" ("store_id", "name")
        SELECT "stores"."id", defaults.name FROM "stores"
        CROSS JOIN (VALUES ('Better price available'), ('Damaged or defective'), ('Different from what was ordered'),
          ('Different from the description'), ('No longer needed'), ('Accidental order'), ('Unauthorized purchase')) AS defaults (name)`,
      `CREATE TABLE "return_settings" ("store_id" bigint NOT NULL, "return_window_days" integer NOT NULL DEFAULT 30,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "return_settings_pkey" PRIMARY KEY ("store_id"),
        CONSTRAINT "return_settings_return_window_days_check" CHECK ("return_window_days" >= 0))`,
      references('return_settings', 'store_id', 'stores', 'CASCADE'),
      `CREATE TABLE "return_authorizations" (${ID}, "order_id" bigint NOT NULL, "number" text NOT NULL ${randomNumber('RA')},
        "state" text NOT NULL, "return_authorization_reason_id" bigint, "stock_location_id" bigint NOT NULL,
        "memo" text, "requested_by_customer" boolean NOT NULL DEFAULT false,
        CONSTRAINT "return_authorizations_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "return_authorizations_state_check" CHECK ("state" IN ('requested', 'authorized', 'received', 'canceled')))`,
      `CREATE INDEX "return_authorizations_order_id_idx" ON "return_authorizations" ("order_id")`,
      references('return_authorizations', 'store_id', 'stores', 'CASCADE'),
      references('return_authorizations', 'order_id', 'orders', 'CASCADE'),
      references(
        'return_authorizations',
        'return_authorization_reason_id',
        'return_authorization_reasons',
        'SET NULL',
      ),
      references('return_authorizations', 'stock_location_id', 'stock_locations', 'RESTRICT'),
      `CREATE TABLE "customer_returns" (${ID}, "order_id" bigint NOT NULL, "number" text NOT NULL ${randomNumber('CR')},
        "stock_location_id" bigint NOT NULL,
        CONSTRAINT "customer_returns_pkey" PRIMARY KEY ("id"))`,
      `CREATE INDEX "customer_returns_order_id_idx" ON "customer_returns" ("order_id")`,
      references('customer_returns', 'store_id', 'stores', 'CASCADE'),
      references('customer_returns', 'order_id', 'orders', 'CASCADE'),
      references('customer_returns', 'stock_location_id', 'stock_locations', 'RESTRICT'),
      `CREATE TABLE "reimbursements" (${ID}, "order_id" bigint NOT NULL, "number" text NOT NULL ${randomNumber('RI')},
        "state" text NOT NULL DEFAULT 'pending', "total" numeric(20,4) NOT NULL DEFAULT 0,
        "shipping_total" numeric(20,4) NOT NULL DEFAULT 0, "refund_ids" bigint[] NOT NULL DEFAULT '{}',
        "store_credit_id" bigint, "failure_message" text,
        CONSTRAINT "reimbursements_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "reimbursements_state_check" CHECK ("state" IN ('pending', 'reimbursed', 'errored')))`,
      `CREATE INDEX "reimbursements_order_id_idx" ON "reimbursements" ("order_id")`,
      references('reimbursements', 'store_id', 'stores', 'CASCADE'),
      references('reimbursements', 'order_id', 'orders', 'CASCADE'),
      `CREATE TABLE "return_items" (${ID}, "return_authorization_id" bigint NOT NULL, "line_item_id" bigint NOT NULL,
        "reception_status" text NOT NULL DEFAULT 'awaiting', "acceptance_status" text NOT NULL DEFAULT 'pending',
        "acceptance_reason" text, "resellable" boolean NOT NULL DEFAULT true,
        "pre_tax_amount" numeric(20,4) NOT NULL, "included_tax_total" numeric(20,4) NOT NULL,
        "additional_tax_total" numeric(20,4) NOT NULL,
        "customer_return_id" bigint, "reimbursement_id" bigint, "exchange_variant_id" bigint,
        CONSTRAINT "return_items_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "return_items_reception_status_check" CHECK ("reception_status" IN ('awaiting', 'received', 'canceled')),
        CONSTRAINT "return_items_acceptance_status_check" CHECK ("acceptance_status" IN ('pending', 'accepted', 'rejected')))`,
      `CREATE INDEX "return_items_return_authorization_id_idx" ON "return_items" ("return_authorization_id")`,
      `CREATE INDEX "return_items_line_item_id_idx" ON "return_items" ("line_item_id")`,
      references('return_items', 'store_id', 'stores', 'CASCADE'),
      references('return_items', 'return_authorization_id', 'return_authorizations', 'CASCADE'),
      references('return_items', 'line_item_id', 'line_items', 'CASCADE'),
      references('return_items', 'customer_return_id', 'customer_returns', 'SET NULL'),
      references('return_items', 'reimbursement_id', 'reimbursements', 'SET NULL'),
      references('return_items', 'exchange_variant_id', 'variants', 'SET NULL'),
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'return_items',
      'reimbursements',
      'customer_returns',
      'return_authorizations',
      'return_settings',
      'return_authorization_reasons',
    ]) {
      await queryRunner.query(`DROP TABLE "${table}"`);
    }
  }
}
