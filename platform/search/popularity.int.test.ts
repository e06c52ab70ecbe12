import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { catalogueSearchSource as source } from "#platform/commerce/index.ts";
import { commerceOrder, commerceOrderLine, commerceProduct } from "#platform/commerce/tables.ts";
import { rebuildSearchIndex } from "#platform/search/indexer.ts";
import { refreshPopularity } from "#platform/search/popularity.ts";
import { matchingProductIds } from "#platform/search/search.ts";
import { insertTestProducts } from "#platform/search/testing.ts";

/**
 * The ranking's popularity key: among products the other keys cannot tell apart, those that
 * sold most over the last 30 days come first, and those that cannot be bought last.
 */
let database: Database;
let ids: number[];
const NOW = new Date("2026-11-20T10:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

beforeAll(async () => {
  database = await createTestDatabase();
  ids = await insertTestProducts(database.db, [
    { handle: "sable-nature", title: "Sablé nature" },
    { handle: "sable-citron", title: "Sablé citron" },
    { handle: "sable-vanille", title: "Sablé vanille" },
    { handle: "sable-cacao", title: "Sablé cacao" },
  ]);
  await rebuildSearchIndex(database.db, source);
});
afterAll(() => database?.close());

async function sell(productId: number, quantity: number, at: Date, cancelled = false) {
  const [order] = await database.db
    .insert(commerceOrder)
    .values({
      statusKey: `key-${productId}-${at.getTime()}`,
      processedAt: at,
      financialStatus: "PAID",
      subtotalCents: 1000 * quantity,
      totalTaxCents: 0,
      totalCents: 1000 * quantity,
      deliveryMethod: "PICKUP",
      cancelledAt: cancelled ? at : null,
      status: cancelled ? "cancelled" : "received",
    })
    .returning({ id: commerceOrder.id });
  await database.db.insert(commerceOrderLine).values({
    orderId: order?.id as number,
    position: 0,
    title: "Sablé",
    productId,
    quantity,
    unitPriceCents: 1000,
    originalTotalCents: 1000 * quantity,
    discountedTotalCents: 1000 * quantity,
    taxRateBasisPoints: 550,
  });
}

describe("the popularity key", () => {
  it("puts what sold most in the last 30 days first, and what cannot be bought last", async () => {
    const [nature, citron, vanille, cacao] = ids as [number, number, number, number];
    await sell(citron, 2, daysAgo(3));
    await sell(vanille, 5, daysAgo(10));
    // Too old, or cancelled: not counted.
    await sell(nature, 50, daysAgo(45));
    await sell(cacao, 50, daysAgo(2), true);
    await database.db
      .update(commerceProduct)
      .set({ availableForSale: false })
      .where(sql`${commerceProduct.id} = ${nature}`);
    // The rebuild counted every product as available and unsold; three of them changed since.
    expect(await refreshPopularity(database.db, source, { now: NOW })).toBe(3);
    expect(await matchingProductIds(database.db, "sablé")).toEqual([
      vanille,
      citron,
      cacao,
      nature,
    ]);
    // Nothing changed since: nothing is written.
    expect(await refreshPopularity(database.db, source, { now: NOW })).toBe(0);
  });
});
