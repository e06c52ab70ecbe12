CREATE TABLE "payment_card_entry" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"return_url" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"card_token" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"spent_at" timestamp with time zone
);
