CREATE TABLE "search_document_change" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ref_id" integer NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_document_change_xid_idx" ON "search_document_change" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "search_document_change_at_idx" ON "search_document_change" USING btree ("at");--> statement-breakpoint
-- Each instance keeps the product documents in memory (platform/search/memory-index.ts) and
-- catches up from this log. Statement-level triggers note the products a statement wrote,
-- whoever wrote them; an upsert that changed nothing notes nothing.
CREATE OR REPLACE FUNCTION search_document_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		INSERT INTO search_document_change (ref_id)
		SELECT DISTINCT ref_id FROM deleted WHERE kind = 'product';
	ELSE
		INSERT INTO search_document_change (ref_id)
		SELECT DISTINCT ref_id FROM inserted WHERE kind = 'product';
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_document_changed_insert AFTER INSERT ON search_document
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_document_changed();
--> statement-breakpoint
CREATE TRIGGER search_document_changed_update AFTER UPDATE ON search_document
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_document_changed();
--> statement-breakpoint
CREATE TRIGGER search_document_changed_delete AFTER DELETE ON search_document
REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_document_changed();
