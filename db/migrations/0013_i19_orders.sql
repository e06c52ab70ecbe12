CREATE TABLE "admin_order_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"amount_cents" integer,
	"staff_id" integer,
	"staff_email" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refund" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "status" text DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_order_event" ADD CONSTRAINT "admin_order_event_staff_id_admin_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."admin_staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_charge_id_payment_charge_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."payment_charge"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_order_event_order_idx" ON "admin_order_event" USING btree ("kind","order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refund_idempotency_key_idx" ON "payment_refund" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_refund_charge_idx" ON "payment_refund" USING btree ("charge_id","created_at");--> statement-breakpoint
CREATE INDEX "commerce_order_processed_idx" ON "commerce_order" USING btree ("processed_at","id");--> statement-breakpoint
CREATE INDEX "ordering_order_created_idx" ON "ordering_order" USING btree ("created_at","id");