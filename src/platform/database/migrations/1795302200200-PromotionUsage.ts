import { MigrationInterface, QueryRunner } from 'typeorm';

const ID = `"id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL`;

const references = (table: string, column: string, target: string, onDelete: string) =>
  `ALTER TABLE "${table}" ADD CONSTRAINT "${table}_${column}_fkey" FOREIGN KEY ("${column}") REFERENCES "${target}"("id") ON DELETE ${onDelete}`;

/**
 * Codes entered on carts, and promotion uses counted at completion: a promotion's and a code's
 * `usage_count`, each order's uses (given back on cancel) and each customer's count per
 * promotion, so that limits hold under concurrent completions.
 */
export class PromotionUsage1795302200200 implements MigrationInterface {
  name = 'PromotionUsage1795302200200';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `ALTER TABLE "promotions" ADD "usage_count" integer NOT NULL DEFAULT 0`,
      `ALTER TABLE "promotions" ADD CONSTRAINT "promotions_usage_count_check" CHECK (usage_count >= 0)`,
      `CREATE TABLE "order_promotions" (${ID}, "order_id" bigint NOT NULL, "promotion_id" bigint NOT NULL, "coupon_code_id" bigint NOT NULL, "code" text NOT NULL,
        CONSTRAINT "order_promotions_pkey" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "order_promotions_order_id_promotion_id_key" ON "order_promotions" ("order_id", "promotion_id")`,
      `CREATE INDEX "order_promotions_coupon_code_id_idx" ON "order_promotions" ("coupon_code_id")`,
      `CREATE INDEX "order_promotions_promotion_id_idx" ON "order_promotions" ("promotion_id")`,
      references('order_promotions', 'store_id', 'stores', 'CASCADE'),
      references('order_promotions', 'order_id', 'orders', 'CASCADE'),
      references('order_promotions', 'promotion_id', 'promotions', 'CASCADE'),
      references('order_promotions', 'coupon_code_id', 'coupon_codes', 'CASCADE'),
      `CREATE TABLE "promotion_uses" (${ID}, "order_id" bigint NOT NULL, "promotion_id" bigint NOT NULL, "coupon_code_id" bigint, "customer_keys" text[] NOT NULL DEFAULT '{}', "given_back_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "promotion_uses_pkey" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "promotion_uses_order_id_promotion_id_key" ON "promotion_uses" ("order_id", "promotion_id")`,
      `CREATE INDEX "promotion_uses_promotion_id_idx" ON "promotion_uses" ("promotion_id")`,
      `CREATE INDEX "promotion_uses_coupon_code_id_idx" ON "promotion_uses" ("coupon_code_id")`,
      references('promotion_uses', 'store_id', 'stores', 'CASCADE'),
      references('promotion_uses', 'order_id', 'orders', 'CASCADE'),
      references('promotion_uses', 'promotion_id', 'promotions', 'CASCADE'),
      references('promotion_uses', 'coupon_code_id', 'coupon_codes', 'SET NULL'),
      `CREATE TABLE "promotion_customer_uses" ("promotion_id" bigint NOT NULL, "customer_key" text NOT NULL, "store_id" bigint NOT NULL, "uses" integer NOT NULL DEFAULT 0,
        CONSTRAINT "promotion_customer_uses_uses_check" CHECK (uses >= 0),
        CONSTRAINT "promotion_customer_uses_pkey" PRIMARY KEY ("promotion_id", "customer_key"))`,
      `CREATE INDEX "promotion_customer_uses_customer_key_idx" ON "promotion_customer_uses" ("store_id", "customer_key")`,
      references('promotion_customer_uses', 'store_id', 'stores', 'CASCADE'),
      references('promotion_customer_uses', 'promotion_id', 'promotions', 'CASCADE'),
      // Uses counted so far: the orders placed with one of a promotion's adjustments.
      `UPDATE "promotions" p SET "usage_count" = (
         SELECT count(DISTINCT a.order_id) FROM adjustments a
         JOIN orders o ON o.id = a.order_id AND o.completed_at IS NOT NULL AND o.state <> 'canceled'
         WHERE a.source_type = 'promotion' AND a.source_id = p.id)`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['promotion_customer_uses', 'promotion_uses', 'order_promotions'])
      await queryRunner.query(`DROP TABLE "${table}"`);
    await queryRunner.query(`ALTER TABLE "promotions" DROP COLUMN "usage_count"`);
  }
}
