-- Search needs accent-insensitive matching (unaccent) and typo tolerance (pg_trgm).
-- Both are trusted contrib extensions: a database owner may create them without superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
