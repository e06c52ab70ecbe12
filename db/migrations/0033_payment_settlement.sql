CREATE TABLE "payment_attempt" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"capture_method" text NOT NULL,
	"status" text NOT NULL,
	"session_id" text,
	"payment_intent_id" text,
	"result_ref" text,
	"message" text,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_attempt_session_id_unique" UNIQUE("session_id"),
	CONSTRAINT "payment_attempt_payment_intent_id_unique" UNIQUE("payment_intent_id")
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_event" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"object_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "ordering_order" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "payment_authorised_cents" integer;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "payment_authorised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "payment_captured_cents" integer;--> statement-breakpoint
CREATE INDEX "payment_attempt_reference_idx" ON "payment_attempt" USING btree ("purpose","reference");--> statement-breakpoint
CREATE INDEX "payment_attempt_status_idx" ON "payment_attempt" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "payment_webhook_event_object_idx" ON "payment_webhook_event" USING btree ("object_id");