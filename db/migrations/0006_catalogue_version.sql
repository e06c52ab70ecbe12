CREATE TABLE "commerce_catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "commerce_catalogue_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
