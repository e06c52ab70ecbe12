-- Search folds French words itself (decision 017): the `french` snowball stemmer merges words
-- shoppers tell apart (fraise and frais, pâte, pâté and pâtes, orange and oranger). search_fold
-- lower-cases a text and, word by word, with accents still there to tell words apart:
-- 1. drops a plural s or x after three letters (fromages → fromage; `pâtes`, pasta, is kept);
-- 2. folds feminine endings: -euse → -eu, -ère → -er, -elle → -el, -enne → -en;
-- 3. drops a final unaccented e after three letters (fromage → fromag, fraise → frais, while
--    frais → frai, pâte → pât and pâté keeps its é);
-- 4. drops single letters (l', d', à), then the accents (pâté → pate, pât → pat).
-- Digits end no word, so facet tokens (`regimevegan0`) are left as they are.
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
	SELECT search_unaccent(
		regexp_replace(
		regexp_replace(
		regexp_replace(
		regexp_replace(
		regexp_replace(
		regexp_replace(
		regexp_replace(lower(value),
			'(?<![a-zà-öø-ÿœæ0-9])(?!(?:pâtes|pates)(?![a-zà-öø-ÿœæ0-9]))([a-zà-öø-ÿœæ]{3,})[sx](?![a-zà-öø-ÿœæ0-9])', '\1', 'g'),
			'(?<![a-zà-öø-ÿœæ0-9])([a-zà-öø-ÿœæ]{2,})euse(?![a-zà-öø-ÿœæ0-9])', '\1eu', 'g'),
			'(?<![a-zà-öø-ÿœæ0-9])([a-zà-öø-ÿœæ]{2,})ère(?![a-zà-öø-ÿœæ0-9])', '\1er', 'g'),
			'(?<![a-zà-öø-ÿœæ0-9])([a-zà-öø-ÿœæ]{4,})elle(?![a-zà-öø-ÿœæ0-9])', '\1el', 'g'),
			'(?<![a-zà-öø-ÿœæ0-9])([a-zà-öø-ÿœæ]{3,})enne(?![a-zà-öø-ÿœæ0-9])', '\1en', 'g'),
			'(?<![a-zà-öø-ÿœæ0-9])([a-zà-öø-ÿœæ]{3,})e(?![a-zà-öø-ÿœæ0-9])', '\1', 'g'),
			'(?<![a-zà-öø-ÿœæ0-9])[a-zà-öø-ÿœæ](?![a-zà-öø-ÿœæ0-9])', ' ', 'g'))
$$;
--> statement-breakpoint
-- Words as the index counts them: any word, French stop words dropped, compounds by their parts.
CREATE TEXT SEARCH DICTIONARY comptoir_stop (TEMPLATE = simple, STOPWORDS = french, ACCEPT = true);
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION comptoir (COPY = simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION comptoir DROP MAPPING FOR asciihword, hword, numhword;
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION comptoir ALTER MAPPING FOR asciiword, word, numword, hword_part, hword_asciipart, hword_numpart WITH comptoir_stop;
--> statement-breakpoint
ALTER TABLE "search_document" ADD COLUMN "category" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "search_document" ADD COLUMN "ancestors" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "search_document" ADD COLUMN "facets" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "search_document" drop column "title_vector";
--> statement-breakpoint
ALTER TABLE "search_document" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('comptoir'::regconfig, search_fold(substring("title" from '^[[:space:]]*[^[:space:]''’-]+'))), 'A') || setweight(to_tsvector('comptoir'::regconfig, search_fold(regexp_replace("title", '^[[:space:]]*[^[:space:]''’-]+', ''))), 'B')) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "search_document" drop column "head_vector";
--> statement-breakpoint
ALTER TABLE "search_document" ADD COLUMN "head_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('comptoir'::regconfig, search_fold("title")), 'A') || setweight(to_tsvector('comptoir'::regconfig, search_fold("subtitle")), 'B') || setweight(to_tsvector('comptoir'::regconfig, search_fold("tags")), 'C') || setweight(to_tsvector('comptoir'::regconfig, search_fold("category")), 'C') || setweight(to_tsvector('comptoir'::regconfig, search_fold("ancestors")), 'C')) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "search_document" drop column "search_vector";
--> statement-breakpoint
ALTER TABLE "search_document" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('comptoir'::regconfig, search_fold("title")), 'A') || setweight(to_tsvector('comptoir'::regconfig, search_fold("subtitle")), 'B') || setweight(to_tsvector('comptoir'::regconfig, search_fold("tags")), 'C') || setweight(to_tsvector('comptoir'::regconfig, search_fold("category")), 'C') || setweight(to_tsvector('comptoir'::regconfig, search_fold("ancestors")), 'C') || setweight(to_tsvector('comptoir'::regconfig, search_fold("body")), 'D') || setweight(to_tsvector('comptoir'::regconfig, search_fold("facets")), 'D')) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "search_document" ADD COLUMN "category_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('comptoir'::regconfig, search_fold("category")), 'A') || setweight(to_tsvector('comptoir'::regconfig, search_fold("ancestors")), 'B')) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "search_term" drop column "stem";
--> statement-breakpoint
ALTER TABLE "search_term" ADD COLUMN "stem" text GENERATED ALWAYS AS ((tsvector_to_array(to_tsvector('comptoir'::regconfig, search_fold("word"))))[1]) STORED;
--> statement-breakpoint
CREATE INDEX "search_document_product_category_idx" ON "search_document" USING gin ("category_vector") WITH (gin_pending_list_limit=256) WHERE "kind" = 'product';
--> statement-breakpoint
CREATE INDEX "search_document_product_title_idx" ON "search_document" USING gin ("title_vector") WITH (gin_pending_list_limit=256) WHERE "kind" = 'product';
--> statement-breakpoint
CREATE INDEX "search_document_product_head_idx" ON "search_document" USING gin ("head_vector") WITH (gin_pending_list_limit=256) WHERE "kind" = 'product';
--> statement-breakpoint
CREATE INDEX "search_document_product_search_idx" ON "search_document" USING gin ("search_vector") WITH (gin_pending_list_limit=256) WHERE "kind" = 'product';
--> statement-breakpoint
CREATE INDEX "search_document_other_head_idx" ON "search_document" USING gin ("head_vector") WHERE "kind" <> 'product';
--> statement-breakpoint
CREATE INDEX "search_term_stem_idx" ON "search_term" USING btree ("stem");
