import { asc, eq, sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { setProductMetafields, touch } from "#platform/commerce/catalogue/catalogue.ts";
import {
  type AdminProductFilter,
  filterCondition,
  type Reader,
} from "#platform/commerce/catalogue/edit-read.ts";
import { commerceProduct, commerceVariant } from "#platform/commerce/catalogue/schema.ts";
import { soldByWeightProducts } from "#platform/commerce/catalogue/sold-by-weight.ts";
import { gramsOfTitle, soldByWeightFields, weightPriceCents } from "#platform/sold-by-weight.ts";

/**
 * Bulk price changes for the admin area: an operation (percentage, amount, set) applied to the
 * variants of a selection, previewed and then applied, never below one cent nor over
 * `MAX_BULK_PRODUCTS` products. On a product sold by weight the operation applies to its price
 * per kilogram (« +5 % », « 2 € de plus au kilo », « 34,00 € le kilo »), and each weight is priced
 * from the new one (platform/sold-by-weight.ts).
 */

/** Products one bulk price change may touch: beyond, staff narrow the selection. */
export const MAX_BULK_PRODUCTS = 1000;
/** No price goes below one cent. */
export const MIN_PRICE_CENTS = 1;
// ---------------------------------------------------------------------------------------------
// Bulk prices

export type PriceOperation =
  | { kind: "set"; cents: number }
  | { kind: "percent"; percent: number }
  | { kind: "amount"; cents: number }
  | { kind: "promo-percent"; percent: number }
  | { kind: "promo-amount"; cents: number }
  | { kind: "clear-compare" };

export type Prices = { priceCents: number; compareAtPriceCents: number | null };

const atLeastOneCent = (cents: number) => Math.max(MIN_PRICE_CENTS, Math.round(cents));

/**
 * A variant's prices after an operation. The price never goes below one cent; a compare-at price
 * is only kept when it is above the new price. A promotion first makes the current price the
 * compare-at price, then lowers the price.
 */
export function applyPriceOperation(prices: Prices, operation: PriceOperation): Prices {
  const keep = (priceCents: number, compareAt: number | null): Prices => ({
    priceCents,
    compareAtPriceCents: compareAt !== null && compareAt > priceCents ? compareAt : null,
  });
  const { priceCents, compareAtPriceCents } = prices;
  switch (operation.kind) {
    case "set":
      return keep(atLeastOneCent(operation.cents), compareAtPriceCents);
    case "percent":
      return keep(
        atLeastOneCent((priceCents * (100 + operation.percent)) / 100),
        compareAtPriceCents,
      );
    case "amount":
      return keep(atLeastOneCent(priceCents + operation.cents), compareAtPriceCents);
    case "promo-percent":
      return keep(atLeastOneCent((priceCents * (100 - operation.percent)) / 100), priceCents);
    case "promo-amount":
      return keep(atLeastOneCent(priceCents - operation.cents), priceCents);
    case "clear-compare":
      return { priceCents, compareAtPriceCents: null };
  }
}

export type PriceChangeLine = {
  productId: number;
  handle: string;
  title: string;
  variantId: number;
  variantTitle: string;
  before: Prices;
  after: Prices;
  /** The product's price per kilogram before and after, when it is sold by weight. */
  perKg: { before: number; after: number } | null;
};

export type PricePlan = {
  /** Products the selection matches. */
  productCount: number;
  /** Every variant of the selection with its prices before and after. */
  lines: PriceChangeLine[];
};

/** Thrown when a bulk selection matches more products than one change may touch. */
export class SelectionTooLargeError extends Error {
  readonly productCount: number;
  constructor(productCount: number) {
    super(`the selection matches ${productCount} products (at most ${MAX_BULK_PRODUCTS})`);
    this.name = "SelectionTooLargeError";
    this.productCount = productCount;
  }
}

async function planWith(
  db: Reader,
  filter: AdminProductFilter,
  operation: PriceOperation,
  lock: boolean,
) {
  const where = filterCondition(filter);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(commerceProduct)
    .where(where);
  const productCount = Number(counted?.total ?? 0);
  if (productCount > MAX_BULK_PRODUCTS) throw new SelectionTooLargeError(productCount);
  const query = db
    .select({
      productId: commerceProduct.id,
      handle: commerceProduct.handle,
      title: commerceProduct.title,
      variantId: commerceVariant.id,
      variantTitle: commerceVariant.title,
      priceCents: commerceVariant.priceCents,
      compareAtPriceCents: commerceVariant.compareAtPriceCents,
    })
    .from(commerceProduct)
    .innerJoin(commerceVariant, eq(commerceVariant.productId, commerceProduct.id))
    .where(where)
    .orderBy(asc(commerceProduct.title), asc(commerceProduct.id), asc(commerceVariant.position));
  const rows = lock ? await query.for("update", { of: commerceVariant }) : await query;
  const weighed = await soldByWeightProducts(
    db,
    rows.map((row) => row.productId),
  );
  const lines = rows.map(({ priceCents: price, compareAtPriceCents, ...row }): PriceChangeLine => {
    const before = { priceCents: price, compareAtPriceCents };
    const after = applyPriceOperation(before, operation);
    const perKgBefore = weighed.get(row.productId)?.pricePerKgCents ?? null;
    const grams = gramsOfTitle(row.variantTitle);
    if (perKgBefore === null || grams === null) {
      return { ...row, before, after, perKg: null };
    }
    const perKgAfter = applyPriceOperation(
      { priceCents: perKgBefore, compareAtPriceCents: null },
      operation,
    ).priceCents;
    // The weight's price follows the price per kilogram; the compare-at price follows the
    // operation (a promotion strikes the old price), kept only above the new price.
    const priceCents = weightPriceCents(perKgAfter, grams);
    const compareAt = after.compareAtPriceCents;
    return {
      ...row,
      before,
      after: {
        priceCents,
        compareAtPriceCents: compareAt !== null && compareAt > priceCents ? compareAt : null,
      },
      perKg: { before: perKgBefore, after: perKgAfter },
    };
  });
  return { productCount, lines };
}

/** What a bulk price change would do, writing nothing (the preview). */
export function previewPriceChange(
  db: Reader,
  filter: AdminProductFilter,
  operation: PriceOperation,
): Promise<PricePlan> {
  return planWith(db, filter, operation, false);
}

/**
 * Applies a bulk price change in the caller's transaction, recomputed from the current prices
 * (rows locked), and returns it; only variants whose prices change are written.
 */
export async function applyPriceChange(
  tx: Tx,
  filter: AdminProductFilter,
  operation: PriceOperation,
  options: { now?: Date } = {},
): Promise<PricePlan> {
  const now = options.now ?? new Date();
  const plan = await planWith(tx, filter, operation, true);
  const changed = plan.lines.filter((line) => !samePrices(line.before, line.after));
  if (changed.length > 0) {
    const document = JSON.stringify(
      changed.map((line) => ({
        id: line.variantId,
        price: line.after.priceCents,
        compare: line.after.compareAtPriceCents,
      })),
    );
    await tx.execute(sql`update ${commerceVariant} as v
      set price_cents = x.price, compare_at_price_cents = x.compare, updated_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${document}::jsonb) as x(id int, price int, compare int)
      where v.id = x.id`);
    const perKg = new Map<number, number>();
    for (const line of changed) {
      if (line.perKg && line.perKg.after !== line.perKg.before) {
        perKg.set(line.productId, line.perKg.after);
      }
    }
    await setProductMetafields(
      tx,
      [...perKg].map(([productId, cents]) => ({
        productId,
        metafields: soldByWeightFields(cents),
      })),
      { now },
    );
    await touch(tx, [...new Set(changed.map((line) => line.productId))], now);
  }
  return plan;
}

export function samePrices(a: Prices, b: Prices): boolean {
  return a.priceCents === b.priceCents && a.compareAtPriceCents === b.compareAtPriceCents;
}
