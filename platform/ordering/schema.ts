import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "#db/columns.ts";
import type { RestaurantStatus } from "#platform/order-status.ts";

/**
 * The ordering service's tables, shaped like Flipdish's: stores with their delivery zones, slot
 * settings and menus (sections, items, option sets, per-store metadata), vouchers, customers who
 * sign in with a phone code, their saved cards, slot bookings and orders. Money is integer cents.
 * Secrets are never stored: customer tokens and phone codes as SHA-256 hashes, cards as the
 * payment processor's token with what may be shown (brand, last four digits, expiry).
 */

/** Order modes (spec §9): 1 delivery, 2 pickup. */
export type OrderingMode = 1 | 2;

export type Weekday =
  | "monday"
  | "tuesday"
  | "wednesday"
  | "thursday"
  | "friday"
  | "saturday"
  | "sunday";

/** A period of a day in Europe/Paris local time, `"HH:MM"` to `"HH:MM"` (end after start). */
export type TimeRange = { start: string; end: string };

/** Opening hours per weekday; a day without ranges is closed. */
export type OpeningHours = Partial<Record<Weekday, TimeRange[]>>;

/**
 * A store (Flipdish's store and its physical restaurant in one row). The admin API addresses it by
 * `StoreId` (`id`), the customer API by `PhysicalRestaurantId`.
 */
export const orderingStore = pgTable(
  "ordering_store",
  {
    // Flipdish's StoreId.
    id: serial("id").primaryKey(),
    physicalRestaurantId: integer("physical_restaurant_id").notNull(),
    name: text("name").notNull(),
    menuId: integer("menu_id").references(() => orderingMenu.id, { onDelete: "set null" }),
    // Added to the total in delivery mode only (spec §4).
    deliveryFeeCents: integer("delivery_fee_cents").notNull().default(0),
    address: text("address").notNull().default(""),
    postcode: text("postcode").notNull().default(""),
    city: text("city").notNull().default(""),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    phone: text("phone"),
    openingHours: jsonb("opening_hours").$type<OpeningHours>().notNull().default(sql`'{}'::jsonb`),
    deliveryEnabled: boolean("delivery_enabled").notNull().default(true),
    pickupEnabled: boolean("pickup_enabled").notNull().default(true),
    // Slots (slots.ts): none starts sooner than the lead time; one every interval, each as long
    // as the interval; offered this many days ahead (today counts as the first).
    slotLeadMinutes: integer("slot_lead_minutes").notNull().default(60),
    slotIntervalMinutes: integer("slot_interval_minutes").notNull().default(60),
    slotDaysAhead: integer("slot_days_ahead").notNull().default(7),
    // Orders one slot can take, per mode; 0 offers no slot in that mode.
    deliveryCapacity: integer("delivery_capacity").notNull().default(5),
    pickupCapacity: integer("pickup_capacity").notNull().default(5),
    ...timestamps,
  },
  (t) => [uniqueIndex("ordering_store_physical_restaurant_key").on(t.physicalRestaurantId)],
);

/** Where a store delivers: postcodes and/or a radius around the store; the first enabled wins. */
export const orderingDeliveryZone = pgTable(
  "ordering_delivery_zone",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => orderingStore.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    isEnabled: boolean("is_enabled").notNull().default(true),
    postcodes: jsonb("postcodes").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    radiusMetres: integer("radius_metres"),
    // The delivery fee of this zone; null: the store's `deliveryFeeCents`.
    feeCents: integer("fee_cents"),
    // A delivery basket (subtotal) below this is refused; 0: no minimum.
    minimumOrderCents: integer("minimum_order_cents").notNull().default(0),
    // From this subtotal on, delivery is free; null: never free.
    freeDeliveryThresholdCents: integer("free_delivery_threshold_cents"),
    // Zones are listed (and the first enabled one chosen) by position, then id.
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("ordering_delivery_zone_store_idx").on(t.storeId, t.position, t.id)],
);

/** Flipdish's MenuId. */
export const orderingMenu = pgTable("ordering_menu", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  ...timestamps,
});

