import { MigrationInterface, QueryRunner } from 'typeorm';

const ID = `"id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL`;

const references = (table: string, column: string, target: string, onDelete: string) =>
  `ALTER TABLE "${table}" ADD CONSTRAINT "${table}_${column}_fkey" FOREIGN KEY ("${column}") REFERENCES "${target}"("id") ON DELETE ${onDelete}`;

/** Gift cards, their batches and ledgers, and payments made with them. */
export class GiftCards1795302300400 implements MigrationInterface {
  name = 'GiftCards1795302300400';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `CREATE TABLE "gift_card_batches" (${ID}, "prefix" text, "codes_count" integer NOT NULL, "currency" character(3) NOT NULL, "amount" numeric(20,4) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE, "state" text NOT NULL DEFAULT 'completed', "created_by_staff_user_id" bigint, "created_by_api_key_id" bigint,
        CONSTRAINT "gift_card_batches_pkey" PRIMARY KEY ("id"))`,
      references('gift_card_batches', 'store_id', 'stores', 'CASCADE'),
      `CREATE TABLE "gift_cards" (${ID}, "code" text NOT NULL, "currency" character(3) NOT NULL, "amount" numeric(20,4) NOT NULL, "amount_used" numeric(20,4) NOT NULL DEFAULT 0, "expires_at" TIMESTAMP WITH TIME ZONE, "disabled_at" TIMESTAMP WITH TIME ZONE, "redeemed_at" TIMESTAMP WITH TIME ZONE, "recipient_email" text, "recipient_name" text, "sender_name" text, "message" text, "customer_id" bigint, "batch_id" bigint, "line_item_id" bigint, "created_by_staff_user_id" bigint, "created_by_api_key_id" bigint,
        CONSTRAINT "gift_cards_amount_used_check" CHECK (amount_used >= 0 AND amount_used <= amount),
        CONSTRAINT "gift_cards_pkey" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "gift_cards_store_id_code_key" ON "gift_cards" ("store_id", "code")`,
      `CREATE INDEX "gift_cards_recipient_email_idx" ON "gift_cards" ("store_id", "recipient_email")`,
      `CREATE INDEX "gift_cards_customer_id_idx" ON "gift_cards" ("customer_id")`,
      references('gift_cards', 'store_id', 'stores', 'CASCADE'),
      references('gift_cards', 'customer_id', 'customers', 'SET NULL'),
      references('gift_cards', 'batch_id', 'gift_card_batches', 'SET NULL'),
      `CREATE TABLE "gift_card_transactions" (${ID}, "gift_card_id" bigint NOT NULL, "kind" text NOT NULL, "amount" numeric(20,4) NOT NULL, "order_id" bigint,
        CONSTRAINT "gift_card_transactions_pkey" PRIMARY KEY ("id"))`,
      `CREATE INDEX "gift_card_transactions_gift_card_id_idx" ON "gift_card_transactions" ("gift_card_id")`,
      references('gift_card_transactions', 'store_id', 'stores', 'CASCADE'),
      references('gift_card_transactions', 'gift_card_id', 'gift_cards', 'CASCADE'),
      `ALTER TABLE "payments" ADD "gift_card_id" bigint`,
      `CREATE INDEX "payments_gift_card_id_idx" ON "payments" ("gift_card_id")`,
      references('payments', 'gift_card_id', 'gift_cards', 'RESTRICT'),
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "payments" DROP COLUMN "gift_card_id"`);
    for (const table of ['gift_card_transactions', 'gift_cards', 'gift_card_batches'])
      await queryRunner.query(`DROP TABLE "${table}"`);
  }
}
