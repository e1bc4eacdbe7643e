import { MigrationInterface, QueryRunner } from 'typeorm';

const TIMESTAMPS = `"id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL`;

/** Of one promotion: `CASCADE` with it and with its store. */
const owned = (table: string) => [
  `ALTER TABLE "${table}" ADD CONSTRAINT "${table}_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE`,
  `ALTER TABLE "${table}" ADD CONSTRAINT "${table}_promotion_id_fkey" FOREIGN KEY ("promotion_id") REFERENCES "promotions"("id") ON DELETE CASCADE`,
];

/** Stored promotions: their rules and actions, their coupon codes and the batches that make them. */
export class Promotions1795302200100 implements MigrationInterface {
  name = 'Promotions1795302200100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `CREATE TABLE "promotions" (${TIMESTAMPS}, "name" text NOT NULL, "description" text, "status" text NOT NULL DEFAULT 'active', "kind" text NOT NULL, "starts_at" TIMESTAMP WITH TIME ZONE, "expires_at" TIMESTAMP WITH TIME ZONE, "usage_limit" integer, "per_customer_limit" integer, "match_policy" text NOT NULL DEFAULT 'all', "priority" integer NOT NULL DEFAULT 0, "exclusive" boolean NOT NULL DEFAULT false, "multi_codes" boolean NOT NULL DEFAULT false, "number_of_codes" integer, "code_prefix" text, "metadata" jsonb NOT NULL DEFAULT '{}', "deleted_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "promotions_status_check" CHECK (status IN ('draft', 'active', 'archived')),
        CONSTRAINT "promotions_kind_check" CHECK (kind IN ('coupon_code', 'automatic')),
        CONSTRAINT "promotions_match_policy_check" CHECK (match_policy IN ('all', 'any')),
        CONSTRAINT "promotions_pkey" PRIMARY KEY ("id"))`,
      `CREATE INDEX "promotions_store_id_created_at_idx" ON "promotions" ("store_id", "created_at")`,
      `ALTER TABLE "promotions" ADD CONSTRAINT "promotions_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE`,
      ...['promotion_rules', 'promotion_actions'].flatMap((table) => [
        `CREATE TABLE "${table}" (${TIMESTAMPS}, "promotion_id" bigint NOT NULL, "type" text NOT NULL, "preferences" jsonb NOT NULL DEFAULT '{}', CONSTRAINT "${table}_pkey" PRIMARY KEY ("id"))`,
        `CREATE INDEX "${table}_promotion_id_idx" ON "${table}" ("promotion_id")`,
        ...owned(table),
      ]),
      `CREATE TABLE "promotion_code_batches" (${TIMESTAMPS}, "promotion_id" bigint NOT NULL, "prefix" text NOT NULL DEFAULT '', "count" integer NOT NULL, "length" integer NOT NULL, "single_use" boolean NOT NULL DEFAULT false, "state" text NOT NULL DEFAULT 'pending', "generated" integer NOT NULL DEFAULT 0, "error" text,
        CONSTRAINT "promotion_code_batches_state_check" CHECK (state IN ('pending', 'processing', 'completed', 'failed')),
        CONSTRAINT "promotion_code_batches_pkey" PRIMARY KEY ("id"))`,
      `CREATE INDEX "promotion_code_batches_promotion_id_idx" ON "promotion_code_batches" ("promotion_id")`,
      ...owned('promotion_code_batches'),
      `CREATE TABLE "coupon_codes" (${TIMESTAMPS}, "promotion_id" bigint NOT NULL, "batch_id" bigint, "code" text NOT NULL, "state" text NOT NULL DEFAULT 'active', "usage_count" integer NOT NULL DEFAULT 0, "single_use" boolean NOT NULL DEFAULT false,
        CONSTRAINT "coupon_codes_state_check" CHECK (state IN ('active', 'inactive')),
        CONSTRAINT "coupon_codes_usage_count_check" CHECK (usage_count >= 0),
        CONSTRAINT "coupon_codes_pkey" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "coupon_codes_store_id_code_key" ON "coupon_codes" ("store_id", "code")`,
      `CREATE INDEX "coupon_codes_promotion_id_id_idx" ON "coupon_codes" ("promotion_id", "id")`,
      `CREATE INDEX "coupon_codes_batch_id_idx" ON "coupon_codes" ("batch_id")`,
      `CREATE UNIQUE INDEX "coupon_codes_promotion_id_own_key" ON "coupon_codes" ("promotion_id") WHERE batch_id IS NULL`,
      ...owned('coupon_codes'),
      `ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "promotion_code_batches"("id") ON DELETE CASCADE`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'coupon_codes',
      'promotion_code_batches',
      'promotion_actions',
      'promotion_rules',
      'promotions',
    ])
      await queryRunner.query(`DROP TABLE "${table}"`);
  }
}
