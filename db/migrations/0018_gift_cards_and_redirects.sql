CREATE TABLE "commerce_cart_gift_card" (
	"cart_id" integer NOT NULL,
	"gift_card_id" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commerce_cart_gift_card_cart_id_gift_card_id_pk" PRIMARY KEY("cart_id","gift_card_id")
);
--> statement-breakpoint
CREATE TABLE "commerce_gift_card" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"last_characters" text NOT NULL,
	"initial_value_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"currency_code" text DEFAULT 'EUR' NOT NULL,
	"expires_on" date,
	"enabled" boolean DEFAULT true NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commerce_gift_card_balance_in_range" CHECK ("commerce_gift_card"."balance_cents" >= 0),
	CONSTRAINT "commerce_gift_card_initial_positive" CHECK ("commerce_gift_card"."initial_value_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "commerce_gift_card_movement" (
	"id" serial PRIMARY KEY NOT NULL,
	"gift_card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"order_id" integer,
	"staff" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_url_redirect" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"target" text NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commerce_cart_gift_card" ADD CONSTRAINT "commerce_cart_gift_card_cart_id_commerce_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."commerce_cart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_cart_gift_card" ADD CONSTRAINT "commerce_cart_gift_card_gift_card_id_commerce_gift_card_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."commerce_gift_card"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_gift_card_movement" ADD CONSTRAINT "commerce_gift_card_movement_gift_card_id_commerce_gift_card_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."commerce_gift_card"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_gift_card_movement" ADD CONSTRAINT "commerce_gift_card_movement_order_id_commerce_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."commerce_order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_gift_card_code_key" ON "commerce_gift_card" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "commerce_gift_card_movement_card_idx" ON "commerce_gift_card_movement" USING btree ("gift_card_id","id");--> statement-breakpoint
CREATE INDEX "commerce_gift_card_movement_order_idx" ON "commerce_gift_card_movement" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_url_redirect_path_key" ON "commerce_url_redirect" USING btree ("path");