import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, count, desc, eq, inArray, lt, or } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { type CartAttribute, commerceCart } from "#platform/commerce/cart/schema.ts";
import type { CartView } from "#platform/commerce/cart/view.ts";
import type { StockTaken } from "#platform/commerce/catalogue/stock.ts";
import {
  claimAutomaticDiscountUse,
  claimDiscountUses,
} from "#platform/commerce/discounts/discounts.ts";
import {
  commerceOrder,
  commerceOrderLine,
  type OrderAddress,
  type OrderDiscountApplication,
} from "#platform/commerce/orders/schema.ts";
import {
  orderVat,
  SERVICE_FEE_VAT_RATE,
  totalVat,
  type VatAmount,
  type VatLine,
  vatBreakdown,
} from "#platform/vat.ts";

export type OrderRow = typeof commerceOrder.$inferSelect;
export type OrderLineRow = typeof commerceOrderLine.$inferSelect;

/** The fixed fee added to every grocery order (ordering-and-server.md §4, §9: 0.50 €). */
export const SERVICE_FEE_CENTS = 50;
export const SERVICE_FEE_TITLE = "Frais de service";

/** A cart's product lines after discounts, each at its product's rate (platform/vat.ts). */
export function productVatAmounts(
  lines: readonly Pick<CartView["lines"][number], "totalCents" | "product">[],
): VatAmount[] {
  return lines.map((line) => ({
    rateBasisPoints: line.product.vatRateBasisPoints,
    amountCents: line.totalCents,
  }));
}

/** The VAT included in a cart's product lines: the cart's `totalTaxAmount`. */
export function productsTax(
  lines: readonly Pick<CartView["lines"][number], "totalCents" | "product">[],
) {
  return totalVat(vatBreakdown(productVatAmounts(lines)));
}

/** The VAT per rate of an order as stored: its lines (the fee lines have no product). */
export function storedOrderVatLines(
  order: Pick<OrderRow, "totalShippingCents">,
  lines: readonly Pick<OrderLineRow, "productId" | "taxRateBasisPoints" | "discountedTotalCents">[],
): VatLine[] {
  const amount = (line: (typeof lines)[number]) => ({
    rateBasisPoints: line.taxRateBasisPoints,
    amountCents: line.discountedTotalCents,
  });
  return orderVat(
    lines.filter((line) => line.productId !== null).map(amount),
    lines.filter((line) => line.productId === null).map(amount),
    order.totalShippingCents,
  );
}

/**
 * The order GID carries the order's random status key, as Shopify's `Order/123?key=…` ids do:
 * order numbers are sequential, so the key is what keeps one shopper from reading another's.
 */
export function orderGid(order: Pick<OrderRow, "id" | "statusKey">): string {
  return `gid://shopify/Order/${order.id}?key=${order.statusKey}`;
}

export function parseOrderGid(gid: string): { id: number; key: string } | undefined {
  const match = /^gid:\/\/shopify\/Order\/(\d+)\?key=([0-9a-f]{32})$/.exec(gid);
  if (!match) return undefined;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
    ? { id, key: match[2] as string }
    : undefined;
}

