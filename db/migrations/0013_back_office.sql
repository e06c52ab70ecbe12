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
CREATE TABLE "ordering_slot_override" (
	"store_id" integer NOT NULL,
	"mode" integer NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"capacity" integer,
	"is_closed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ordering_slot_override_store_id_mode_slot_start_pk" PRIMARY KEY("store_id","mode","slot_start")
);
--> statement-breakpoint
CREATE TABLE "ordering_store_closure" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"start_day" text NOT NULL,
	"end_day" text NOT NULL,
	"mode" integer,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "commerce_discount_code" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
ALTER TABLE "commerce_discount_code" ADD COLUMN "uses_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "commerce_customer" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "status" text DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "order_mode" integer;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "slot_key" text;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "slot_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "slot_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "store_id" integer;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "store_name" text;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "store_address" text;--> statement-breakpoint
ALTER TABLE "ordering_customer" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ordering_customer" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ordering_delivery_zone" ADD COLUMN "fee_cents" integer;--> statement-breakpoint
ALTER TABLE "ordering_delivery_zone" ADD COLUMN "minimum_order_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ordering_delivery_zone" ADD COLUMN "free_delivery_threshold_cents" integer;--> statement-breakpoint
ALTER TABLE "ordering_voucher" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_order_event" ADD CONSTRAINT "admin_order_event_staff_id_admin_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."admin_staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_slot_override" ADD CONSTRAINT "ordering_slot_override_store_id_ordering_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."ordering_store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_store_closure" ADD CONSTRAINT "ordering_store_closure_store_id_ordering_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."ordering_store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_charge_id_payment_charge_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."payment_charge"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_order_event_order_idx" ON "admin_order_event" USING btree ("kind","order_id","id");--> statement-breakpoint
CREATE INDEX "ordering_store_closure_store_idx" ON "ordering_store_closure" USING btree ("store_id","start_day");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refund_idempotency_key_idx" ON "payment_refund" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_refund_charge_idx" ON "payment_refund" USING btree ("charge_id","created_at");--> statement-breakpoint
CREATE INDEX "commerce_order_slot_idx" ON "commerce_order" USING btree ("slot_start");--> statement-breakpoint
CREATE INDEX "commerce_order_processed_idx" ON "commerce_order" USING btree ("processed_at","id");--> statement-breakpoint
CREATE INDEX "ordering_order_created_idx" ON "ordering_order" USING btree ("created_at","id");
--> statement-breakpoint
-- Orders placed before the back office get the status their fulfilment and payment say.
UPDATE "commerce_order" SET "status" = CASE "fulfillment_status" WHEN 'FULFILLED' THEN 'delivered' WHEN 'IN_PROGRESS' THEN 'preparing' ELSE 'received' END;--> statement-breakpoint
UPDATE "commerce_order" SET "status" = 'cancelled', "cancelled_at" = coalesce("cancelled_at", "processed_at") WHERE "financial_status" = 'VOIDED';
