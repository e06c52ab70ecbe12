CREATE TABLE "order_payment_refund" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"origin" text NOT NULL,
	"idempotency_key" text,
	"staff_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commerce_order_line" ADD COLUMN "weighed_grams" integer;--> statement-breakpoint
ALTER TABLE "commerce_order_line" ADD COLUMN "ordered_total_cents" integer;--> statement-breakpoint
CREATE INDEX "order_payment_refund_order_idx" ON "order_payment_refund" USING btree ("kind","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payment_refund_key" ON "order_payment_refund" USING btree ("idempotency_key");