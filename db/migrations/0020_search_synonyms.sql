CREATE TABLE "search_synonym" (
	"id" serial PRIMARY KEY NOT NULL,
	"term" text NOT NULL,
	"replacements" text[] NOT NULL,
	"kind" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonym_kind_check" CHECK ("search_synonym"."kind" in ('one-way', 'equivalent'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonym_term_key" ON "search_synonym" USING btree ("term");