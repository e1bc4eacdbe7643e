import { MigrationInterface, QueryRunner } from 'typeorm';

const ID = `"id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL`;

/** Stores' overrides of the e-mail templates, and their e-mail branding and mails turned off. */
export class EmailTemplatesAndSettings1795302302500 implements MigrationInterface {
  name = 'EmailTemplatesAndSettings1795302302500';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `CREATE TABLE "email_templates" (${ID}, "name" text NOT NULL, "subject" text, "html" text, "text" text,
        CONSTRAINT "email_templates_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "email_templates_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE)`,
      `CREATE UNIQUE INDEX "email_templates_store_id_name_key" ON "email_templates" ("store_id", "name")`,
      `CREATE TABLE "email_settings" (${ID}, "logo_url" text, "accent_color" text, "footer_text" text, "reply_to" text,
        "disabled_mails" text array NOT NULL DEFAULT '{}',
        CONSTRAINT "email_settings_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "email_settings_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE)`,
      `CREATE UNIQUE INDEX "email_settings_store_id_key" ON "email_settings" ("store_id")`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "email_settings"`);
    await queryRunner.query(`DROP TABLE "email_templates"`);
  }
}
