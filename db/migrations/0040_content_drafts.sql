CREATE TABLE "content_entry_history" (
	"entry_id" text NOT NULL,
	"until_version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_by" text,
	CONSTRAINT "content_entry_history_entry_id_until_version_pk" PRIMARY KEY("entry_id","until_version")
);
--> statement-breakpoint
CREATE TABLE "content_scheduled_action" (
	"id" text PRIMARY KEY NOT NULL,
	"entity_type" text DEFAULT 'Entry' NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"timezone" text DEFAULT 'Europe/Paris' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"canceled_at" timestamp with time zone,
	"canceled_by" text,
	"ran_at" timestamp with time zone,
	"error" jsonb
);
--> statement-breakpoint
CREATE TABLE "content_snapshot" (
	"id" text PRIMARY KEY NOT NULL,
	"entry_id" text NOT NULL,
	"version" integer NOT NULL,
	"content_type" text NOT NULL,
	"locale" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
ALTER TABLE "content_asset" ADD COLUMN "published_fields" jsonb;--> statement-breakpoint
ALTER TABLE "content_asset" ADD COLUMN "published_version" integer;--> statement-breakpoint
ALTER TABLE "content_asset" ADD COLUMN "published_counter" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_asset" ADD COLUMN "first_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_asset" ADD COLUMN "archived_version" integer;--> statement-breakpoint
ALTER TABLE "content_asset" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_asset" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "content_asset" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "content_asset" ADD COLUMN "published_by" text;--> statement-breakpoint
ALTER TABLE "content_asset" ADD COLUMN "archived_by" text;--> statement-breakpoint
ALTER TABLE "content_entry" ADD COLUMN "published_fields" jsonb;--> statement-breakpoint
ALTER TABLE "content_entry" ADD COLUMN "published_version" integer;--> statement-breakpoint
ALTER TABLE "content_entry" ADD COLUMN "published_counter" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_entry" ADD COLUMN "first_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_entry" ADD COLUMN "archived_version" integer;--> statement-breakpoint
ALTER TABLE "content_entry" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_entry" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "content_entry" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "content_entry" ADD COLUMN "published_by" text;--> statement-breakpoint
ALTER TABLE "content_entry" ADD COLUMN "archived_by" text;--> statement-breakpoint
ALTER TABLE "content_entry_history" ADD CONSTRAINT "content_entry_history_entry_id_content_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."content_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_snapshot" ADD CONSTRAINT "content_snapshot_entry_id_content_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."content_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_scheduled_action_due_idx" ON "content_scheduled_action" USING btree ("status","scheduled_for");--> statement-breakpoint
CREATE INDEX "content_scheduled_action_entity_idx" ON "content_scheduled_action" USING btree ("entity_id","scheduled_for");--> statement-breakpoint
CREATE UNIQUE INDEX "content_snapshot_version_idx" ON "content_snapshot" USING btree ("entry_id","version");--> statement-breakpoint
CREATE INDEX "content_entry_published_type_idx" ON "content_entry" USING btree ("content_type","first_published_at","id");--> statement-breakpoint
-- What is published today stays published with its current fields: the published copy is the
-- current fields, published at the current version, and the version moves one on (Contentful's
-- "published" state: version = publishedVersion + 1).
UPDATE "content_entry" SET "published_fields" = "fields", "published_version" = "revision", "revision" = "revision" + 1, "published_counter" = 1, "first_published_at" = "published_at" WHERE "published_at" IS NOT NULL;--> statement-breakpoint
UPDATE "content_asset" SET "published_fields" = jsonb_build_object('title', "title", 'description', "description", 'file', "file"), "published_version" = "revision", "revision" = "revision" + 1, "published_counter" = 1, "first_published_at" = "published_at" WHERE "published_at" IS NOT NULL;
