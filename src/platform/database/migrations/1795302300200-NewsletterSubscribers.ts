import { MigrationInterface, QueryRunner } from 'typeorm';

const TOKEN_COLUMNS = `"subscriber_id" bigint NOT NULL, "store_id" bigint NOT NULL, "token_digest" character(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`;

/** The newsletter list of each store and the e-mailed tokens that verify and end subscriptions. */
export class NewsletterSubscribers1795302300200 implements MigrationInterface {
  name = 'NewsletterSubscribers1795302300200';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      // A random key (below 2^53, the largest a public id encodes): ids do not tell age.
      `CREATE TABLE "newsletter_subscribers" ("id" bigint NOT NULL DEFAULT (1 + floor(random() * 9007199254740990))::bigint, "store_id" bigint NOT NULL, "email" text NOT NULL, "customer_id" bigint, "verified_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "newsletter_subscribers_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "newsletter_subscribers_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE,
        CONSTRAINT "newsletter_subscribers_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE SET NULL)`,
      `CREATE UNIQUE INDEX "newsletter_subscribers_store_id_email_key" ON "newsletter_subscribers" ("store_id", "email")`,
      `CREATE INDEX "newsletter_subscribers_customer_id_idx" ON "newsletter_subscribers" ("customer_id")`,
      `CREATE INDEX "newsletter_subscribers_store_id_created_at_id_idx" ON "newsletter_subscribers" ("store_id", "created_at" DESC, "id" DESC)`,
      ...['newsletter_verifications', 'newsletter_unsubscribes'].flatMap((table) => [
        `CREATE TABLE "${table}" (${TOKEN_COLUMNS},
          CONSTRAINT "${table}_pkey" PRIMARY KEY ("subscriber_id"),
          CONSTRAINT "${table}_subscriber_id_fkey" FOREIGN KEY ("subscriber_id") REFERENCES "newsletter_subscribers"("id") ON DELETE CASCADE)`,
        `CREATE UNIQUE INDEX "${table}_token_digest_key" ON "${table}" ("token_digest")`,
      ]),
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'newsletter_unsubscribes',
      'newsletter_verifications',
      'newsletter_subscribers',
    ])
      await queryRunner.query(`DROP TABLE "${table}"`);
  }
}
