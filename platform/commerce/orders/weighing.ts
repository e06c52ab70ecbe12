import { and, asc, eq, isNotNull, isNull, lte, ne } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { soldByWeightProducts } from "#platform/commerce/catalogue/sold-by-weight.ts";
import { issueGroceryInvoice } from "#platform/commerce/orders/invoice.ts";
import { storedOrderVatLines } from "#platform/commerce/orders/orders.ts";
import { commerceOrder, commerceOrderLine } from "#platform/commerce/orders/schema.ts";
import { invoicesOfOrder, issueCreditNote } from "#platform/invoices/index.ts";
import { gramsOfTitle, weightPriceCents } from "#platform/sold-by-weight.ts";
import { totalVat } from "#platform/vat.ts";

/**
 * Grocery orders paid through the payment provider, for the back office: the payment as the
 * order keeps it (its PaymentIntent, what was authorised, when, what was captured), the lines
 * sold by weight with what the counter weighed, and what capturing the weighed amount changes
 * on the order (its lines, totals and invoice). docs/sold-by-weight.md, "Paying for what was
 * weighed".
 */

export type GroceryPayment = {
  orderId: number;
  orderNumber: number;
  status: string;
  financialStatus: string;
  paymentIntentId: string | null;
  authorisedCents: number | null;
  authorisedAt: Date | null;
  capturedCents: number | null;
  totalCents: number;
  totalRefundedCents: number;
  mealVoucherCents: number;
};

function paymentOf(order: typeof commerceOrder.$inferSelect): GroceryPayment {
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    financialStatus: order.financialStatus,
    paymentIntentId: order.paymentIntentId,
    authorisedCents: order.paymentAuthorisedCents,
    authorisedAt: order.paymentAuthorisedAt,
    capturedCents: order.paymentCapturedCents,
    totalCents: order.totalCents,
    totalRefundedCents: order.totalRefundedCents,
    mealVoucherCents: order.mealVoucherCents,
  };
}

/** A grocery order's provider payment; null when there is no such order. `lock`: FOR UPDATE. */
export async function groceryPaymentOf(
  db: Db | Tx,
  orderId: number,
  options: { lock?: boolean } = {},
): Promise<GroceryPayment | null> {
  const query = db.select().from(commerceOrder).where(eq(commerceOrder.id, orderId));
  const [order] = options.lock ? await query.for("update") : await query;
  return order ? paymentOf(order) : null;
}

/** The grocery order paid by this PaymentIntent, its row locked; null when none is. */
export async function groceryPaymentByIntent(
  tx: Tx,
  paymentIntentId: string,
): Promise<GroceryPayment | null> {
  const [order] = await tx
    .select()
    .from(commerceOrder)
    .where(eq(commerceOrder.paymentIntentId, paymentIntentId))
    .for("update");
  return order ? paymentOf(order) : null;
}

/** A line of a product sold by weight, as ordered and as weighed. */
export type WeighedLine = {
  position: number;
  title: string;
  variantTitle: string | null;
  quantity: number;
  /** What was ordered: the variant's weight times the quantity. */
  orderedGrams: number;
  weighedGrams: number | null;
  pricePerKgCents: number;
  /** The line's total as ordered (after its discount). */
  orderedTotalCents: number;
  /** The line's total at the weighed weight (its discount kept); null until weighed. */
  weighedTotalCents: number | null;
};

export type Weighing = {
  lines: WeighedLine[];
  /** The order's total as ordered (before any capture). */
  orderedTotalCents: number;
  /** The order's total with every weighed line at its weighed price; null while one is not weighed. */
  weighedTotalCents: number | null;
};

/**
 * The lines of a grocery order sold by weight (products flagged so now), with their weighed
 * weight and price. The price per kilogram is the product's at weighing (the variant's price
 * divided by its weight when the product lost it).
 */
export async function weighingOf(db: Db | Tx, orderId: number): Promise<Weighing | null> {
  const [order] = await db.select().from(commerceOrder).where(eq(commerceOrder.id, orderId));
  if (!order) return null;
  const rows = await db
    .select()
    .from(commerceOrderLine)
    .where(eq(commerceOrderLine.orderId, orderId))
    .orderBy(asc(commerceOrderLine.position));
  const products = await soldByWeightProducts(
    db,
    rows.flatMap((row) => (row.productId !== null ? [row.productId] : [])),
  );
  const lines: WeighedLine[] = [];
  let delta = 0;
  let complete = true;
  for (const row of rows) {
    const grams = gramsOfTitle(row.variantTitle ?? "");
    const product = row.productId !== null ? products.get(row.productId) : undefined;
    if (!product || grams === null) continue;
    const orderedTotalCents = row.orderedTotalCents ?? row.discountedTotalCents;
    // Captured already: the line holds its weighed price, and the discount it kept.
    const discount =
      row.orderedTotalCents === null ? row.originalTotalCents - row.discountedTotalCents : 0;
    const pricePerKgCents =
      product.pricePerKgCents ?? Math.round((row.unitPriceCents * 1000) / grams);
    const weighedTotalCents =
      row.weighedGrams === null
        ? null
        : row.orderedTotalCents !== null
          ? row.discountedTotalCents
          : Math.max(0, weightPriceCents(pricePerKgCents, row.weighedGrams) - discount);
    if (weighedTotalCents === null) complete = false;
    else delta += weighedTotalCents - orderedTotalCents;
    lines.push({
      position: row.position,
      title: row.title,
      variantTitle: row.variantTitle,
      quantity: row.quantity,
      orderedGrams: grams * row.quantity,
      weighedGrams: row.weighedGrams,
      pricePerKgCents,
      orderedTotalCents,
      weighedTotalCents,
    });
  }
  const captured = rows.some((row) => row.orderedTotalCents !== null);
  const orderedTotalCents = captured ? order.totalCents - delta : order.totalCents;
  return {
    lines,
    orderedTotalCents,
    weighedTotalCents: complete ? orderedTotalCents + delta : null,
  };
}

