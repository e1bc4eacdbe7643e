import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change of a stock count is a movement now, not only staff's: sales, cancellations and
 * returns name what caused them (`originator_type` `order` or `shipment`, and its id), so that a
 * stock item's movements add up to its count. Items counted before their history was kept get one
 * `adjust` movement (reason `Opening balance`) bringing their movements up to their count.
 */
export class StockMovementOriginators1795302302700 implements MigrationInterface {
  name = 'StockMovementOriginators1795302302700';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "stock_movements" ADD "originator_type" text, ADD "originator_id" bigint`,
    );
    await queryRunner.query(
      `INSERT INTO "stock_movements" (store_id, stock_item_id, action, quantity, count_on_hand, reason)
       SELECT si.store_id, si.id, 'adjust', si.count_on_hand - COALESCE(m.total, 0),
         si.count_on_hand, 'Opening balance'
       FROM stock_items si
       LEFT JOIN (SELECT stock_item_id, SUM(quantity) AS total FROM stock_movements
                  GROUP BY stock_item_id) m ON m.stock_item_id = si.id
       WHERE si.count_on_hand <> COALESCE(m.total, 0)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "stock_movements" WHERE reason = 'Opening balance'`);
    await queryRunner.query(
      `ALTER TABLE "stock_movements" DROP COLUMN "originator_id", DROP COLUMN "originator_type"`,
    );
  }
}
