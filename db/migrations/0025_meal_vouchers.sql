CREATE TABLE "payment_meal_voucher_lock" (
	"fingerprint" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_processor_key" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_card" ADD COLUMN "kind" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_card" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "payment_charge" ADD COLUMN "paris_day" text;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "meal_voucher_charge_id" text;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "meal_voucher_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_card_fingerprint_idx" ON "payment_card" USING btree ("fingerprint");