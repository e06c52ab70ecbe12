ALTER TABLE "ordering_order" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "payment_authorised_cents" integer;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "payment_authorised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "payment_captured_cents" integer;