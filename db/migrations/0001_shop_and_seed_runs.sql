CREATE TABLE "seed_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"seed" integer NOT NULL,
	"version" integer NOT NULL,
	"seeders" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_shop" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"primary_domain_url" text NOT NULL,
	"currency_code" varchar(3) DEFAULT 'EUR' NOT NULL,
	"money_format" text DEFAULT '{{amount_with_comma_separator}} €' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
