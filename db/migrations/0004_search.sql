-- Search matches unaccented text, in generated columns and indexes, which only accept IMMUTABLE
-- functions; `unaccent` is only STABLE because its dictionary is looked up by name at each call.
-- The wrapper names the dictionary and function by their schema (wherever the extension was
-- created), so it neither depends on search_path nor changes meaning while the rules file stays.
DO $$
DECLARE
	extension_schema text;
BEGIN
	SELECT n.nspname INTO STRICT extension_schema
	FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
	WHERE e.extname = 'unaccent';
	EXECUTE format(
		'CREATE OR REPLACE FUNCTION search_unaccent(text) RETURNS text'
		' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS %L',
		format('SELECT %I.unaccent(%L::regdictionary, $1)', extension_schema,
			quote_ident(extension_schema) || '.unaccent')
	);
END
$$;
--> statement-breakpoint
-- A word and every way of deleting one of its letters: two words one edit apart (a letter
-- missing, extra, wrong or two swapped) have one of these in common. The dictionary indexes
-- them so that typo correction is an index lookup rather than a trigram scan.
CREATE OR REPLACE FUNCTION search_deletions(word text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
	SELECT array_agg(DISTINCT variant)
	FROM (
		SELECT word AS variant
		UNION ALL
		SELECT left(word, i - 1) || substr(word, i + 1) FROM generate_series(1, length(word)) AS i
	) AS variants
$$;
--> statement-breakpoint
CREATE TABLE "search_document" (
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"handle" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"tags" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"title_norm" text GENERATED ALWAYS AS (search_unaccent(lower("title"))) STORED NOT NULL,
	"head_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('french'::regconfig, search_unaccent("title")), 'A') || setweight(to_tsvector('french'::regconfig, search_unaccent("subtitle")), 'B') || setweight(to_tsvector('french'::regconfig, search_unaccent("tags")), 'C')) STORED NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('french'::regconfig, search_unaccent("title")), 'A') || setweight(to_tsvector('french'::regconfig, search_unaccent("subtitle")), 'B') || setweight(to_tsvector('french'::regconfig, search_unaccent("tags")), 'C') || setweight(to_tsvector('french'::regconfig, search_unaccent("body")), 'D')) STORED NOT NULL,
	"rank_boost" real DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_document_kind_ref_id_pk" PRIMARY KEY("kind","ref_id"),
	CONSTRAINT "search_document_kind_check" CHECK ("kind" in ('product', 'collection', 'marque', 'artisan'))
);
--> statement-breakpoint
CREATE TABLE "search_term" (
	"word" text PRIMARY KEY NOT NULL,
	"stem" text GENERATED ALWAYS AS ((tsvector_to_array(to_tsvector('french'::regconfig, "word")))[1]) STORED,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_term_deletion" (
	"deletion" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_term_deletion_deletion_word_pk" PRIMARY KEY("deletion","word")
);
--> statement-breakpoint
CREATE INDEX "search_document_product_head_idx" ON "search_document" USING gin ("head_vector") WITH (gin_pending_list_limit=256) WHERE "kind" = 'product';--> statement-breakpoint
CREATE INDEX "search_document_product_search_idx" ON "search_document" USING gin ("search_vector") WITH (gin_pending_list_limit=256) WHERE "kind" = 'product';--> statement-breakpoint
CREATE INDEX "search_document_other_head_idx" ON "search_document" USING gin ("head_vector") WHERE "kind" <> 'product';--> statement-breakpoint
CREATE INDEX "search_document_title_trgm_idx" ON "search_document" USING gin ("title_norm" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "search_term_trgm_idx" ON "search_term" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_term_prefix_idx" ON "search_term" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_term_stem_idx" ON "search_term" USING btree ("stem");