/** "#1001": the order's name, as the shopper and the shop staff say it. */
export function orderName(order: Pick<OrderRow, "orderNumber">): string {
  return `#${order.orderNumber}`;
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The order a GID names, when its key matches; undefined otherwise. */
export async function orderByGid(db: Db | Tx, gid: string): Promise<OrderRow | undefined> {
  const parsed = parseOrderGid(gid);
  if (!parsed) return undefined;
  const [row] = await db.select().from(commerceOrder).where(eq(commerceOrder.id, parsed.id));
  return row && sameKey(parsed.key, row.statusKey) ? row : undefined;
}

/** The order placed from a cart, if any (one per cart). */
export async function orderForCart(db: Db | Tx, cartId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(commerceOrder).where(eq(commerceOrder.cartId, cartId));
  return row;
}

/** An order's line items, in the order of the cart. */
export async function orderLines(db: Db | Tx, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(commerceOrderLine)
    .where(inArray(commerceOrderLine.orderId, orderIds))
    .orderBy(asc(commerceOrderLine.orderId), asc(commerceOrderLine.position));
}

/** One of the customer's orders, by id; undefined when it is someone else's or does not exist. */
export async function orderForCustomer(
  db: Db | Tx,
  customerId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(commerceOrder)
    .where(and(eq(commerceOrder.id, orderId), eq(commerceOrder.customerId, customerId)));
  return row;
}

/** An order's cursor in a customer's list: its id, opaque to clients. */
function orderCursor(order: OrderRow): string {
  return Buffer.from(`order:${order.id}`).toString("base64url");
}

function cursorOrderId(cursor: string): number | undefined {
  const match = /^order:(\d+)$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  return match ? Number(match[1]) : undefined;
}

/** Orders per page when `first` is not given (storefront.md §7: "first 10 default"). */
export const DEFAULT_ORDERS_PAGE = 10;

/**
 * A customer's orders, newest first, as a Storefront API `OrderConnection` (the nodes are order
 * rows, which the `Order` resolvers read): `first` at a time (10 by default, 250 at most), after
 * the cursor `after`. Keyset paging on (processed_at, id), so every page costs the same; an
 * unknown cursor starts over.
 */
export async function listOrdersForCustomer(
  db: Db | Tx,
  customerId: number,
  page: { first?: number | null; after?: string | null },
) {
  const first = Math.min(Math.max(page.first ?? DEFAULT_ORDERS_PAGE, 0), 250);
  const mine = eq(commerceOrder.customerId, customerId);
  const afterId = page.after ? cursorOrderId(page.after) : undefined;
  const after = afterId ? await orderForCustomer(db, customerId, afterId) : undefined;
  const rows = await db
    .select()
    .from(commerceOrder)
    .where(
      after
        ? and(
            mine,
            or(
              lt(commerceOrder.processedAt, after.processedAt),
              and(eq(commerceOrder.processedAt, after.processedAt), lt(commerceOrder.id, after.id)),
            ),
          )
        : mine,
    )
    .orderBy(desc(commerceOrder.processedAt), desc(commerceOrder.id))
    .limit(first + 1);
  const [total] = await db.select({ n: count() }).from(commerceOrder).where(mine);
  const nodes = rows.slice(0, first);
  const edges = nodes.map((node) => ({ cursor: orderCursor(node), node }));
  return {
    edges,
    nodes,
    pageInfo: {
      hasNextPage: rows.length > first,
      hasPreviousPage: after !== undefined,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: String(total?.n ?? 0),
  };
}

/** How the order reaches the shopper, with its fee (the hosted checkout's choice). */
export type OrderDeliveryMethod = { code: string; title: string; feeCents: number };

export type NewOrder = {
  view: CartView;
  email: string;
  phone: string | null;
  shippingAddress: OrderAddress | null;
  billingAddress: OrderAddress | null;
  delivery: OrderDeliveryMethod;
  /** The payment processor's charge id; null for an order not paid by card. */
  chargeId: string | null;
  /** What a titres-restaurant card paid, with its charge (the rest is on `chargeId`). */
  mealVoucher?: { chargeId: string; amountCents: number } | null;
  /** Paid in full at the checkout, by card, gift cards or both (else the payment is pending). */
  paid?: boolean;
  /** The payment provider's PaymentIntent, for an order paid on its hosted page. */
  paymentIntentId?: string | null;
  /**
   * For a basket with lines sold by weight: what the card authorised (manual capture), captured
   * by the office once weighed. The order is then `AUTHORIZED`, not yet `PAID`.
   */
  authorisedCents?: number | null;
  /** The slot booked for the order, with its store (grocery checkout). */
  slot?: OrderSlotBooking | null;
  /** When the shopper confirmed being 18 or over (an order with alcohol). */
  adultConfirmedAt?: Date | null;
  /** The order's attributes when not the cart's as they are (the checkout's gift options). */
  customAttributes?: CartAttribute[];
  /** The units of counted variants the checkout took for the order. */
  stockTaken?: StockTaken[];
  now: Date;
};

/** A booked slot as an order keeps it. */
export type OrderSlotBooking = {
  mode: 1 | 2;
  key: string;
  start: Date;
  end: Date;
  store: { id: number; name: string; address: string };
};

/** The amounts of an order placed from a cart view: what the checkout shows and charges. */
export function orderTotals(view: CartView, delivery: OrderDeliveryMethod) {
  const productsCents = view.totalCents;
  const subtotalCents = productsCents + SERVICE_FEE_CENTS;
  const totalCents = subtotalCents + delivery.feeCents;
  const vat = orderVat(
    productVatAmounts(view.lines),
    [{ rateBasisPoints: SERVICE_FEE_VAT_RATE, amountCents: SERVICE_FEE_CENTS }],
    delivery.feeCents,
  );
  return {
    productsCents,
    discountCents: view.discountCents,
    serviceFeeCents: SERVICE_FEE_CENTS,
    shippingCents: delivery.feeCents,
    subtotalCents,
    totalCents,
    taxCents: totalVat(vat),
    vat,
  };
}

/**
 * Turns a cart into an order, inside the caller's transaction (which holds the cart's row lock):
 * counts a use of its discount codes or of its automatic discount (`DiscountUsedUp`,
 * `AutomaticDiscountUsedUp` when one has none left), copies lines,
 * prices, discounts and attributes, adds the service fee line, marks the cart completed. The unique cart id makes a second order for the same cart impossible; the caller
 * checks `orderForCart` first to answer a retry with the existing order.
 */
export async function createOrderFromCart(tx: Tx, order: NewOrder): Promise<OrderRow> {
  const { view, delivery, now } = order;
  await claimDiscountUses(
    tx,
    view.appliedDiscounts.map((discount) => discount.code),
  );
  if (view.automaticDiscount) await claimAutomaticDiscountUse(tx, view.automaticDiscount);
  const totals = orderTotals(view, delivery);
  const discountApplications: OrderDiscountApplication[] = view.appliedDiscounts.map((d) => ({
    code: d.code,
    kind: d.kind,
    value: d.value,
    amountCents: d.amountCents,
  }));
  if (view.automaticDiscount) {
    const { title, kind, value, amountCents } = view.automaticDiscount;
    discountApplications.push({ automatic: true, title, kind, value, amountCents });
  }
  const [created] = await tx
    .insert(commerceOrder)
    .values({
      cartId: view.cart.id,
      customerId: view.cart.customerId,
      statusKey: randomBytes(16).toString("hex"),
      email: order.email,
      phone: order.phone,
      processedAt: now,
      financialStatus: order.authorisedCents
        ? "AUTHORIZED"
        : order.chargeId || order.paid
          ? "PAID"
          : "PENDING",
      subtotalCents: totals.subtotalCents,
      totalDiscountCents: totals.discountCents,
      totalShippingCents: totals.shippingCents,
      totalTaxCents: totals.taxCents,
      totalCents: totals.totalCents,
      deliveryMethod: delivery.title,
      shippingAddress: order.shippingAddress,
      billingAddress: order.billingAddress,
      discountApplications,
      customAttributes: order.customAttributes ?? view.cart.attributes,
      note: view.cart.note,
      orderMode: order.slot?.mode ?? null,
      slotKey: order.slot?.key ?? null,
      slotStart: order.slot?.start ?? null,
      slotEnd: order.slot?.end ?? null,
      storeId: order.slot?.store.id ?? null,
      storeName: order.slot?.store.name ?? null,
      storeAddress: order.slot?.store.address ?? null,
      paymentChargeId: order.chargeId,
      paymentIntentId: order.paymentIntentId ?? null,
      paymentAuthorisedCents: order.authorisedCents ?? null,
      paymentAuthorisedAt: order.authorisedCents ? now : null,
      mealVoucherChargeId: order.mealVoucher?.chargeId ?? null,
      mealVoucherCents: order.mealVoucher?.amountCents ?? 0,
      adultConfirmedAt: order.adultConfirmedAt ?? null,
      stockTaken: order.stockTaken?.length ? order.stockTaken : null,
      createdAt: now,
    })
    .returning();
  if (!created) throw new Error("the order was not created");
  const lines: (typeof commerceOrderLine.$inferInsert)[] = view.lines.map((line, index) => ({
    orderId: created.id,
    position: index + 1,
    title: line.product.title,
    variantTitle: line.variant.title,
    sku: line.variant.sku,
    variantId: line.variant.id,
    productId: line.product.id,
    quantity: line.quantity,
    unitPriceCents: line.unitCents,
    originalTotalCents: line.subtotalCents,
    discountedTotalCents: line.totalCents,
    taxRateBasisPoints: line.product.vatRateBasisPoints,
    customAttributes: line.attributes,
  }));
  lines.push({
    orderId: created.id,
    position: lines.length + 1,
    title: SERVICE_FEE_TITLE,
    variantTitle: null,
    sku: null,
    variantId: null,
    productId: null,
    quantity: 1,
    unitPriceCents: SERVICE_FEE_CENTS,
    originalTotalCents: SERVICE_FEE_CENTS,
    discountedTotalCents: SERVICE_FEE_CENTS,
    taxRateBasisPoints: SERVICE_FEE_VAT_RATE,
    customAttributes: [],
  });
  await tx.insert(commerceOrderLine).values(lines);
  await tx
    .update(commerceCart)
    .set({ completedAt: now, updatedAt: now })
    .where(eq(commerceCart.id, view.cart.id));
  return created;
}