export const orderingMenuSection = pgTable(
  "ordering_menu_section",
  {
    // Flipdish's MenuSectionId.
    id: serial("id").primaryKey(),
    menuId: integer("menu_id")
      .notNull()
      .references(() => orderingMenu.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    isAvailable: boolean("is_available").notNull().default(true),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("ordering_menu_section_menu_idx").on(t.menuId, t.position, t.id)],
);

/** A menu item (Flipdish's MenuItemId), mapped to a catalogue product by `fd_content.MenuItemId`. */
export const orderingSectionItem = pgTable(
  "ordering_section_item",
  {
    id: serial("id").primaryKey(),
    sectionId: integer("section_id")
      .notNull()
      .references(() => orderingMenuSection.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    imageUrl: text("image_url"),
    // The catalogue product this item sells (its handle), when there is one.
    productHandle: text("product_handle"),
    // Flipdish's MenuItem.Alcohol: sold to adults only, never paid by titres-restaurant.
    alcohol: boolean("alcohol").notNull().default(false),
    isAvailable: boolean("is_available").notNull().default(true),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("ordering_section_item_section_idx").on(t.sectionId, t.position, t.id),
    index("ordering_section_item_product_idx").on(t.productHandle),
  ],
);

/** Options of a menu item (Flipdish's MenuItemOptionSet): choose between min and max items. */
export const orderingOptionSet = pgTable(
  "ordering_option_set",
  {
    id: serial("id").primaryKey(),
    menuItemId: integer("menu_item_id")
      .notNull()
      .references(() => orderingSectionItem.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    minSelectCount: integer("min_select_count").notNull().default(0),
    maxSelectCount: integer("max_select_count").notNull().default(1),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("ordering_option_set_item_idx").on(t.menuItemId, t.position, t.id)],
);

/** One choice of an option set (Flipdish's MenuItemOptionSetItemId), with its extra price. */
export const orderingOptionSetItem = pgTable(
  "ordering_option_set_item",
  {
    id: serial("id").primaryKey(),
    optionSetId: integer("option_set_id")
      .notNull()
      .references(() => orderingOptionSet.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull().default(0),
    isAvailable: boolean("is_available").notNull().default(true),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("ordering_option_set_item_set_idx").on(t.optionSetId, t.position, t.id)],
);

/** Key/value metadata of a menu item for one store (read as `Data.MenuItemMetadata`). */
export const orderingMenuItemMetadata = pgTable(
  "ordering_menu_item_metadata",
  {
    id: serial("id").primaryKey(),
    menuId: integer("menu_id")
      .notNull()
      .references(() => orderingMenu.id, { onDelete: "cascade" }),
    menuItemId: integer("menu_item_id")
      .notNull()
      .references(() => orderingSectionItem.id, { onDelete: "cascade" }),
    storeId: integer("store_id")
      .notNull()
      .references(() => orderingStore.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: text("value").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("ordering_menu_item_metadata_key").on(t.menuItemId, t.storeId, t.key),
    index("ordering_menu_item_metadata_menu_idx").on(t.menuId, t.storeId),
  ],
);

/** `lump`: `amount` cents off; `percentage`: `amount` percent (1–100) of the subtotal off. */
export type VoucherKind = "lump" | "percentage";

export const orderingVoucher = pgTable(
  "ordering_voucher",
  {
    // Flipdish's VoucherId.
    id: serial("id").primaryKey(),
    whiteLabel: text("white_label").notNull(),
    // Stored upper-cased and trimmed (vouchers.ts normalises every code it reads or writes).
    code: text("code").notNull(),
    description: text("description").notNull().default(""),
    isEnabled: boolean("is_enabled").notNull().default(true),
    // Null: valid from its creation. Not Flipdish's: the admin area's validity start.
    startsAt: timestamp("starts_at", { withTimezone: true }),
    // Null: never expires.
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    validOnOrdersOverCents: integer("valid_on_orders_over_cents").notNull().default(0),
    validForDelivery: boolean("valid_for_delivery").notNull().default(true),
    validForPickup: boolean("valid_for_pickup").notNull().default(true),
    kind: text("kind").$type<VoucherKind>().notNull().default("lump"),
    amount: integer("amount").notNull(),
    // Applied without a code when its conditions hold (spec §4: lump kind only).
    isAutomatic: boolean("is_automatic").notNull().default(false),
    // Null: unlimited. `uses` grows by one per submitted order, by a conditional update.
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex("ordering_voucher_code_key").on(t.whiteLabel, t.code)],
);

/** A customer of the ordering service, identified by a French phone number. */
export const orderingCustomer = pgTable(
  "ordering_customer",
  {
    id: serial("id").primaryKey(),
    // E.164 (`+33612345678`), as platform/phone.ts normalises it.
    phone: text("phone").notNull(),
    name: text("name"),
    email: text("email"),
    smsPromotionsEnabled: boolean("sms_promotions_enabled").notNull().default(false),
    // Set by the office (customers screen): the phone cannot sign in, its sessions are gone.
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    // Set by a GDPR erasure: the row only holds the anonymised orders (phone replaced).
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    // The shop (commerce) account this phone was linked to at checkout, when the shopper said so
    // (« Lier ce numéro à mon compte »): that account lists these orders and signs this phone in.
    shopCustomerId: text("shop_customer_id"),
    // The payment provider's customer (Stripe's `cus_…`) the customer's bank cards are saved on,
    // made at the first card setup (customers/payment-accounts.ts).
    providerCustomerId: text("provider_customer_id"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("ordering_customer_phone_key").on(t.phone),
    uniqueIndex("ordering_customer_shop_customer_key").on(t.shopCustomerId),
    uniqueIndex("ordering_customer_provider_customer_key").on(t.providerCustomerId),
  ],
);

/** A signed-in session: the customer sends the token, the table keeps its SHA-256 (hex). */
export const orderingCustomerToken = pgTable(
  "ordering_customer_token",
  {
    tokenHash: text("token_hash").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => orderingCustomer.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ordering_customer_token_customer_idx").on(t.customerId)],
);

/**
 * A phone login code sent by SMS: valid 10 minutes, once, for the request that asked for it and
 * its phone only, and refused after 5 wrong tries.
 */
export const orderingPhoneLoginCode = pgTable(
  "ordering_phone_login_code",
  {
    // The request id the client sends back with the code: random and unguessable.
    id: text("id").primaryKey(),
    phone: text("phone").notNull(),
    // SHA-256 (hex) of the request id and the code together.
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ordering_phone_login_code_phone_idx").on(t.phone, t.createdAt)],
);

/** A saved card (Flipdish's PaymentAccountId): the processor's token and what may be shown. */
export const orderingPaymentAccount = pgTable(
  "ordering_payment_account",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => orderingCustomer.id, { onDelete: "cascade" }),
    // A titres-restaurant card's token at the test card processor (null for a bank card).
    cardToken: text("card_token"),
    // A bank card: the provider's payment method (`pm_…`) saved on the customer's provider
    // customer. `setup_session_id`: the setup session (or, for titres-restaurant, the card entry)
    // that saved it, one account each. Never a number.
    paymentMethodId: text("payment_method_id"),
    setupSessionId: text("setup_session_id"),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    // The processor's card kind: "card" (a bank card) or "meal_voucher" (titres-restaurant).
    kind: text("kind").$type<"card" | "meal_voucher">().notNull().default("card"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ordering_payment_account_customer_idx").on(t.customerId, t.id),
    uniqueIndex("ordering_payment_account_setup_session_key").on(t.setupSessionId),
  ],
);

/**
 * How many orders a slot holds. A submission books its slot with one conditional upsert
 * (`booked < capacity`), so no load overbooks it (slots.ts).
 */
export const orderingSlotBooking = pgTable(
  "ordering_slot_booking",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => orderingStore.id, { onDelete: "cascade" }),
    mode: integer("mode").$type<OrderingMode>().notNull(),
    slotStart: timestamp("slot_start", { withTimezone: true }).notNull(),
    booked: integer("booked").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.mode, t.slotStart] })],
);

/**
 * An exceptional closure or public holiday of a store: no slot is offered on the days from
 * `startDay` to `endDay` (local `YYYY-MM-DD`, both included), in `mode` only or in both modes when
 * it is null (slots.ts).
 */
export const orderingStoreClosure = pgTable(
  "ordering_store_closure",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => orderingStore.id, { onDelete: "cascade" }),
    startDay: text("start_day").notNull(),
    endDay: text("end_day").notNull(),
    mode: integer("mode").$type<OrderingMode>(),
    label: text("label").notNull().default(""),
    ...timestamps,
  },
  (t) => [index("ordering_store_closure_store_idx").on(t.storeId, t.startDay)],
);

