ALTER TABLE "commerce_customer" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ordering_customer" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ordering_customer" ADD COLUMN "erased_at" timestamp with time zone;