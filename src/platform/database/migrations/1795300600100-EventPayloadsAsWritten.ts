import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbox payloads are written once, read whole and never queried inside: `json` keeps the text
 * as written, which spares PostgreSQL converting every event to `jsonb`. Where the server has
 * lz4, the large payloads are compressed with it rather than the slower pglz.
 */
export class EventPayloadsAsWritten1795300600100 implements MigrationInterface {
  name = 'EventPayloadsAsWritten1795300600100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "events" ALTER "payload" TYPE json USING "payload"::json, ALTER "metadata" DROP DEFAULT, ALTER "metadata" TYPE json USING "metadata"::json, ALTER "metadata" SET DEFAULT '{}'`,
    );
    const [{ lz4 }] = (await queryRunner.query(
      `SELECT 'lz4' = ANY(enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`,
    )) as { lz4: boolean }[];
    if (lz4) await queryRunner.query(`ALTER TABLE "events" ALTER "payload" SET COMPRESSION lz4`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "events" ALTER "payload" SET COMPRESSION default, ALTER "payload" TYPE jsonb USING "payload"::jsonb, ALTER "metadata" DROP DEFAULT, ALTER "metadata" TYPE jsonb USING "metadata"::jsonb, ALTER "metadata" SET DEFAULT '{}'`,
    );
  }
}
