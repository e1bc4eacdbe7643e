import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shipments are read by their order everywhere (placing, the order's snapshot, fulfillment):
 * since exchange shipments left the unique (order, location) index, which now covers planned
 * shipments only, that index no longer serves those reads, and this one does.
 */
export class ShipmentsByOrder1795302305400 implements MigrationInterface {
  name = 'ShipmentsByOrder1795302305400';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "shipments_order_id_idx" ON "shipments" ("order_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "shipments_order_id_idx"`);
  }
}
