ALTER TABLE "commerce_discount_code" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
ALTER TABLE "commerce_discount_code" ADD COLUMN "uses_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ordering_voucher" ADD COLUMN "starts_at" timestamp with time zone;