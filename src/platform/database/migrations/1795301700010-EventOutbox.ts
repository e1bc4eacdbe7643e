import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The relay's bookkeeping moves off the wide `events` row into a narrow `event_outbox`: one row
 * per event not yet relayed, written in the statement that writes the event and deleted by the
 * relay, so that relaying never rewrites an event (its payload included) and the sweeper reads a
 * table holding only what is left to do. `events.relayed_at` goes: an event is relayed exactly
 * when it has no outbox row.
 */
export class EventOutbox1795301700010 implements MigrationInterface {
  name = 'EventOutbox1795301700010';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "event_outbox" ("event_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "event_outbox_pkey" PRIMARY KEY ("event_id"), CONSTRAINT "event_outbox_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `INSERT INTO "event_outbox" ("event_id", "created_at") SELECT "id", "created_at" FROM "events" WHERE "relayed_at" IS NULL`,
    );
    await queryRunner.query(`DROP INDEX IF EXISTS "public"."events_unrelayed_idx"`);
    await queryRunner.query(`ALTER TABLE "events" DROP COLUMN "relayed_at"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "events" ADD "relayed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `UPDATE "events" SET "relayed_at" = "created_at" WHERE "id" NOT IN (SELECT "event_id" FROM "event_outbox")`,
    );
    await queryRunner.query(
      `CREATE INDEX "events_unrelayed_idx" ON "events" ("created_at") WHERE relayed_at IS NULL`,
    );
    await queryRunner.query(`DROP TABLE "event_outbox"`);
  }
}
