import { MigrationInterface, QueryRunner } from 'typeorm';

export class EventPosition1795281989402 implements MigrationInterface {
  name = 'EventPosition1795281989402';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "events" ADD "position" bigint GENERATED ALWAYS AS IDENTITY NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "events" DROP COLUMN "position"`);
  }
}
