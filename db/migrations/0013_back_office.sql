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
ALTER TABLE "commerce_discount_code" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
ALTER TABLE "commerce_discount_code" ADD COLUMN "uses_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "order_mode" integer;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "slot_key" text;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "slot_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "slot_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "store_id" integer;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "store_name" text;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD COLUMN "store_address" text;--> statement-breakpoint
ALTER TABLE "ordering_delivery_zone" ADD COLUMN "fee_cents" integer;--> statement-breakpoint
ALTER TABLE "ordering_delivery_zone" ADD COLUMN "minimum_order_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ordering_delivery_zone" ADD COLUMN "free_delivery_threshold_cents" integer;--> statement-breakpoint
ALTER TABLE "ordering_voucher" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ordering_slot_override" ADD CONSTRAINT "ordering_slot_override_store_id_ordering_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."ordering_store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_store_closure" ADD CONSTRAINT "ordering_store_closure_store_id_ordering_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."ordering_store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ordering_store_closure_store_idx" ON "ordering_store_closure" USING btree ("store_id","start_day");--> statement-breakpoint
CREATE INDEX "commerce_order_slot_idx" ON "commerce_order" USING btree ("slot_start");