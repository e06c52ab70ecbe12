ALTER TABLE "ordering_order" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "ordering_order" ADD COLUMN "card_last4" text;