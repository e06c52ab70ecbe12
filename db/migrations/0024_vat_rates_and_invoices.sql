CREATE TABLE "invoice_document" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"source" text NOT NULL,
	"order_id" integer NOT NULL,
	"order_number" integer NOT NULL,
	"customer_id" integer,
	"credited_invoice_id" integer,
	"total_cents" integer NOT NULL,
	"access_key" text NOT NULL,
	"document" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counter" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counter_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
ALTER TABLE "commerce_product" ADD COLUMN "vat_rate_basis_points" integer DEFAULT 550 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_document_number_key" ON "invoice_document" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_document_series_sequence_key" ON "invoice_document" USING btree ("series","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_document_order_key" ON "invoice_document" USING btree ("source","order_id") WHERE kind = 'invoice';--> statement-breakpoint
CREATE INDEX "invoice_document_order_idx" ON "invoice_document" USING btree ("source","order_id","issued_at");--> statement-breakpoint
-- Products sold before VAT rates existed: alcohol (the `ageLimit` tag) is at 20 %, and each product
-- gets its rate as a `custom.vat_rate` metafield, which is what the back office and the API edit.
UPDATE "commerce_product" SET "vat_rate_basis_points" = 2000 WHERE 'ageLimit' = ANY("tags");--> statement-breakpoint
INSERT INTO "commerce_metafield" ("owner_type", "owner_id", "namespace", "key", "type", "value")
SELECT 'PRODUCT', "id", 'custom', 'vat_rate', 'number_decimal', CASE WHEN "vat_rate_basis_points" = 2000 THEN '20' ELSE '5.5' END
FROM "commerce_product"
ON CONFLICT DO NOTHING;
