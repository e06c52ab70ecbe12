ALTER TABLE "ordering_order" ADD COLUMN "meal_voucher_payment_account_id" integer;--> statement-breakpoint
ALTER TABLE "ordering_order" ADD COLUMN "meal_voucher_charge_id" text;--> statement-breakpoint
ALTER TABLE "ordering_order" ADD COLUMN "meal_voucher_amount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ordering_payment_account" ADD COLUMN "kind" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "ordering_section_item" ADD COLUMN "alcohol" boolean DEFAULT false NOT NULL;