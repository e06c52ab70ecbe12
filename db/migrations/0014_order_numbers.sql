ALTER SEQUENCE "public"."commerce_order_number_seq" RENAME TO "shop_order_number_seq";--> statement-breakpoint
ALTER TABLE "commerce_order" ALTER COLUMN "order_number" SET DEFAULT nextval('shop_order_number_seq');--> statement-breakpoint
ALTER TABLE "ordering_order" ADD COLUMN "order_number" integer DEFAULT nextval('shop_order_number_seq') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ordering_order_number_key" ON "ordering_order" USING btree ("order_number");--> statement-breakpoint
-- Hand-written backfill (not generated). The series is the grocery one renamed, so grocery numbers
-- go on unchanged. Existing restauration orders are numbered in id order after the highest grocery
-- number (through negative values first: the unique index is checked row by row), then the series
-- goes on after the highest number of either kind.
UPDATE "ordering_order" AS o SET "order_number" = -(b.base + n.rn)
  FROM (SELECT "id", row_number() OVER (ORDER BY "id") AS rn FROM "ordering_order") AS n,
       (SELECT COALESCE(max("order_number"), 1000) AS base FROM "commerce_order") AS b
  WHERE o."id" = n."id";--> statement-breakpoint
UPDATE "ordering_order" SET "order_number" = -"order_number" WHERE "order_number" < 0;--> statement-breakpoint
SELECT setval('shop_order_number_seq',
  GREATEST(1001,
    (SELECT COALESCE(max("order_number"), 0) FROM "commerce_order"),
    (SELECT COALESCE(max("order_number"), 0) FROM "ordering_order")),
  EXISTS (SELECT 1 FROM "commerce_order") OR EXISTS (SELECT 1 FROM "ordering_order"));
