import { MigrationInterface, QueryRunner } from 'typeorm';

export class OrdersAndCheckout1795267733116 implements MigrationInterface {
  name = 'OrdersAndCheckout1795267733116';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "orders" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "number" text NOT NULL, "token_digest" character(64) NOT NULL, "state" text NOT NULL DEFAULT 'cart', "email" text, "currency" character(3) NOT NULL, "customer_id" bigint, "bill_address_id" bigint, "ship_address_id" bigint, "special_instructions" text, "channel" text NOT NULL DEFAULT 'storefront', "item_total" numeric(20,4) NOT NULL DEFAULT '0', "ship_total" numeric(20,4) NOT NULL DEFAULT '0', "adjustment_total" numeric(20,4) NOT NULL DEFAULT '0', "included_tax_total" numeric(20,4) NOT NULL DEFAULT '0', "additional_tax_total" numeric(20,4) NOT NULL DEFAULT '0', "promo_total" numeric(20,4) NOT NULL DEFAULT '0', "pre_tax_item_amount" numeric(20,4) NOT NULL DEFAULT '0', "pre_tax_total" numeric(20,4) NOT NULL DEFAULT '0', "total" numeric(20,4) NOT NULL DEFAULT '0', "payment_total" numeric(20,4) NOT NULL DEFAULT '0', "item_count" integer NOT NULL DEFAULT '0', "shipment_state" text, "payment_state" text, "state_lock_version" integer NOT NULL DEFAULT '0', "completed_at" TIMESTAMP WITH TIME ZONE, "canceled_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_710e2d4957aa5878dfe94e4ac2f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "orders_store_id_completed_at_idx" ON "orders"  ("store_id", "completed_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "orders_store_id_customer_id_idx" ON "orders"  ("store_id", "customer_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "orders_token_digest_key" ON "orders"  ("token_digest") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "orders_store_id_number_key" ON "orders"  ("store_id", "number") `,
    );
    await queryRunner.query(
      `CREATE TABLE "line_items" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "order_id" bigint NOT NULL, "variant_id" bigint NOT NULL, "quantity" integer NOT NULL, "price" numeric(20,4) NOT NULL, "tax_category" text NOT NULL DEFAULT 'default', "additional_tax_total" numeric(20,4) NOT NULL DEFAULT '0', "included_tax_total" numeric(20,4) NOT NULL DEFAULT '0', "promo_total" numeric(20,4) NOT NULL DEFAULT '0', CONSTRAINT "line_items_quantity_check" CHECK (quantity > 0), CONSTRAINT "PK_6d227c876e374542dc9bb44dfb4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "line_items_variant_id_idx" ON "line_items"  ("variant_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "line_items_order_id_variant_id_key" ON "line_items"  ("order_id", "variant_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "adjustments" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "order_id" bigint NOT NULL, "adjustable_type" text NOT NULL, "adjustable_id" bigint NOT NULL, "source_type" text NOT NULL, "source_id" bigint, "label" text NOT NULL, "amount" numeric(20,4) NOT NULL, "included" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_9236bf670736e5ad5df36dd1eb4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "adjustments_order_id_idx" ON "adjustments"  ("order_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "state_changes" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "store_id" bigint NOT NULL, "order_id" bigint NOT NULL, "name" text NOT NULL, "subject_id" bigint, "previous_state" text, "next_state" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_aa053c39f45c5186130776db330" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "state_changes_order_id_idx" ON "state_changes"  ("order_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "delivery_methods" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "name" text NOT NULL, "zone_id" bigint NOT NULL, "calculator" text NOT NULL, "currency" character(3) NOT NULL, "amount" numeric(20,4) NOT NULL, "minimum_amount" numeric(20,4), "tax_category" text, "active" boolean NOT NULL DEFAULT true, "position" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_760e4da6c00c0555428cb4d0617" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "delivery_methods_store_id_idx" ON "delivery_methods"  ("store_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "shipments" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "order_id" bigint NOT NULL, "stock_location_id" bigint NOT NULL, "state" text NOT NULL DEFAULT 'pending', "cost" numeric(20,4) NOT NULL DEFAULT '0', "additional_tax_total" numeric(20,4) NOT NULL DEFAULT '0', "included_tax_total" numeric(20,4) NOT NULL DEFAULT '0', "tracking" text, "shipped_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_6deda4532ac542a93eab214b564" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "shipments_order_id_stock_location_id_key" ON "shipments"  ("order_id", "stock_location_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "delivery_rates" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "shipment_id" bigint NOT NULL, "delivery_method_id" bigint NOT NULL, "cost" numeric(20,4) NOT NULL, "selected" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_9588b28955b12efa52e80fe2893" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "delivery_rates_shipment_id_method_id_key" ON "delivery_rates"  ("shipment_id", "delivery_method_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "tax_rates" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "name" text NOT NULL, "zone_id" bigint NOT NULL, "tax_category" text NOT NULL DEFAULT 'default', "rate" numeric(10,6) NOT NULL, "included_in_price" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_41164a748f3dafa373c7e508ca2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "tax_rates_store_id_idx" ON "tax_rates"  ("store_id") `);
    await queryRunner.query(
      `CREATE TABLE "payment_methods" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "name" text NOT NULL, "type" text NOT NULL, "description" text, "active" boolean NOT NULL DEFAULT true, "position" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_34f9b8c6dfb4ac3559f7e2820d1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "payment_methods_store_id_idx" ON "payment_methods"  ("store_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "payments" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "order_id" bigint NOT NULL, "payment_method_id" bigint NOT NULL, "store_credit_id" bigint, "state" text NOT NULL DEFAULT 'checkout', "amount" numeric(20,4) NOT NULL, "source" jsonb, "response_code" text, "failure_message" text, CONSTRAINT "PK_197ab7af18c93fbb0c9b28b4a59" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "payments_store_credit_id_idx" ON "payments"  ("store_credit_id") `,
    );
    await queryRunner.query(`CREATE INDEX "payments_order_id_idx" ON "payments"  ("order_id") `);
    await queryRunner.query(
      `CREATE TABLE "store_credits" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "customer_id" bigint NOT NULL, "currency" character(3) NOT NULL, "amount" numeric(20,4) NOT NULL, "amount_used" numeric(20,4) NOT NULL DEFAULT '0', "memo" text, CONSTRAINT "store_credits_amount_used_check" CHECK (amount_used >= 0 AND amount_used <= amount), CONSTRAINT "PK_68e3a4d96dc51582fe4ce3dd9a3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "store_credits_customer_id_idx" ON "store_credits"  ("store_id", "customer_id", "currency") `,
    );
    await queryRunner.query(
      `CREATE TABLE "events" ("id" uuid NOT NULL, "store_id" bigint, "name" text NOT NULL, "payload" jsonb NOT NULL, "metadata" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "relayed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_40731c7151fe4be3116e45ddf73" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "events_unrelayed_idx" ON "events"  ("created_at") WHERE relayed_at IS NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "FK_b7a7bb813431fc7cd73cced0001" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "FK_772d0ce0473ac2ccfa26060dbe9" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "FK_a0b207fbcba7b31c00c9caa3450" FOREIGN KEY ("bill_address_id") REFERENCES "addresses"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "FK_25bbe3dd5db88ff4197da6a06d7" FOREIGN KEY ("ship_address_id") REFERENCES "addresses"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "line_items" ADD CONSTRAINT "FK_3ebc6964157e8916e8a7a8da7dd" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "line_items" ADD CONSTRAINT "FK_364f2fd50813438fe69360aef27" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "line_items" ADD CONSTRAINT "FK_1b81216fae107f69ae22d662ce5" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "adjustments" ADD CONSTRAINT "FK_22aba62785164c8bc9d58c13d5a" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "adjustments" ADD CONSTRAINT "FK_0dada4aa6a761f7dc900405e350" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "state_changes" ADD CONSTRAINT "FK_b4225e9f42b7ed511a3b1d92bb1" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "delivery_methods" ADD CONSTRAINT "FK_ec7d89b583f33f7bdabb6b0bc08" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "delivery_methods" ADD CONSTRAINT "FK_9ca3861c1d94d674c65686ff8fa" FOREIGN KEY ("zone_id") REFERENCES "zones"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipments" ADD CONSTRAINT "FK_048a75751eaeaa2fbe0ebfbf0e5" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipments" ADD CONSTRAINT "FK_e86fac2a18a75dcb82bfbb23f43" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipments" ADD CONSTRAINT "FK_fdc12a4922787eeca8143e95735" FOREIGN KEY ("stock_location_id") REFERENCES "stock_locations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "delivery_rates" ADD CONSTRAINT "FK_e9c2dfd163e156d84987966a9c2" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "delivery_rates" ADD CONSTRAINT "FK_73940b8a9c87ef2390bc6e100b0" FOREIGN KEY ("shipment_id") REFERENCES "shipments"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "delivery_rates" ADD CONSTRAINT "FK_4a6e08f37185a63c6879313d110" FOREIGN KEY ("delivery_method_id") REFERENCES "delivery_methods"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "tax_rates" ADD CONSTRAINT "FK_9136b41854a64c3cc47f2684ad6" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "tax_rates" ADD CONSTRAINT "FK_69eab7de9fdd1cd31fee689fcb0" FOREIGN KEY ("zone_id") REFERENCES "zones"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "payment_methods" ADD CONSTRAINT "FK_75bd6d443e647f6de95776a786c" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "payments" ADD CONSTRAINT "FK_8afabeaa460738befe497e857c7" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "payments" ADD CONSTRAINT "FK_b2f7b823a21562eeca20e72b006" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "payments" ADD CONSTRAINT "FK_12fd861c33c885f01b9a7da7d93" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "payments" ADD CONSTRAINT "FK_6a23181e845fbf9fb98a6e78658" FOREIGN KEY ("store_credit_id") REFERENCES "store_credits"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "store_credits" ADD CONSTRAINT "FK_392d6eba00b6f551c3a91d1155e" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "store_credits" ADD CONSTRAINT "FK_7503b09d892aa434d8e221419e4" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "store_credits" DROP CONSTRAINT "FK_7503b09d892aa434d8e221419e4"`,
    );
    await queryRunner.query(
      `ALTER TABLE "store_credits" DROP CONSTRAINT "FK_392d6eba00b6f551c3a91d1155e"`,
    );
    await queryRunner.query(
      `ALTER TABLE "payments" DROP CONSTRAINT "FK_6a23181e845fbf9fb98a6e78658"`,
    );
    await queryRunner.query(
      `ALTER TABLE "payments" DROP CONSTRAINT "FK_12fd861c33c885f01b9a7da7d93"`,
    );
    await queryRunner.query(
      `ALTER TABLE "payments" DROP CONSTRAINT "FK_b2f7b823a21562eeca20e72b006"`,
    );
    await queryRunner.query(
      `ALTER TABLE "payments" DROP CONSTRAINT "FK_8afabeaa460738befe497e857c7"`,
    );
    await queryRunner.query(
      `ALTER TABLE "payment_methods" DROP CONSTRAINT "FK_75bd6d443e647f6de95776a786c"`,
    );
    await queryRunner.query(
      `ALTER TABLE "tax_rates" DROP CONSTRAINT "FK_69eab7de9fdd1cd31fee689fcb0"`,
    );
    await queryRunner.query(
      `ALTER TABLE "tax_rates" DROP CONSTRAINT "FK_9136b41854a64c3cc47f2684ad6"`,
    );
    await queryRunner.query(
      `ALTER TABLE "delivery_rates" DROP CONSTRAINT "FK_4a6e08f37185a63c6879313d110"`,
    );
    await queryRunner.query(
      `ALTER TABLE "delivery_rates" DROP CONSTRAINT "FK_73940b8a9c87ef2390bc6e100b0"`,
    );
    await queryRunner.query(
      `ALTER TABLE "delivery_rates" DROP CONSTRAINT "FK_e9c2dfd163e156d84987966a9c2"`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipments" DROP CONSTRAINT "FK_fdc12a4922787eeca8143e95735"`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipments" DROP CONSTRAINT "FK_e86fac2a18a75dcb82bfbb23f43"`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipments" DROP CONSTRAINT "FK_048a75751eaeaa2fbe0ebfbf0e5"`,
    );
    await queryRunner.query(
      `ALTER TABLE "delivery_methods" DROP CONSTRAINT "FK_9ca3861c1d94d674c65686ff8fa"`,
    );
    await queryRunner.query(
      `ALTER TABLE "delivery_methods" DROP CONSTRAINT "FK_ec7d89b583f33f7bdabb6b0bc08"`,
    );
    await queryRunner.query(
      `ALTER TABLE "state_changes" DROP CONSTRAINT "FK_b4225e9f42b7ed511a3b1d92bb1"`,
    );
    await queryRunner.query(
      `ALTER TABLE "adjustments" DROP CONSTRAINT "FK_0dada4aa6a761f7dc900405e350"`,
    );
    await queryRunner.query(
      `ALTER TABLE "adjustments" DROP CONSTRAINT "FK_22aba62785164c8bc9d58c13d5a"`,
    );
    await queryRunner.query(
      `ALTER TABLE "line_items" DROP CONSTRAINT "FK_1b81216fae107f69ae22d662ce5"`,
    );
    await queryRunner.query(
      `ALTER TABLE "line_items" DROP CONSTRAINT "FK_364f2fd50813438fe69360aef27"`,
    );
    await queryRunner.query(
      `ALTER TABLE "line_items" DROP CONSTRAINT "FK_3ebc6964157e8916e8a7a8da7dd"`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" DROP CONSTRAINT "FK_25bbe3dd5db88ff4197da6a06d7"`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" DROP CONSTRAINT "FK_a0b207fbcba7b31c00c9caa3450"`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" DROP CONSTRAINT "FK_772d0ce0473ac2ccfa26060dbe9"`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" DROP CONSTRAINT "FK_b7a7bb813431fc7cd73cced0001"`,
    );
    await queryRunner.query(`DROP INDEX "public"."events_unrelayed_idx"`);
    await queryRunner.query(`DROP TABLE "events"`);
    await queryRunner.query(`DROP INDEX "public"."store_credits_customer_id_idx"`);
    await queryRunner.query(`DROP TABLE "store_credits"`);
    await queryRunner.query(`DROP INDEX "public"."payments_order_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."payments_store_credit_id_idx"`);
    await queryRunner.query(`DROP TABLE "payments"`);
    await queryRunner.query(`DROP INDEX "public"."payment_methods_store_id_idx"`);
    await queryRunner.query(`DROP TABLE "payment_methods"`);
    await queryRunner.query(`DROP INDEX "public"."tax_rates_store_id_idx"`);
    await queryRunner.query(`DROP TABLE "tax_rates"`);
    await queryRunner.query(`DROP INDEX "public"."delivery_rates_shipment_id_method_id_key"`);
    await queryRunner.query(`DROP TABLE "delivery_rates"`);
    await queryRunner.query(`DROP INDEX "public"."shipments_order_id_stock_location_id_key"`);
    await queryRunner.query(`DROP TABLE "shipments"`);
    await queryRunner.query(`DROP INDEX "public"."delivery_methods_store_id_idx"`);
    await queryRunner.query(`DROP TABLE "delivery_methods"`);
    await queryRunner.query(`DROP INDEX "public"."state_changes_order_id_idx"`);
    await queryRunner.query(`DROP TABLE "state_changes"`);
    await queryRunner.query(`DROP INDEX "public"."adjustments_order_id_idx"`);
    await queryRunner.query(`DROP TABLE "adjustments"`);
    await queryRunner.query(`DROP INDEX "public"."line_items_order_id_variant_id_key"`);
    await queryRunner.query(`DROP INDEX "public"."line_items_variant_id_idx"`);
    await queryRunner.query(`DROP TABLE "line_items"`);
    await queryRunner.query(`DROP INDEX "public"."orders_store_id_number_key"`);
    await queryRunner.query(`DROP INDEX "public"."orders_token_digest_key"`);
    await queryRunner.query(`DROP INDEX "public"."orders_store_id_customer_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."orders_store_id_completed_at_idx"`);
    await queryRunner.query(`DROP TABLE "orders"`);
  }
}
