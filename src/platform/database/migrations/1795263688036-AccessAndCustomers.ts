import { MigrationInterface, QueryRunner } from 'typeorm';

export class AccessAndCustomers1795263688036 implements MigrationInterface {
  name = 'AccessAndCustomers1795263688036';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "refresh_tokens" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "store_id" bigint NOT NULL, "subject_type" text NOT NULL, "subject_id" bigint NOT NULL, "family_id" uuid NOT NULL, "token_digest" character(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7d8bee0204106019488c4c50ffa" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "refresh_tokens_token_digest_key" ON "refresh_tokens"  ("token_digest") `,
    );
    await queryRunner.query(
      `CREATE INDEX "refresh_tokens_family_id_idx" ON "refresh_tokens"  ("family_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "refresh_tokens_subject_idx" ON "refresh_tokens"  ("store_id", "subject_type", "subject_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "customers" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "email" text NOT NULL, "password_digest" text, "first_name" text, "last_name" text, "phone" text, "accepts_marketing" boolean NOT NULL DEFAULT false, "anonymized_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_133ec679a801fab5e070f73d3ea" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "customers_store_id_email_key" ON "customers"  ("store_id", "email") `,
    );
    await queryRunner.query(
      `CREATE TABLE "addresses" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "customer_id" bigint, "firstname" text NOT NULL, "lastname" text, "company" text, "address1" text NOT NULL, "address2" text, "city" text NOT NULL, "zipcode" text, "phone" text, "state_name" text, "country_iso" character(2) NOT NULL, CONSTRAINT "PK_745d8f43d3af10ab8247465e450" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "addresses_customer_id_idx" ON "addresses"  ("customer_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "idempotency_records" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "store_id" bigint NOT NULL, "credential" text NOT NULL, "key" text NOT NULL, "request_fingerprint" character(64) NOT NULL, "response_status" integer, "response_body" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_9ae4e93699362b0d4e3da3dd1c2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idempotency_records_created_at_idx" ON "idempotency_records"  ("created_at") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "idempotency_records_scope_key" ON "idempotency_records"  ("store_id", "credential", "key") `,
    );
    await queryRunner.query(
      `ALTER TABLE "customers" ADD CONSTRAINT "FK_2501b8750977dd4f4d06dfeff07" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "addresses" ADD CONSTRAINT "FK_aa9ec128f509dc22b0402df4212" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "addresses" ADD CONSTRAINT "FK_7482082bf53fd0ba88a32e3de88" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "addresses" DROP CONSTRAINT "FK_7482082bf53fd0ba88a32e3de88"`,
    );
    await queryRunner.query(
      `ALTER TABLE "addresses" DROP CONSTRAINT "FK_aa9ec128f509dc22b0402df4212"`,
    );
    await queryRunner.query(
      `ALTER TABLE "customers" DROP CONSTRAINT "FK_2501b8750977dd4f4d06dfeff07"`,
    );
    await queryRunner.query(`DROP INDEX "public"."idempotency_records_scope_key"`);
    await queryRunner.query(`DROP INDEX "public"."idempotency_records_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "idempotency_records"`);
    await queryRunner.query(`DROP INDEX "public"."addresses_customer_id_idx"`);
    await queryRunner.query(`DROP TABLE "addresses"`);
    await queryRunner.query(`DROP INDEX "public"."customers_store_id_email_key"`);
    await queryRunner.query(`DROP TABLE "customers"`);
    await queryRunner.query(`DROP INDEX "public"."refresh_tokens_subject_idx"`);
    await queryRunner.query(`DROP INDEX "public"."refresh_tokens_family_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."refresh_tokens_token_digest_key"`);
    await queryRunner.query(`DROP TABLE "refresh_tokens"`);
  }
}
