import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each host a store answers to (its URL's and its `domains`) in `store_hosts`, whose primary key
 * lets one store only claim a host. Hosts already claimed twice stay with the store created
 * first; the later stores' `domains` lose them. Requests for a host no store claims go to the
 * store flagged `is_default` or to none: a database without a flagged store gets its first
 * store flagged, the one such requests went to until now.
 */
export class StoreHosts1795302100300 implements MigrationInterface {
  name = 'StoreHosts1795302100300';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "store_hosts" ("host" text NOT NULL, "store_id" bigint NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "store_hosts_pkey" PRIMARY KEY ("host"),
        CONSTRAINT "store_hosts_store_id_fkey" FOREIGN KEY ("store_id")
          REFERENCES "stores"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE INDEX "store_hosts_store_id_idx" ON "store_hosts" ("store_id")`,
    );
    await queryRunner.query(
      `INSERT INTO "store_hosts" ("host", "store_id")
       SELECT DISTINCT ON (host) host, id FROM (
         SELECT rtrim(lower(substring(url from
                  '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^/?#@]*@)?(\\[[^]]*\\]|[^/:?#]+)')), '.') AS host,
                id, created_at
         FROM "stores"
         UNION ALL
         SELECT domain, id, created_at FROM "stores", unnest(domains) AS domain
       ) AS claims
       WHERE host <> ''
       ORDER BY host, created_at, id`,
    );
    await queryRunner.query(
      `UPDATE "stores" SET "domains" = ARRAY(
         SELECT domain FROM unnest("stores"."domains") AS domain
         WHERE EXISTS (SELECT 1 FROM "store_hosts" h WHERE h.host = domain AND h.store_id = "stores".id))
       WHERE EXISTS (
         SELECT 1 FROM unnest("stores"."domains") AS domain
         JOIN "store_hosts" h ON h.host = domain AND h.store_id <> "stores".id)`,
    );
    await queryRunner.query(
      `UPDATE "stores" SET "is_default" = true
       WHERE id = (SELECT id FROM "stores" ORDER BY created_at, id LIMIT 1)
         AND NOT EXISTS (SELECT 1 FROM "stores" WHERE is_default)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "store_hosts"`);
  }
}
