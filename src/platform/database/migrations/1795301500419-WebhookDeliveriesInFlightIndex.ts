import { MigrationInterface, QueryRunner } from 'typeorm';

/** Finds the few webhook delivery attempts still in flight without reading the whole history. */
export class WebhookDeliveriesInFlightIndex1795301500419 implements MigrationInterface {
  name = 'WebhookDeliveriesInFlightIndex1795301500419';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_in_flight_delivered_at_idx" ON "webhook_deliveries" ("delivered_at") WHERE "status" = 'in_flight'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."webhook_deliveries_in_flight_delivered_at_idx"`);
  }
}
