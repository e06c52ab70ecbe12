CREATE TABLE "shop_rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE INDEX "shop_rate_limit_expire_idx" ON "shop_rate_limit" USING btree ("expire");