import { MigrationInterface, QueryRunner } from 'typeorm';

export class DigitalDownloads1795273024434 implements MigrationInterface {
  name = 'DigitalDownloads1795273024434';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "digitals" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "variant_id" bigint NOT NULL, "filename" text NOT NULL, "content_type" text NOT NULL, "byte_size" integer NOT NULL, "checksum" character(64) NOT NULL, "data" bytea NOT NULL, CONSTRAINT "PK_46be650131d51b406ec7ea900fd" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "digitals_variant_id_idx" ON "digitals"  ("variant_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "digital_links" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "digital_id" bigint, "line_item_id" bigint NOT NULL, "order_id" bigint NOT NULL, "token_digest" character(64) NOT NULL, "token_salt" text NOT NULL, "download_count" integer NOT NULL DEFAULT '0', "download_limit" integer NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "digital_links_download_count_check" CHECK (download_count >= 0), CONSTRAINT "digital_links_download_limit_check" CHECK (download_limit > 0), CONSTRAINT "PK_40c513753289bb40d0aee87ca45" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "digital_links_line_item_id_idx" ON "digital_links"  ("line_item_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "digital_links_order_id_idx" ON "digital_links"  ("order_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "digital_links_digital_id_line_item_id_key" ON "digital_links"  ("digital_id", "line_item_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "digital_links_token_digest_key" ON "digital_links"  ("token_digest") `,
    );
    await queryRunner.query(
      `ALTER TABLE "digitals" ADD CONSTRAINT "FK_a57830f20c85573e2e1964df399" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "digitals" ADD CONSTRAINT "FK_092957980f8602e549b7eb3a554" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_links" ADD CONSTRAINT "FK_f12992e9dabdae1ba5e2fb1321d" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_links" ADD CONSTRAINT "FK_eb16755846f8a19474fe97cb7be" FOREIGN KEY ("digital_id") REFERENCES "digitals"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_links" ADD CONSTRAINT "FK_5656170dfa0b9cb84b0a4e57b8a" FOREIGN KEY ("line_item_id") REFERENCES "line_items"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_links" ADD CONSTRAINT "FK_7d91d1f9440a5dad87c9b8e2bb2" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "digital_links" DROP CONSTRAINT "FK_7d91d1f9440a5dad87c9b8e2bb2"`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_links" DROP CONSTRAINT "FK_5656170dfa0b9cb84b0a4e57b8a"`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_links" DROP CONSTRAINT "FK_eb16755846f8a19474fe97cb7be"`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_links" DROP CONSTRAINT "FK_f12992e9dabdae1ba5e2fb1321d"`,
    );
    await queryRunner.query(
      `ALTER TABLE "digitals" DROP CONSTRAINT "FK_092957980f8602e549b7eb3a554"`,
    );
    await queryRunner.query(
      `ALTER TABLE "digitals" DROP CONSTRAINT "FK_a57830f20c85573e2e1964df399"`,
    );
    await queryRunner.query(`DROP INDEX "public"."digital_links_token_digest_key"`);
    await queryRunner.query(`DROP INDEX "public"."digital_links_digital_id_line_item_id_key"`);
    await queryRunner.query(`DROP INDEX "public"."digital_links_order_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."digital_links_line_item_id_idx"`);
    await queryRunner.query(`DROP TABLE "digital_links"`);
    await queryRunner.query(`DROP INDEX "public"."digitals_variant_id_idx"`);
    await queryRunner.query(`DROP TABLE "digitals"`);
  }
}
