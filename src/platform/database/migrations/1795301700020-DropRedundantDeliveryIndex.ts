import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `webhook_deliveries (endpoint_id, delivered_at)` is a prefix of the history list's
 * `(endpoint_id, delivered_at, id)`, which serves every query it served; every attempt written or
 * completed paid for both.
 */
export class DropRedundantDeliveryIndex1795301700020 implements MigrationInterface {
  name = 'DropRedundantDeliveryIndex1795301700020';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP INDEX IF EXISTS "public"."webhook_deliveries_endpoint_id_delivered_at_idx"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_endpoint_id_delivered_at_idx" ON "webhook_deliveries" ("endpoint_id", "delivered_at" DESC)`,
    );
  }
}
