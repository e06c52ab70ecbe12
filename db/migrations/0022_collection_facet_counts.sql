CREATE TABLE "commerce_collection_facet_count" (
	"collection_id" integer NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "commerce_collection_facet_count_collection_id_facet_value_pk" PRIMARY KEY("collection_id","facet","value")
);
--> statement-breakpoint
CREATE TABLE "commerce_collection_facet_stale" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commerce_collection_facet_count" ADD CONSTRAINT "commerce_collection_facet_count_collection_id_commerce_collection_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."commerce_collection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commerce_collection_facet_stale_collection_idx" ON "commerce_collection_facet_stale" USING btree ("collection_id");--> statement-breakpoint
-- Stored facet counts (platform/commerce/facet-counts.ts) go stale when a collection gains or
-- loses a product, when one of its products changes what a facet counts (archived, available,
-- vendor, price), or when a product's filterable values change. Statement-level triggers note
-- the collections concerned, once per statement however many rows it wrote.
CREATE OR REPLACE FUNCTION commerce_membership_facets_stale() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO commerce_collection_facet_stale (collection_id)
		SELECT DISTINCT collection_id FROM inserted;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO commerce_collection_facet_stale (collection_id)
		SELECT DISTINCT collection_id FROM deleted;
	ELSE
		INSERT INTO commerce_collection_facet_stale (collection_id)
		SELECT DISTINCT collection_id FROM (
			(SELECT collection_id, product_id FROM inserted EXCEPT SELECT collection_id, product_id FROM deleted)
			UNION ALL
			(SELECT collection_id, product_id FROM deleted EXCEPT SELECT collection_id, product_id FROM inserted)
		) AS moved;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER commerce_collection_product_facets_insert AFTER INSERT ON commerce_collection_product
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION commerce_membership_facets_stale();
--> statement-breakpoint
CREATE TRIGGER commerce_collection_product_facets_delete AFTER DELETE ON commerce_collection_product
REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION commerce_membership_facets_stale();
--> statement-breakpoint
CREATE TRIGGER commerce_collection_product_facets_update AFTER UPDATE ON commerce_collection_product
REFERENCING NEW TABLE AS inserted OLD TABLE AS deleted
FOR EACH STATEMENT EXECUTE FUNCTION commerce_membership_facets_stale();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION commerce_product_facets_stale() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO commerce_collection_facet_stale (collection_id)
	SELECT DISTINCT cp.collection_id
	FROM inserted n
	JOIN deleted o ON o.id = n.id
	JOIN commerce_collection_product cp ON cp.product_id = n.id
	WHERE (n.archived, n.available_for_sale, n.vendor, n.price_min_cents)
		IS DISTINCT FROM (o.archived, o.available_for_sale, o.vendor, o.price_min_cents);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER commerce_product_facets_update AFTER UPDATE ON commerce_product
REFERENCING NEW TABLE AS inserted OLD TABLE AS deleted
FOR EACH STATEMENT EXECUTE FUNCTION commerce_product_facets_stale();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION commerce_filter_value_facets_stale() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO commerce_collection_facet_stale (collection_id)
		SELECT DISTINCT cp.collection_id FROM commerce_collection_product cp
		WHERE cp.product_id IN (SELECT product_id FROM inserted);
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO commerce_collection_facet_stale (collection_id)
		SELECT DISTINCT cp.collection_id FROM commerce_collection_product cp
		WHERE cp.product_id IN (SELECT product_id FROM deleted);
	ELSE
		INSERT INTO commerce_collection_facet_stale (collection_id)
		SELECT DISTINCT cp.collection_id FROM commerce_collection_product cp
		WHERE cp.product_id IN (SELECT product_id FROM inserted UNION SELECT product_id FROM deleted);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER commerce_product_filter_value_facets_insert AFTER INSERT ON commerce_product_filter_value
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION commerce_filter_value_facets_stale();
--> statement-breakpoint
CREATE TRIGGER commerce_product_filter_value_facets_delete AFTER DELETE ON commerce_product_filter_value
REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION commerce_filter_value_facets_stale();
--> statement-breakpoint
CREATE TRIGGER commerce_product_filter_value_facets_update AFTER UPDATE ON commerce_product_filter_value
REFERENCING NEW TABLE AS inserted OLD TABLE AS deleted
FOR EACH STATEMENT EXECUTE FUNCTION commerce_filter_value_facets_stale();
