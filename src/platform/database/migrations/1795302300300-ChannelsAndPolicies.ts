import { MigrationInterface, QueryRunner } from 'typeorm';

const ID = `"id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL`;

const references = (table: string, column: string, target: string, onDelete: string) =>
  `ALTER TABLE "${table}" ADD CONSTRAINT "${table}_${column}_fkey" FOREIGN KEY ("${column}") REFERENCES "${target}"("id") ON DELETE ${onDelete}`;

/**
 * Sales channels (every store gets its default `online` channel) and the channel each order was
 * started through; store policies (every store gets its four default ones, without text).
 * Orders made before keep no channel.
 */
export class ChannelsAndPolicies1795302300300 implements MigrationInterface {
  name = 'ChannelsAndPolicies1795302300300';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `CREATE TABLE "channels" (${ID}, "name" text NOT NULL, "code" text NOT NULL, "active" boolean NOT NULL DEFAULT true, "is_default" boolean NOT NULL DEFAULT false,
        CONSTRAINT "channels_pkey" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "channels_store_id_code_key" ON "channels" ("store_id", "code")`,
      `CREATE UNIQUE INDEX "channels_store_id_default_key" ON "channels" ("store_id") WHERE is_default`,
      references('channels', 'store_id', 'stores', 'CASCADE'),
      `ALTER TABLE "orders" ADD "channel_id" bigint`,
      references('orders', 'channel_id', 'channels', 'SET NULL'),
      `INSERT INTO "channels" ("store_id", "name", "code", "active", "is_default")
        SELECT "id", 'Online Store', 'online', true, true FROM "stores"`,
      `CREATE TABLE "policies" (${ID}, "name" text NOT NULL, "slug" text NOT NULL, "body" text,
        CONSTRAINT "policies_pkey" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "policies_store_id_slug_key" ON "policies" ("store_id", "slug")`,
      references('policies', 'store_id', 'stores', 'CASCADE'),
      `INSERT INTO "policies" ("store_id", "name", "slug")
        SELECT "stores"."id", defaults.name, defaults.slug FROM "stores"
        CROSS JOIN (VALUES ('Terms of Service', 'terms-of-service'), ('Privacy Policy', 'privacy-policy'),
          ('Returns Policy', 'returns-policy'), ('Shipping Policy', 'shipping-policy')) AS defaults (name, slug)`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "policies"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "channel_id"`);
    await queryRunner.query(`DROP TABLE "channels"`);
  }
}
