import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { CartAttribute, DiscountKind } from "#platform/commerce/cart/schema.ts";
import { commerceCart } from "#platform/commerce/cart/schema.ts";
import { commerceVariant } from "#platform/commerce/catalogue/schema.ts";
import type { StockTaken } from "#platform/commerce/catalogue/stock.ts";
import { commerceCustomer } from "#platform/commerce/customers/schema.ts";
import type { GroceryStatus } from "#platform/order-status.ts";

/**
 * Orders of the commerce service (storefront.md §3), shaped like Shopify's. An order is a
 * snapshot: titles, prices, addresses and discounts are copied when it is placed, so later
 * catalogue changes never rewrite what the customer bought. Money is integer cents, tax included.
 */

/** An address copied onto an order (shipping or billing). */
export type OrderAddress = {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  zip: string | null;
  province: string | null;
  countryCode: string;
  phone: string | null;
};

/** A discount code as it applied to the order (Shopify's `DiscountCodeApplication`). */
export type OrderCodeDiscount = {
  code: string;
  kind: DiscountKind;
  value: number;
  amountCents: number;
};

/** An automatic discount as it applied to the order (`AutomaticDiscountApplication`). */
export type OrderAutomaticDiscount = {
  automatic: true;
  title: string;
  kind: DiscountKind;
  value: number;
  amountCents: number;
};

export type OrderDiscountApplication = OrderCodeDiscount | OrderAutomaticDiscount;

export type OrderFinancialStatus =
  | "PAID"
  | "PENDING"
  | "AUTHORIZED"
  | "PARTIALLY_REFUNDED"
  | "REFUNDED"
  | "VOIDED";
export type OrderFulfillmentStatus =
  | "UNFULFILLED"
  | "FULFILLED"
  | "IN_PROGRESS"
  | "PENDING_FULFILLMENT"
  | "PARTIALLY_FULFILLED";

