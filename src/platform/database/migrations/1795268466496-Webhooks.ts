import { MigrationInterface, QueryRunner } from 'typeorm';

export class Webhooks1795268466496 implements MigrationInterface {
  name = 'Webhooks1795268466496';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhook_endpoints" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "name" text NOT NULL, "url" text NOT NULL, "subscriptions" text array NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "consecutive_failures" integer NOT NULL DEFAULT '0', "disabled_at" TIMESTAMP WITH TIME ZONE, "disabled_reason" text, "secret_ciphertext" text NOT NULL, CONSTRAINT "PK_054c4cfb95223732f5939d2d546" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "webhook_endpoints_store_id_created_at_idx" ON "webhook_endpoints"  ("store_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "endpoint_id" bigint NOT NULL, "event_id" uuid NOT NULL, "event_name" text NOT NULL, "request_body" text NOT NULL, "response_status" integer, "response_body" text, "duration_ms" integer NOT NULL, "error_type" text, "error_message" text, "success" boolean NOT NULL, "delivered_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "webhook_deliveries_error_type_check" CHECK ("error_type" IN ('timeout', 'connection_error', 'http_error')), CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_endpoint_id_event_id_idx" ON "webhook_deliveries"  ("endpoint_id", "event_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_endpoint_id_delivered_at_idx" ON "webhook_deliveries"  ("endpoint_id", "delivered_at" DESC) `,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "FK_5d5d7e1a74df8076a361e126fac" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_0b882c26a9b91c26e6e86b4867c" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_0b882c26a9b91c26e6e86b4867c"`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "FK_5d5d7e1a74df8076a361e126fac"`,
    );
    await queryRunner.query(
      `DROP INDEX "public"."webhook_deliveries_endpoint_id_delivered_at_idx"`,
    );
    await queryRunner.query(`DROP INDEX "public"."webhook_deliveries_endpoint_id_event_id_idx"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."webhook_endpoints_store_id_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "webhook_endpoints"`);
  }
}
