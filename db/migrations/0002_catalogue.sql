CREATE TABLE "commerce_collection" (
	"id" serial PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"title" text NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"image_url" text,
	"image_alt" text,
	"seo_title" text,
	"seo_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_collection_product" (
	"collection_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "commerce_collection_product_collection_id_product_id_pk" PRIMARY KEY("collection_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "commerce_image" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 1 NOT NULL,
	"url" text NOT NULL,
	"alt_text" text,
	"width" integer,
	"height" integer
);
--> statement-breakpoint
CREATE TABLE "commerce_metafield" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"namespace" text NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_metaobject" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"handle" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_product" (
	"id" serial PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"title" text NOT NULL,
	"vendor" text DEFAULT '' NOT NULL,
	"product_type" text DEFAULT '' NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"seo_title" text,
	"seo_description" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"price_min_cents" integer DEFAULT 0 NOT NULL,
	"price_max_cents" integer DEFAULT 0 NOT NULL,
	"compare_at_min_cents" integer,
	"compare_at_max_cents" integer,
	"available_for_sale" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"hide_in_search" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_product_filter_value" (
	"product_id" integer NOT NULL,
	"namespace" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "commerce_product_filter_value_product_id_namespace_key_value_pk" PRIMARY KEY("product_id","namespace","key","value")
);
--> statement-breakpoint
CREATE TABLE "commerce_variant" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 1 NOT NULL,
	"title" text DEFAULT 'Default Title' NOT NULL,
	"sku" text,
	"barcode" text,
	"price_cents" integer NOT NULL,
	"compare_at_price_cents" integer,
	"available_for_sale" boolean DEFAULT true NOT NULL,
	"quantity_available" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commerce_collection_product" ADD CONSTRAINT "commerce_collection_product_collection_id_commerce_collection_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."commerce_collection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_collection_product" ADD CONSTRAINT "commerce_collection_product_product_id_commerce_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."commerce_product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_image" ADD CONSTRAINT "commerce_image_product_id_commerce_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."commerce_product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_product_filter_value" ADD CONSTRAINT "commerce_product_filter_value_product_id_commerce_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."commerce_product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_variant" ADD CONSTRAINT "commerce_variant_product_id_commerce_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."commerce_product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_collection_handle_key" ON "commerce_collection" USING btree ("handle");--> statement-breakpoint
CREATE INDEX "commerce_collection_product_position_idx" ON "commerce_collection_product" USING btree ("collection_id","position");--> statement-breakpoint
CREATE INDEX "commerce_collection_product_product_idx" ON "commerce_collection_product" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "commerce_image_product_idx" ON "commerce_image" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_metafield_owner_key" ON "commerce_metafield" USING btree ("owner_type","owner_id","namespace","key");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_metaobject_type_handle_key" ON "commerce_metaobject" USING btree ("type","handle");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_product_handle_key" ON "commerce_product" USING btree ("handle");--> statement-breakpoint
CREATE INDEX "commerce_product_price_idx" ON "commerce_product" USING btree ("price_min_cents","id");--> statement-breakpoint
CREATE INDEX "commerce_product_created_idx" ON "commerce_product" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_product_vendor_idx" ON "commerce_product" USING btree ("vendor");--> statement-breakpoint
CREATE INDEX "commerce_product_tags_idx" ON "commerce_product" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "commerce_product_filter_value_lookup_idx" ON "commerce_product_filter_value" USING btree ("namespace","key","value");--> statement-breakpoint
CREATE INDEX "commerce_variant_product_idx" ON "commerce_variant" USING btree ("product_id","position");