import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Subdivisions (ISO 3166-2, without the country prefix) of the countries that zone by state. */
const STATES: Record<string, [abbr: string, name: string][]> = {
  US: [
    ['AL', 'Alabama'],
    ['AK', 'Alaska'],
    ['AZ', 'Arizona'],
    ['AR', 'Arkansas'],
    ['CA', 'California'],
    ['CO', 'Colorado'],
    ['CT', 'Connecticut'],
    ['DE', 'Delaware'],
    ['DC', 'District of Columbia'],
    ['FL', 'Florida'],
    ['GA', 'Georgia'],
    ['HI', 'Hawaii'],
    ['ID', 'Idaho'],
    ['IL', 'Illinois'],
    ['IN', 'Indiana'],
    ['IA', 'Iowa'],
    ['KS', 'Kansas'],
    ['KY', 'Kentucky'],
    ['LA', 'Louisiana'],
    ['ME', 'Maine'],
    ['MD', 'Maryland'],
    ['MA', 'Massachusetts'],
    ['MI', 'Michigan'],
    ['MN', 'Minnesota'],
    ['MS', 'Mississippi'],
    ['MO', 'Missouri'],
    ['MT', 'Montana'],
    ['NE', 'Nebraska'],
    ['NV', 'Nevada'],
    ['NH', 'New Hampshire'],
    ['NJ', 'New Jersey'],
    ['NM', 'New Mexico'],
    ['NY', 'New York'],
    ['NC', 'North Carolina'],
    ['ND', 'North Dakota'],
    ['OH', 'Ohio'],
    ['OK', 'Oklahoma'],
    ['OR', 'Oregon'],
    ['PA', 'Pennsylvania'],
    ['RI', 'Rhode Island'],
    ['SC', 'South Carolina'],
    ['SD', 'South Dakota'],
    ['TN', 'Tennessee'],
    ['TX', 'Texas'],
    ['UT', 'Utah'],
    ['VT', 'Vermont'],
    ['VA', 'Virginia'],
    ['WA', 'Washington'],
    ['WV', 'West Virginia'],
    ['WI', 'Wisconsin'],
    ['WY', 'Wyoming'],
  ],
  CA: [
    ['AB', 'Alberta'],
    ['BC', 'British Columbia'],
    ['MB', 'Manitoba'],
    ['NB', 'New Brunswick'],
    ['NL', 'Newfoundland and Labrador'],
    ['NS', 'Nova Scotia'],
    ['NT', 'Northwest Territories'],
    ['NU', 'Nunavut'],
    ['ON', 'Ontario'],
    ['PE', 'Prince Edward Island'],
    ['QC', 'Quebec'],
    ['SK', 'Saskatchewan'],
    ['YT', 'Yukon'],
  ],
  AU: [
    ['ACT', 'Australian Capital Territory'],
    ['NSW', 'New South Wales'],
    ['NT', 'Northern Territory'],
    ['QLD', 'Queensland'],
    ['SA', 'South Australia'],
    ['TAS', 'Tasmania'],
    ['VIC', 'Victoria'],
    ['WA', 'Western Australia'],
  ],
};

/**
 * Zones of states besides zones of countries (`kind`, `state_codes` such as `US-VA`; a state
 * zone's `country_isos` are the countries of its states), the states themselves as reference
 * data, delivery methods shipping to several zones (`delivery_method_zones` replaces
 * `delivery_methods.zone_id`), and a delivery method's `code` and `display_on`; the store's
 * default country and customer support address.
 */
export class ZoneStatesAndDeliveryMethodZones1795301200700 implements MigrationInterface {
  name = 'ZoneStatesAndDeliveryMethodZones1795301200700';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "states" ("country_iso" character(2) NOT NULL, "abbr" text NOT NULL, "name" text NOT NULL, CONSTRAINT "PK_states" PRIMARY KEY ("country_iso", "abbr"), CONSTRAINT "FK_states_country" FOREIGN KEY ("country_iso") REFERENCES "countries"("iso") ON DELETE CASCADE)`,
    );
    const rows = Object.entries(STATES).flatMap(([iso, states]) =>
      states.map(([abbr, name]) => [iso, abbr, name]),
    );
    await queryRunner.query(
      `INSERT INTO "states" ("country_iso", "abbr", "name")
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[])`,
      [rows.map((row) => row[0]), rows.map((row) => row[1]), rows.map((row) => row[2])],
    );
    await queryRunner.query(
      `ALTER TABLE "zones" ADD "kind" text NOT NULL DEFAULT 'country', ADD "state_codes" text array NOT NULL DEFAULT '{}', ADD CONSTRAINT "zones_kind_check" CHECK ("kind" IN ('country', 'state'))`,
    );
    await queryRunner.query(
      `CREATE TABLE "delivery_method_zones" ("delivery_method_id" bigint NOT NULL, "zone_id" bigint NOT NULL, CONSTRAINT "PK_delivery_method_zones" PRIMARY KEY ("delivery_method_id", "zone_id"), CONSTRAINT "FK_delivery_method_zones_method" FOREIGN KEY ("delivery_method_id") REFERENCES "delivery_methods"("id") ON DELETE CASCADE, CONSTRAINT "FK_delivery_method_zones_zone" FOREIGN KEY ("zone_id") REFERENCES "zones"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE INDEX "delivery_method_zones_zone_id_idx" ON "delivery_method_zones" ("zone_id")`,
    );
    await queryRunner.query(
      `INSERT INTO "delivery_method_zones" ("delivery_method_id", "zone_id") SELECT "id", "zone_id" FROM "delivery_methods"`,
    );
    await queryRunner.query(
      `ALTER TABLE "delivery_methods" DROP COLUMN "zone_id", ADD "code" text, ADD "display_on" text NOT NULL DEFAULT 'both', ADD CONSTRAINT "delivery_methods_display_on_check" CHECK ("display_on" IN ('both', 'front_end', 'back_end'))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "delivery_methods_store_id_code_key" ON "delivery_methods" ("store_id", "code") WHERE code IS NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "stores" ADD "default_country_iso" character(2) CONSTRAINT "FK_stores_default_country" REFERENCES "countries"("iso"), ADD "customer_support_email" text`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "stores" DROP COLUMN "customer_support_email", DROP COLUMN "default_country_iso"`,
    );
    await queryRunner.query(`DROP INDEX "public"."delivery_methods_store_id_code_key"`);
    await queryRunner.query(
      `ALTER TABLE "delivery_methods" DROP CONSTRAINT "delivery_methods_display_on_check", DROP COLUMN "display_on", DROP COLUMN "code", ADD "zone_id" bigint`,
    );
    await queryRunner.query(
      `UPDATE "delivery_methods" dm SET "zone_id" = (SELECT min(dmz."zone_id") FROM "delivery_method_zones" dmz WHERE dmz."delivery_method_id" = dm."id")`,
    );
    await queryRunner.query(`DELETE FROM "delivery_methods" WHERE "zone_id" IS NULL`);
    await queryRunner.query(
      `ALTER TABLE "delivery_methods" ALTER COLUMN "zone_id" SET NOT NULL, ADD CONSTRAINT "FK_9ca3861c1d94d674c65686ff8fa" FOREIGN KEY ("zone_id") REFERENCES "zones"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`DROP TABLE "delivery_method_zones"`);
    await queryRunner.query(
      `ALTER TABLE "zones" DROP CONSTRAINT "zones_kind_check", DROP COLUMN "state_codes", DROP COLUMN "kind"`,
    );
    await queryRunner.query(`DROP TABLE "states"`);
  }
}
