ALTER TABLE "ordering_payment_account" ALTER COLUMN "card_token" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ordering_customer" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "ordering_payment_account" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "ordering_payment_account" ADD COLUMN "setup_session_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "ordering_customer_provider_customer_key" ON "ordering_customer" USING btree ("provider_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ordering_payment_account_setup_session_key" ON "ordering_payment_account" USING btree ("setup_session_id");