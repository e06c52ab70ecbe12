import { setTimeout as sleep } from "node:timers/promises";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { commerceProduct, commerceVariant } from "#platform/commerce/catalogue/schema.ts";
import { giveBackStock, StockShort, takeStock } from "#platform/commerce/catalogue/stock.ts";

/**
 * Counted stock taken by a checkout's hold (`takeStock`): the lines' variants are read and
 * locked at once, in id order, and only the counted ones lose units.
 */
let database: Database;
/** Two counted variants (honey, jam) and one that is not (bread), in id order. */
let honey: number;
let jam: number;
let bread: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const [product] = await database.db
    .insert(commerceProduct)
    .values({ handle: "panier-stock", title: "Panier" })
    .returning({ id: commerceProduct.id });
  const rows = await database.db
    .insert(commerceVariant)
    .values(
      ["Miel", "Confiture", "Pain"].map((title, index) => ({
        productId: product?.id ?? 0,
        position: index + 1,
        title,
        priceCents: 500,
      })),
    )
    .returning({ id: commerceVariant.id });
  [honey, jam, bread] = rows.map((row) => row.id).sort((a, b) => a - b) as [number, number, number];
});

afterAll(() => database?.close());

const units = async () => {
  const rows = await database.db
    .select({ id: commerceVariant.id, left: commerceVariant.quantityAvailable })
    .from(commerceVariant)
    .where(inArray(commerceVariant.id, [honey, jam, bread]));
  const left = new Map(rows.map((row) => [row.id, row.left]));
  return { honey: left.get(honey), jam: left.get(jam), bread: left.get(bread) };
};

/** Counts the honey and the jam at these units. */
const count = async (left: { honey: number; jam: number }) => {
  for (const [id, quantityAvailable] of [
    [honey, left.honey],
    [jam, left.jam],
  ] as const) {
    await database.db
      .update(commerceVariant)
      .set({ quantityAvailable })
      .where(eq(commerceVariant.id, id));
  }
};

const line = (variantId: number, quantity: number, title = "Article") => ({
  variantId,
  quantity,
  title,
});

beforeEach(() => count({ honey: 5, jam: 5 }));

describe("takeStock", () => {
  it("takes the counted variants' units, lines of one variant added up, and nothing of the others", async () => {
    const taken = await database.db.transaction((tx) =>
      takeStock(tx, [line(jam, 1), line(bread, 4), line(honey, 2), line(jam, 2), line(999_999, 1)]),
    );
    expect(taken).toEqual([
      { variantId: honey, quantity: 2 },
      { variantId: jam, quantity: 3 },
    ]);
    expect(await units()).toEqual({ honey: 3, jam: 2, bread: null });
  });

  it("refuses the first short variant in id order with what is left, and the rollback takes nothing", async () => {
    await count({ honey: 1, jam: 0 });
    const refused = await database.db
      .transaction((tx) =>
        takeStock(tx, [line(jam, 1, "Confiture"), line(bread, 1), line(honey, 2, "Miel")]),
      )
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StockShort);
    expect(refused).toMatchObject({ title: "Miel", left: 1 });
    expect(await units()).toEqual({ honey: 1, jam: 0, bread: null });
  });

  it("serves holds sharing variants one after the other, whatever their lines' order, until the units run out", async () => {
    // Each hold keeps its locks a moment: on PostgreSQL the others wait for them, and two that
    // locked the same variants in different orders would deadlock (an error here).
    const hold = (lines: ReturnType<typeof line>[]) =>
      database.db
        .transaction(async (tx) => {
          await takeStock(tx, lines);
          await sleep(20);
          return "taken";
        })
        .catch((error: unknown) => (error instanceof StockShort ? "short" : String(error)));
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        index % 2 === 0
          ? hold([line(honey, 2), line(bread, 1), line(jam, 2)])
          : hold([line(jam, 2), line(bread, 1), line(honey, 2)]),
      ),
    );
    expect(outcomes.sort()).toEqual([...Array(6).fill("short"), "taken", "taken"]);
    expect(await units()).toEqual({ honey: 1, jam: 1, bread: null });
  });

  it("makes a variant unavailable with its last unit, and available again when units come back", async () => {
    const availability = async () => {
      const [variant] = await database.db
        .select({ available: commerceVariant.availableForSale })
        .from(commerceVariant)
        .where(eq(commerceVariant.id, jam));
      const [product] = await database.db
        .select({ available: commerceProduct.availableForSale })
        .from(commerceProduct)
        .where(eq(commerceProduct.handle, "panier-stock"));
      return { variant: variant?.available, product: product?.available };
    };
    await count({ honey: 5, jam: 2 });
    // Honey and bread are still for sale: the product stays available while the jam is out.
    await database.db.update(commerceProduct).set({ availableForSale: true });
    const first = await database.db.transaction((tx) => takeStock(tx, [line(jam, 1)]));
    expect(await availability()).toEqual({ variant: true, product: true });
    const last = await database.db.transaction((tx) => takeStock(tx, [line(jam, 1)]));
    expect(await availability()).toEqual({ variant: false, product: true });
    await database.db.transaction((tx) => giveBackStock(tx, last));
    expect(await availability()).toEqual({ variant: true, product: true });
    await database.db.transaction((tx) => giveBackStock(tx, first));
    expect((await units()).jam).toBe(2);
  });
});
