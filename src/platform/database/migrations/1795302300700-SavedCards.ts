import { MigrationInterface, QueryRunner } from 'typeorm';

const ID = `"id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL`;

const references = (table: string, column: string, target: string, onDelete: string) =>
  `ALTER TABLE "${table}" ADD CONSTRAINT "${table}_${column}_fkey" FOREIGN KEY ("${column}") REFERENCES "${target}"("id") ON DELETE ${onDelete}`;

/**
 * Customers' saved cards (the gateway's token with what a receipt shows, at most one default per
 * customer and store) and the payment setup sessions that save them without a payment.
 */
export class SavedCards1795302300700 implements MigrationInterface {
  name = 'SavedCards1795302300700';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `CREATE TABLE "credit_cards" (${ID}, "customer_id" bigint NOT NULL, "payment_method_id" bigint NOT NULL, "cc_type" text NOT NULL, "last_digits" text NOT NULL, "month" integer NOT NULL, "year" integer NOT NULL, "name" text, "default" boolean NOT NULL DEFAULT false, "gateway_payment_profile_id" text NOT NULL,
        CONSTRAINT "credit_cards_month_check" CHECK (month BETWEEN 1 AND 12),
        CONSTRAINT "credit_cards_pkey" PRIMARY KEY ("id"))`,
      `CREATE INDEX "credit_cards_customer_id_idx" ON "credit_cards" ("store_id", "customer_id")`,
      `CREATE UNIQUE INDEX "credit_cards_one_default_key" ON "credit_cards" ("store_id", "customer_id") WHERE "default"`,
      `CREATE UNIQUE INDEX "credit_cards_gateway_payment_profile_id_key" ON "credit_cards" ("payment_method_id", "gateway_payment_profile_id")`,
      references('credit_cards', 'store_id', 'stores', 'CASCADE'),
      references('credit_cards', 'customer_id', 'customers', 'CASCADE'),
      references('credit_cards', 'payment_method_id', 'payment_methods', 'CASCADE'),
      `CREATE TABLE "payment_setup_sessions" (${ID}, "customer_id" bigint NOT NULL, "payment_method_id" bigint NOT NULL, "status" text NOT NULL DEFAULT 'pending', "external_id" text NOT NULL, "external_data" jsonb NOT NULL DEFAULT '{}', "source" jsonb, "credit_card_id" bigint,
        CONSTRAINT "payment_setup_sessions_status_check" CHECK (status IN ('pending', 'completed')),
        CONSTRAINT "payment_setup_sessions_pkey" PRIMARY KEY ("id"))`,
      `CREATE INDEX "payment_setup_sessions_customer_id_idx" ON "payment_setup_sessions" ("store_id", "customer_id")`,
      `CREATE INDEX "payment_setup_sessions_credit_card_id_idx" ON "payment_setup_sessions" ("credit_card_id")`,
      references('payment_setup_sessions', 'store_id', 'stores', 'CASCADE'),
      references('payment_setup_sessions', 'customer_id', 'customers', 'CASCADE'),
      references('payment_setup_sessions', 'payment_method_id', 'payment_methods', 'CASCADE'),
      references('payment_setup_sessions', 'credit_card_id', 'credit_cards', 'SET NULL'),
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "payment_setup_sessions"`);
    await queryRunner.query(`DROP TABLE "credit_cards"`);
  }
}
