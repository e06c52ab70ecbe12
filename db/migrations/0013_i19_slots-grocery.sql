ALTER TABLE "commerce_order" ADD COLUMN "order_mode" integer;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "slot_key" text;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "slot_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "slot_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "store_id" integer;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "store_name" text;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "store_address" text;--> statement-breakpoint
CREATE INDEX "commerce_order_slot_idx" ON "commerce_order" USING btree ("slot_start");