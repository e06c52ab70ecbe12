CREATE TABLE "payment_sandbox_delivery" (
	"event_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_status" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox_idempotency" (
	"api_key" text NOT NULL,
	"key" text NOT NULL,
	"request" text NOT NULL,
	"body_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_sandbox_idempotency_api_key_key_pk" PRIMARY KEY("api_key","key")
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox_object" (
	"id" text PRIMARY KEY NOT NULL,
	"object" text NOT NULL,
	"customer" text,
	"status" text,
	"parent" text,
	"created" integer NOT NULL,
	"seq" bigserial NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_sandbox_delivery_due_idx" ON "payment_sandbox_delivery" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "payment_sandbox_object_list_idx" ON "payment_sandbox_object" USING btree ("object","seq");--> statement-breakpoint
CREATE INDEX "payment_sandbox_object_customer_idx" ON "payment_sandbox_object" USING btree ("customer");--> statement-breakpoint
CREATE INDEX "payment_sandbox_object_parent_idx" ON "payment_sandbox_object" USING btree ("parent");