-- SMS through a gateway (docs/notify.md, "SMS"): the provider's ids of the acknowledged parts, and what
-- the delivery receipts said.
ALTER TABLE "notify_outbox" ADD COLUMN "provider_message_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "notify_outbox" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "notify_outbox" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notify_outbox_provider_ids_idx" ON "notify_outbox" USING gin ("provider_message_ids");