ALTER TABLE "commerce_cart" ADD COLUMN "meal_voucher_token" text;--> statement-breakpoint
ALTER TABLE "commerce_cart" ADD COLUMN "meal_voucher_last4" text;