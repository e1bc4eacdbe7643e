import { MigrationInterface, QueryRunner } from 'typeorm';

/** Where a shipped fulfillment can be tracked, as staff give it with the tracking number. */
export class FulfillmentTrackingUrl1795301301300 implements MigrationInterface {
  name = 'FulfillmentTrackingUrl1795301301300';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shipments" ADD "tracking_url" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shipments" DROP COLUMN "tracking_url"`);
  }
}