/** Keeps what the counter weighed, line by line (position → grams), in the caller's transaction. */
export async function saveWeighedGrams(
  tx: Tx,
  orderId: number,
  grams: ReadonlyMap<number, number>,
): Promise<void> {
  for (const [position, weighed] of grams) {
    await tx
      .update(commerceOrderLine)
      .set({ weighedGrams: weighed })
      .where(and(eq(commerceOrderLine.orderId, orderId), eq(commerceOrderLine.position, position)));
  }
}

/**
 * Records the capture of a weighed grocery order in the caller's transaction (the order's row
 * locked): each weighed line takes its weighed price (its total as ordered kept beside it), the
 * order's subtotal, total and VAT follow, `capturedCents` is kept and the order is `PAID`. The
 * invoice says what was weighed: issued now when the order has none (the invoice of an
 * authorised order waits for its capture), or, when one was issued at the order, a credit note
 * gives back what weighing took off (docs/sold-by-weight.md).
 */
export async function recordWeighedCapture(
  tx: Tx,
  orderId: number,
  capturedCents: number,
  payment: string,
  now: Date,
): Promise<void> {
  const weighing = await weighingOf(tx, orderId);
  if (!weighing) throw new Error(`No grocery order ${orderId}`);
  for (const line of weighing.lines) {
    if (line.weighedTotalCents === null) throw new Error("A line sold by weight is not weighed");
    await tx
      .update(commerceOrderLine)
      .set({
        orderedTotalCents: line.orderedTotalCents,
        originalTotalCents: weightPriceCents(line.pricePerKgCents, line.weighedGrams ?? 0),
        discountedTotalCents: line.weighedTotalCents,
      })
      .where(
        and(eq(commerceOrderLine.orderId, orderId), eq(commerceOrderLine.position, line.position)),
      );
  }
  const [order] = await tx.select().from(commerceOrder).where(eq(commerceOrder.id, orderId));
  if (!order) throw new Error(`No grocery order ${orderId}`);
  const delta = (weighing.weighedTotalCents ?? order.totalCents) - order.totalCents;
  const lines = await tx
    .select()
    .from(commerceOrderLine)
    .where(eq(commerceOrderLine.orderId, orderId));
  const [updated] = await tx
    .update(commerceOrder)
    .set({
      subtotalCents: order.subtotalCents + delta,
      totalCents: order.totalCents + delta,
      totalTaxCents: totalVat(storedOrderVatLines(order, lines)),
      paymentCapturedCents: capturedCents,
      financialStatus: "PAID",
    })
    .where(eq(commerceOrder.id, orderId))
    .returning();
  if (!updated) throw new Error(`No grocery order ${orderId}`);
  const issued = await invoicesOfOrder(tx, "epicerie", orderId);
  const invoice = issued.find((row) => row.kind === "invoice");
  if (!invoice) {
    await issueGroceryInvoice(tx, updated, payment, now);
    return;
  }
  if (invoice.totalCents > updated.totalCents) {
    await issueCreditNote(
      tx,
      {
        source: "epicerie",
        orderId,
        amountCents: invoice.totalCents - updated.totalCents,
        reason: "Ajustement au poids pesé des articles vendus au poids",
      },
      now,
    );
  }
}

/** An authorisation released (an order cancelled before its capture): nothing was taken. */
export async function recordGroceryAuthorisationReleased(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(commerceOrder)
    .set({ financialStatus: "VOIDED", paymentCapturedCents: 0 })
    .where(eq(commerceOrder.id, orderId));
}

/**
 * Grocery orders paid through the provider whose authorisation, given at or before
 * `authorisedBefore`, is not captured yet (nor the order cancelled), oldest first.
 */
export async function uncapturedAuthorisations(db: Db | Tx, authorisedBefore: Date, limit = 50) {
  return db
    .select({
      id: commerceOrder.id,
      orderNumber: commerceOrder.orderNumber,
      paymentIntentId: commerceOrder.paymentIntentId,
      paymentAuthorisedAt: commerceOrder.paymentAuthorisedAt,
      paymentCapturedCents: commerceOrder.paymentCapturedCents,
      status: commerceOrder.status,
    })
    .from(commerceOrder)
    .where(
      and(
        isNotNull(commerceOrder.paymentIntentId),
        isNull(commerceOrder.paymentCapturedCents),
        ne(commerceOrder.status, "cancelled"),
        lte(commerceOrder.paymentAuthorisedAt, authorisedBefore),
      ),
    )
    .orderBy(asc(commerceOrder.paymentAuthorisedAt))
    .limit(limit);
}
