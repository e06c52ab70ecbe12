CREATE TABLE "content_asset" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"file" jsonb NOT NULL,
	"locale" text DEFAULT 'fr' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "content_entry" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"locale" text DEFAULT 'fr' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "content_entry_type_idx" ON "content_entry" USING btree ("content_type","created_at","id");