-- The unit price (« 250 g · 39,60 €/kg ») is computed from the price and the net quantity
-- (platform/unit-price.ts) and no longer typed by hand in `custom.price_unit`, a label
-- that went stale whenever a price changed. Where the catalogue cannot compute one (no format
-- title such as `250 g`, no valid quantity and unit), the typed label becomes a deliberate,
-- visible override with a reason staff are asked to check; everywhere else it goes.
INSERT INTO "commerce_metafield" ("owner_type", "owner_id", "namespace", "key", "type", "value")
SELECT typed."owner_type", typed."owner_id", 'custom', override."key", 'single_line_text_field', override."value"
FROM "commerce_metafield" typed
CROSS JOIN LATERAL (
	VALUES
		('price_unit_override', btrim(typed."value")),
		('price_unit_override_reason', 'Repris de l''ancien « Prix au kilo ou au litre » : à vérifier.')
) AS override("key", "value")
WHERE typed."owner_type" = 'PRODUCT' AND typed."namespace" = 'custom' AND typed."key" = 'price_unit'
	AND btrim(typed."value") <> ''
	AND NOT EXISTS (
		SELECT 1 FROM "commerce_variant" variant
		WHERE variant."product_id" = typed."owner_id"
			AND variant."title" ~* '^\s*[0-9]+([.,][0-9]+)?\s*(g|kg|cl|l|pièces?|parts?)\s*$'
	)
	AND NOT EXISTS (
		SELECT 1 FROM "commerce_metafield" quantity
		JOIN "commerce_metafield" unit ON unit."owner_type" = 'PRODUCT'
			AND unit."owner_id" = quantity."owner_id" AND unit."namespace" = 'custom' AND unit."key" = 'unit'
		WHERE quantity."owner_type" = 'PRODUCT' AND quantity."owner_id" = typed."owner_id"
			AND quantity."namespace" = 'custom' AND quantity."key" = 'quantity'
			AND CASE WHEN replace(quantity."value", ' ', '') ~ '^[0-9]+([.,][0-9]+)?$'
				THEN replace(replace(quantity."value", ' ', ''), ',', '.')::numeric > 0 ELSE false END
			AND lower(btrim(unit."value")) IN ('g', 'kg', 'cl', 'l', 'pièce', 'pièces', 'part', 'parts')
	)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "commerce_metafield"
WHERE "owner_type" = 'PRODUCT' AND "namespace" = 'custom' AND "key" = 'price_unit';
