import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The record of every templated mail: written before it is sent, unique per store, mail,
 * recipient and key (the event or job it answers), so that a mail goes out once; with its tries,
 * the SMTP server's message id or error, and the message as rendered.
 */
export class EmailDeliveries1795302301900 implements MigrationInterface {
  name = 'EmailDeliveries1795302301900';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `CREATE TABLE "email_deliveries" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "store_id" bigint NOT NULL, "mail" character varying(64) NOT NULL,
        "recipient" character varying(320) NOT NULL, "key" character varying(255) NOT NULL, "order_id" bigint, "customer_id" bigint,
        "values_sealed" text NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT 0,
        "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lease_until" TIMESTAMP WITH TIME ZONE, "smtp_message_id" text,
        "last_error" text, "subject" text, "body_sealed" text, "resend_of" bigint, "sent_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "email_deliveries_status_check" CHECK ("status" IN ('pending', 'sending', 'sent', 'failed', 'skipped')),
        CONSTRAINT "email_deliveries_pkey" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "email_deliveries_store_id_mail_recipient_key_key" ON "email_deliveries" ("store_id", "mail", "recipient", "key")`,
      `CREATE INDEX "email_deliveries_order_id_created_at_id_idx" ON "email_deliveries" ("order_id", "created_at" DESC, "id" DESC) WHERE "order_id" IS NOT NULL`,
      `CREATE INDEX "email_deliveries_customer_id_created_at_id_idx" ON "email_deliveries" ("customer_id", "created_at" DESC, "id" DESC) WHERE "customer_id" IS NOT NULL`,
      `CREATE INDEX "email_deliveries_unfinished_next_attempt_at_idx" ON "email_deliveries" ("next_attempt_at") WHERE "status" IN ('pending', 'sending')`,
      `ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE`,
      `ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE SET NULL`,
      `ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE SET NULL`,
      `ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_resend_of_fkey" FOREIGN KEY ("resend_of") REFERENCES "email_deliveries"("id") ON DELETE SET NULL`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "email_deliveries"`);
  }
}
