import { MigrationInterface, QueryRunner } from 'typeorm';

export class FulfillmentItemsAndNumbers1795300100111 implements MigrationInterface {
  name = 'FulfillmentItemsAndNumbers1795300100111';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Random, like order numbers; each existing row draws its own.
    await queryRunner.query(
      `ALTER TABLE "shipments" ADD "number" text NOT NULL DEFAULT ('H' || lpad(floor(random() * 100000000000)::bigint::text, 11, '0'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "payments" ADD "number" text NOT NULL DEFAULT ('P' || lpad(floor(random() * 1000000000)::bigint::text, 9, '0'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipments" ADD "line_item_ids" bigint array NOT NULL DEFAULT '{}'`,
    );
    // Shipments planned before lines were recorded: an order's only shipment carries all its lines.
    await queryRunner.query(
      `UPDATE "shipments" s SET "line_item_ids" = ARRAY(
         SELECT li.id FROM line_items li WHERE li.order_id = s.order_id ORDER BY li.id)
       WHERE NOT EXISTS (
         SELECT 1 FROM shipments other WHERE other.order_id = s.order_id AND other.id <> s.id)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shipments" DROP COLUMN "line_item_ids"`);
    await queryRunner.query(`ALTER TABLE "payments" DROP COLUMN "number"`);
    await queryRunner.query(`ALTER TABLE "shipments" DROP COLUMN "number"`);
  }
}