export const commerceOrder = pgTable(
  "commerce_order",
  {
    id: serial("id").primaryKey(),
    orderNumber: integer("order_number")
      .notNull()
      // The shop's one series (db/meta-schema.ts), shared with restauration orders.
      .default(sql`nextval('shop_order_number_seq')`),
    // One order per cart: a double-submitted or retried checkout finds the first one.
    cartId: integer("cart_id").references(() => commerceCart.id, { onDelete: "set null" }),
    customerId: integer("customer_id").references(() => commerceCustomer.id, {
      onDelete: "set null",
    }),
    // Random; the order status page is `/order/confirmation/?order=…&key={statusKey}`.
    statusKey: text("status_key").notNull(),
    email: text("email"),
    phone: text("phone"),
    currencyCode: text("currency_code").notNull().default("EUR"),
    processedAt: timestamp("processed_at", { withTimezone: true }).notNull(),
    financialStatus: text("financial_status").$type<OrderFinancialStatus>().notNull(),
    fulfillmentStatus: text("fulfillment_status")
      .$type<OrderFulfillmentStatus>()
      .notNull()
      .default("UNFULFILLED"),
    // The shop's preparation status (platform/order-status.ts): received, preparing, ready or
    // out for delivery, delivered; or cancelled. Changed by the back office only.
    status: text("status").$type<GroceryStatus>().notNull().default("received"),
    // When the shop cancelled it (the Storefront API's `canceledAt`).
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    // Sum of the line items after discounts (the service fee line included).
    subtotalCents: integer("subtotal_cents").notNull(),
    totalDiscountCents: integer("total_discount_cents").notNull().default(0),
    totalShippingCents: integer("total_shipping_cents").notNull().default(0),
    // The VAT included in the total (French prices include it).
    totalTaxCents: integer("total_tax_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    totalRefundedCents: integer("total_refunded_cents").notNull().default(0),
    deliveryMethod: text("delivery_method").notNull(),
    shippingAddress: jsonb("shipping_address").$type<OrderAddress | null>(),
    billingAddress: jsonb("billing_address").$type<OrderAddress | null>(),
    discountApplications: jsonb("discount_applications")
      .$type<OrderDiscountApplication[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    customAttributes: jsonb("custom_attributes")
      .$type<CartAttribute[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    note: text("note"),
    // The slot booked in the ordering service's capacity when the order was paid (grocery orders,
    // platform/commerce/slot-port.ts): 1 delivery, 2 pickup; its key (`2026-11-24 12:00-13:00`,
    // Paris time) and bounds; the delivering or pickup store (the ordering service's StoreId) with
    // its name and address as they were. Null on orders placed before slots were booked.
    orderMode: integer("order_mode").$type<1 | 2>(),
    slotKey: text("slot_key"),
    slotStart: timestamp("slot_start", { withTimezone: true }),
    slotEnd: timestamp("slot_end", { withTimezone: true }),
    storeId: integer("store_id"),
    storeName: text("store_name"),
    storeAddress: text("store_address"),
    // The payment processor's charge; the card itself is never stored here.
    paymentChargeId: text("payment_charge_id"),
    // The payment provider's PaymentIntent (`pi_…`) of an order paid on its hosted page. A basket
    // with a line sold by weight is only authorised (manual capture): what was authorised and
    // when (it lapses after AUTHORISATION_VALID_DAYS), and what the office captured once weighed.
    paymentIntentId: text("payment_intent_id"),
    paymentAuthorisedCents: integer("payment_authorised_cents"),
    paymentAuthorisedAt: timestamp("payment_authorised_at", { withTimezone: true }),
    paymentCapturedCents: integer("payment_captured_cents"),
    // The part paid by a titres-restaurant card (issue 23): its own charge at the processor and
    // its amount; null and 0 for an order paid without one.
    mealVoucherChargeId: text("meal_voucher_charge_id"),
    mealVoucherCents: integer("meal_voucher_cents").notNull().default(0),
    // When the shopper confirmed being 18 or over, as the checkout asks before paying for
    // alcohol (issue 23); null for an order without alcohol.
    adultConfirmedAt: timestamp("adult_confirmed_at", { withTimezone: true }),
    // The units of counted variants the order took (platform/commerce/catalogue/stock.ts), given
    // back once when it is cancelled (then emptied). Null on orders that took none.
    stockTaken: jsonb("stock_taken").$type<StockTaken[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("commerce_order_number_key").on(t.orderNumber),
    uniqueIndex("commerce_order_cart_key").on(t.cartId),
    index("commerce_order_customer_idx").on(t.customerId, t.processedAt),
    index("commerce_order_slot_idx").on(t.slotStart),
    // The back office's order list, newest first (keyset on processed_at, id).
    index("commerce_order_processed_idx").on(t.processedAt, t.id),
  ],
);

export const commerceOrderLine = pgTable(
  "commerce_order_line",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => commerceOrder.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    variantTitle: text("variant_title"),
    sku: text("sku"),
    // Null for the service fee line, and once the variant is deleted from the catalogue.
    variantId: integer("variant_id").references(() => commerceVariant.id, {
      onDelete: "set null",
    }),
    productId: integer("product_id"),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    originalTotalCents: integer("original_total_cents").notNull(),
    discountedTotalCents: integer("discounted_total_cents").notNull(),
    // A line sold by weight, weighed at the counter: the weight cut (grams, all its pieces
    // together), and the line's total as ordered before the weighed price replaced it at capture
    // (null until then). docs/sold-by-weight.md, "Paying for what was weighed".
    weighedGrams: integer("weighed_grams"),
    orderedTotalCents: integer("ordered_total_cents"),
    // VAT rate in basis points (550 = 5.5 %), for the included-tax computation.
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull(),
    customAttributes: jsonb("custom_attributes")
      .$type<CartAttribute[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [index("commerce_order_line_order_idx").on(t.orderId, t.position)],
);