/**
 * One slot's own settings, set by staff: closed (no new booking), or another capacity than the
 * store's. Changed only while holding the slot's booking row lock, never below what is booked
 * (slots.ts `changeSlot`).
 */
export const orderingSlotOverride = pgTable(
  "ordering_slot_override",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => orderingStore.id, { onDelete: "cascade" }),
    mode: integer("mode").$type<OrderingMode>().notNull(),
    slotStart: timestamp("slot_start", { withTimezone: true }).notNull(),
    // Null: the store's capacity for the mode.
    capacity: integer("capacity"),
    isClosed: boolean("is_closed").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.mode, t.slotStart] })],
);

/** One priced line of an order, as the order keeps it (names and prices at the time of order). */
export type OrderLine = {
  menuItemId: number;
  name: string;
  quantity: number;
  unitPriceCents: number;
  options: { optionSetItemId: number; name: string; priceCents: number }[];
  lineTotalCents: number;
};

/** Where a delivery goes (mode 1). */
export type DeliveryLocation = {
  address: string;
  postcode: string;
  city: string;
  latitude?: number;
  longitude?: number;
  instructions?: string;
};

/** Flipdish's order states as this service keeps them (platform/order-status.ts). */
export type OrderStatus = RestaurantStatus;

export const orderingOrder = pgTable(
  "ordering_order",
  {
    // Flipdish's OrderId (the API's); the shop names the order by `orderNumber`.
    id: serial("id").primaryKey(),
    // The shop's one series shared with grocery orders (db/meta-schema.ts): « n° 1001 ».
    orderNumber: integer("order_number").notNull().default(sql`nextval('shop_order_number_seq')`),
    storeId: integer("store_id")
      .notNull()
      .references(() => orderingStore.id),
    customerId: integer("customer_id")
      .notNull()
      .references(() => orderingCustomer.id),
    mode: integer("mode").$type<OrderingMode>().notNull(),
    slotKey: text("slot_key").notNull(),
    slotStart: timestamp("slot_start", { withTimezone: true }).notNull(),
    deliveryLocation: jsonb("delivery_location").$type<DeliveryLocation>(),
    lines: jsonb("lines").$type<OrderLine[]>().notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    voucherId: integer("voucher_id").references(() => orderingVoucher.id, {
      onDelete: "set null",
    }),
    voucherCode: text("voucher_code"),
    discountCents: integer("discount_cents").notNull().default(0),
    serviceFeeCents: integer("service_fee_cents").notNull(),
    deliveryFeeCents: integer("delivery_fee_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    // The shopper asked for gift wrapping (the storefront's `isWrap`).
    giftWrap: boolean("gift_wrap").notNull().default(false),
    status: text("status").$type<OrderStatus>().notNull().default("Placed"),
    // The card used (no foreign key: deleting a saved card keeps its orders).
    paymentAccountId: integer("payment_account_id"),
    // The bank card that paid, as the provider's payment named it (brand, last four digits): a
    // new card on the hosted page has no saved account, and a saved card may be deleted later;
    // the receipt reads these first. Null for orders placed before issue 48 or without a card.
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    chargeId: text("charge_id"),
    // The payment provider's PaymentIntent (`pi_…`) of an order paid through it.
    paymentIntentId: text("payment_intent_id"),
    // The titres-restaurant card and what it paid (charged first, the bank card the rest).
    mealVoucherPaymentAccountId: integer("meal_voucher_payment_account_id"),
    mealVoucherChargeId: text("meal_voucher_charge_id"),
    mealVoucherAmountCents: integer("meal_voucher_amount_cents").notNull().default(0),
    // Required on submission: a retried submission with the same key returns this order.
    idempotencyKey: text("idempotency_key").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("ordering_order_idempotency_key").on(t.idempotencyKey),
    uniqueIndex("ordering_order_number_key").on(t.orderNumber),
    index("ordering_order_customer_idx").on(t.customerId, t.createdAt),
    index("ordering_order_store_slot_idx").on(t.storeId, t.slotStart),
    // The back office's order list, newest first (keyset on created_at, id).
    index("ordering_order_created_idx").on(t.createdAt, t.id),
  ],
);
