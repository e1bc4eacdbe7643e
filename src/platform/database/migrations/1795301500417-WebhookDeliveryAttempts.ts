import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook deliveries are recorded before they are sent: each attempt has a `status` (`in_flight`
 * until its outcome is recorded, then `succeeded`, `failed` or `interrupted`), an `attempt` number
 * per envelope and endpoint, and a `finished_at`; `duration_ms` is unknown while in flight.
 */
export class WebhookDeliveryAttempts1795301500417 implements MigrationInterface {
  name = 'WebhookDeliveryAttempts1795301500417';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD "attempt" integer, ADD "status" text, ADD "finished_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `UPDATE "webhook_deliveries" d SET
         "attempt" = numbered.attempt,
         "status" = CASE WHEN d."success" THEN 'succeeded' ELSE 'failed' END,
         "finished_at" = d."delivered_at" + d."duration_ms" * interval '1 millisecond'
       FROM (SELECT "id", row_number() OVER (
               PARTITION BY "endpoint_id", "event_id" ORDER BY "delivered_at", "id") AS attempt
             FROM "webhook_deliveries") numbered
       WHERE numbered."id" = d."id"`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ALTER "attempt" SET NOT NULL, ALTER "status" SET NOT NULL, ALTER "duration_ms" DROP NOT NULL, ADD CONSTRAINT "webhook_deliveries_status_check" CHECK ("status" IN ('in_flight', 'succeeded', 'failed', 'interrupted'))`,
    );
    await queryRunner.query(`DROP INDEX "public"."webhook_deliveries_endpoint_id_event_id_idx"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "webhook_deliveries_endpoint_id_event_id_attempt_key" ON "webhook_deliveries" ("endpoint_id", "event_id", "attempt") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP INDEX "public"."webhook_deliveries_endpoint_id_event_id_attempt_key"`,
    );
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_endpoint_id_event_id_idx" ON "webhook_deliveries" ("endpoint_id", "event_id") `,
    );
    await queryRunner.query(
      `UPDATE "webhook_deliveries" SET "duration_ms" = 0 WHERE "duration_ms" IS NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_status_check", ALTER "duration_ms" SET NOT NULL, DROP COLUMN "finished_at", DROP COLUMN "status", DROP COLUMN "attempt"`,
    );
  }
}
