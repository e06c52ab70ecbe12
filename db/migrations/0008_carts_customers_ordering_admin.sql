CREATE SEQUENCE "public"."commerce_order_number_seq" INCREMENT BY 1 MINVALUE 1001 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "commerce_cart" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"secret_key" text NOT NULL,
	"note" text,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"buyer_email" text,
	"buyer_phone" text,
	"buyer_country_code" text,
	"customer_id" integer,
	"payment_attempts" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_cart_address" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"selected" boolean DEFAULT false NOT NULL,
	"one_time_use" boolean DEFAULT false NOT NULL,
	"first_name" text,
	"last_name" text,
	"company" text,
	"address1" text,
	"address2" text,
	"city" text,
	"province_code" text,
	"zip" text,
	"country_code" text DEFAULT 'FR' NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_cart_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attributes_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_discount_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"minimum_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_customer" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"accepts_marketing" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'DISABLED' NOT NULL,
	"password_hash" text,
	"default_address_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_customer_address" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"first_name" text,
	"last_name" text,
	"company" text,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"province" text,
	"zip" text NOT NULL,
	"country" text DEFAULT 'France' NOT NULL,
	"country_code" text DEFAULT 'FR' NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_customer_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_shopping_list" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"title" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer DEFAULT nextval('commerce_order_number_seq') NOT NULL,
	"cart_id" integer,
	"customer_id" integer,
	"status_key" text NOT NULL,
	"email" text,
	"phone" text,
	"currency_code" text DEFAULT 'EUR' NOT NULL,
	"processed_at" timestamp with time zone NOT NULL,
	"financial_status" text NOT NULL,
	"fulfillment_status" text DEFAULT 'UNFULFILLED' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"total_discount_cents" integer DEFAULT 0 NOT NULL,
	"total_shipping_cents" integer DEFAULT 0 NOT NULL,
	"total_tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"total_refunded_cents" integer DEFAULT 0 NOT NULL,
	"delivery_method" text NOT NULL,
	"shipping_address" jsonb,
	"billing_address" jsonb,
	"discount_applications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"custom_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"payment_charge_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_order_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"variant_title" text,
	"sku" text,
	"variant_id" integer,
	"product_id" integer,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"original_total_cents" integer NOT NULL,
	"discounted_total_cents" integer NOT NULL,
	"tax_rate_basis_points" integer NOT NULL,
	"custom_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_document" (
	"key" text PRIMARY KEY NOT NULL,
	"owner_customer_id" integer NOT NULL,
	"rev" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ordering_customer" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"name" text,
	"email" text,
	"sms_promotions_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordering_customer_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordering_delivery_zone" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"postcodes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"radius_metres" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordering_menu" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordering_menu_item_metadata" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_id" integer NOT NULL,
	"menu_item_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordering_menu_section" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordering_option_set" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_item_id" integer NOT NULL,
	"name" text NOT NULL,
	"min_select_count" integer DEFAULT 0 NOT NULL,
	"max_select_count" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordering_option_set_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_set_id" integer NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordering_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"mode" integer NOT NULL,
	"slot_key" text NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"delivery_location" jsonb,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"voucher_id" integer,
	"voucher_code" text,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"service_fee_cents" integer NOT NULL,
	"delivery_fee_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"status" text DEFAULT 'Placed' NOT NULL,
	"payment_account_id" integer,
	"charge_id" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordering_payment_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"card_token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordering_phone_login_code" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordering_section_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"image_url" text,
	"product_handle" text,
	"is_available" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordering_slot_booking" (
	"store_id" integer NOT NULL,
	"mode" integer NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ordering_slot_booking_store_id_mode_slot_start_pk" PRIMARY KEY("store_id","mode","slot_start")
);
--> statement-breakpoint
CREATE TABLE "ordering_store" (
	"id" serial PRIMARY KEY NOT NULL,
	"physical_restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"menu_id" integer,
	"delivery_fee_cents" integer DEFAULT 0 NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"phone" text,
	"opening_hours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"delivery_enabled" boolean DEFAULT true NOT NULL,
	"pickup_enabled" boolean DEFAULT true NOT NULL,
	"slot_lead_minutes" integer DEFAULT 60 NOT NULL,
	"slot_interval_minutes" integer DEFAULT 60 NOT NULL,
	"slot_days_ahead" integer DEFAULT 7 NOT NULL,
	"delivery_capacity" integer DEFAULT 5 NOT NULL,
	"pickup_capacity" integer DEFAULT 5 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordering_voucher" (
	"id" serial PRIMARY KEY NOT NULL,
	"white_label" text NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"valid_on_orders_over_cents" integer DEFAULT 0 NOT NULL,
	"valid_for_delivery" boolean DEFAULT true NOT NULL,
	"valid_for_pickup" boolean DEFAULT true NOT NULL,
	"kind" text DEFAULT 'lump' NOT NULL,
	"amount" integer NOT NULL,
	"is_automatic" boolean DEFAULT false NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_card" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_charge" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"card_token" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer,
	"staff_email" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"disabled_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commerce_cart" ADD CONSTRAINT "commerce_cart_customer_id_commerce_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."commerce_customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_cart_address" ADD CONSTRAINT "commerce_cart_address_cart_id_commerce_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."commerce_cart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_cart_line" ADD CONSTRAINT "commerce_cart_line_cart_id_commerce_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."commerce_cart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_cart_line" ADD CONSTRAINT "commerce_cart_line_variant_id_commerce_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."commerce_variant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_customer_address" ADD CONSTRAINT "commerce_customer_address_customer_id_commerce_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."commerce_customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_customer_token" ADD CONSTRAINT "commerce_customer_token_customer_id_commerce_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."commerce_customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_shopping_list" ADD CONSTRAINT "commerce_shopping_list_customer_id_commerce_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."commerce_customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD CONSTRAINT "commerce_order_cart_id_commerce_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."commerce_cart"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_order" ADD CONSTRAINT "commerce_order_customer_id_commerce_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."commerce_customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_order_line" ADD CONSTRAINT "commerce_order_line_order_id_commerce_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."commerce_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_order_line" ADD CONSTRAINT "commerce_order_line_variant_id_commerce_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."commerce_variant"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_customer_token" ADD CONSTRAINT "ordering_customer_token_customer_id_ordering_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."ordering_customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_delivery_zone" ADD CONSTRAINT "ordering_delivery_zone_store_id_ordering_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."ordering_store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_menu_item_metadata" ADD CONSTRAINT "ordering_menu_item_metadata_menu_id_ordering_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."ordering_menu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_menu_item_metadata" ADD CONSTRAINT "ordering_menu_item_metadata_menu_item_id_ordering_section_item_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."ordering_section_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_menu_item_metadata" ADD CONSTRAINT "ordering_menu_item_metadata_store_id_ordering_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."ordering_store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_menu_section" ADD CONSTRAINT "ordering_menu_section_menu_id_ordering_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."ordering_menu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_option_set" ADD CONSTRAINT "ordering_option_set_menu_item_id_ordering_section_item_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."ordering_section_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_option_set_item" ADD CONSTRAINT "ordering_option_set_item_option_set_id_ordering_option_set_id_fk" FOREIGN KEY ("option_set_id") REFERENCES "public"."ordering_option_set"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_order" ADD CONSTRAINT "ordering_order_store_id_ordering_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."ordering_store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_order" ADD CONSTRAINT "ordering_order_customer_id_ordering_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."ordering_customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_order" ADD CONSTRAINT "ordering_order_voucher_id_ordering_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."ordering_voucher"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_payment_account" ADD CONSTRAINT "ordering_payment_account_customer_id_ordering_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."ordering_customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_section_item" ADD CONSTRAINT "ordering_section_item_section_id_ordering_menu_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."ordering_menu_section"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_slot_booking" ADD CONSTRAINT "ordering_slot_booking_store_id_ordering_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."ordering_store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_store" ADD CONSTRAINT "ordering_store_menu_id_ordering_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."ordering_menu"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_charge" ADD CONSTRAINT "payment_charge_card_token_payment_card_token_fk" FOREIGN KEY ("card_token") REFERENCES "public"."payment_card"("token") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_staff_id_admin_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."admin_staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_session" ADD CONSTRAINT "admin_session_staff_id_admin_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."admin_staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_cart_token_key" ON "commerce_cart" USING btree ("token");--> statement-breakpoint
CREATE INDEX "commerce_cart_address_cart_idx" ON "commerce_cart_address" USING btree ("cart_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_cart_line_merge_key" ON "commerce_cart_line" USING btree ("cart_id","variant_id","attributes_key");--> statement-breakpoint
CREATE INDEX "commerce_cart_line_cart_idx" ON "commerce_cart_line" USING btree ("cart_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_discount_code_code_key" ON "commerce_discount_code" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_customer_email_key" ON "commerce_customer" USING btree ("email");--> statement-breakpoint
CREATE INDEX "commerce_customer_address_customer_idx" ON "commerce_customer_address" USING btree ("customer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_customer_token_hash_key" ON "commerce_customer_token" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "commerce_customer_token_customer_idx" ON "commerce_customer_token" USING btree ("customer_id","kind");--> statement-breakpoint
CREATE INDEX "commerce_shopping_list_customer_idx" ON "commerce_shopping_list" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_order_number_key" ON "commerce_order" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_order_cart_key" ON "commerce_order" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "commerce_order_customer_idx" ON "commerce_order" USING btree ("customer_id","processed_at");--> statement-breakpoint
CREATE INDEX "commerce_order_line_order_idx" ON "commerce_order_line" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "notify_outbox_to_idx" ON "notify_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "notify_outbox_status_idx" ON "notify_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ordering_customer_phone_key" ON "ordering_customer" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "ordering_customer_token_customer_idx" ON "ordering_customer_token" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "ordering_delivery_zone_store_idx" ON "ordering_delivery_zone" USING btree ("store_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ordering_menu_item_metadata_key" ON "ordering_menu_item_metadata" USING btree ("menu_item_id","store_id","key");--> statement-breakpoint
CREATE INDEX "ordering_menu_item_metadata_menu_idx" ON "ordering_menu_item_metadata" USING btree ("menu_id","store_id");--> statement-breakpoint
CREATE INDEX "ordering_menu_section_menu_idx" ON "ordering_menu_section" USING btree ("menu_id","position","id");--> statement-breakpoint
CREATE INDEX "ordering_option_set_item_idx" ON "ordering_option_set" USING btree ("menu_item_id","position","id");--> statement-breakpoint
CREATE INDEX "ordering_option_set_item_set_idx" ON "ordering_option_set_item" USING btree ("option_set_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ordering_order_idempotency_key" ON "ordering_order" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ordering_order_customer_idx" ON "ordering_order" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "ordering_order_store_slot_idx" ON "ordering_order" USING btree ("store_id","slot_start");--> statement-breakpoint
CREATE INDEX "ordering_payment_account_customer_idx" ON "ordering_payment_account" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "ordering_phone_login_code_phone_idx" ON "ordering_phone_login_code" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "ordering_section_item_section_idx" ON "ordering_section_item" USING btree ("section_id","position","id");--> statement-breakpoint
CREATE INDEX "ordering_section_item_product_idx" ON "ordering_section_item" USING btree ("product_handle");--> statement-breakpoint
CREATE UNIQUE INDEX "ordering_store_physical_restaurant_key" ON "ordering_store" USING btree ("physical_restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ordering_voucher_code_key" ON "ordering_voucher" USING btree ("white_label","code");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_charge_idempotency_key_idx" ON "payment_charge" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_charge_card_idx" ON "payment_charge" USING btree ("card_token");--> statement-breakpoint
CREATE INDEX "admin_audit_log_subject_idx" ON "admin_audit_log" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admin_session_staff_idx" ON "admin_session" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_staff_email_key" ON "admin_staff" USING btree ("email");