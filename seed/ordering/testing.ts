import type { Db } from "#db/client.ts";
import { commerceProduct, commerceVariant } from "#platform/commerce/tables.ts";
import { orderingSeeder } from "#seed/ordering/index.ts";
import { createRandom } from "#seed/random.ts";

/** Restauration products of a small catalogue: one per menu section the tests look at. */
export const FIXTURE_PRODUCTS = [
  {
    handle: "salade-cesar",
    title: "Salade César",
    category: "Entrées et salades",
    priceCents: 950,
  },
  {
    handle: "boeuf-bourguignon",
    title: "Bœuf bourguignon",
    category: "Plats cuisinés",
    priceCents: 1450,
  },
  {
    handle: "caviar-oscietre",
    title: "Caviar osciètre",
    category: "Poissons fumés et caviar",
    priceCents: 8900,
  },
  {
    handle: "pain-de-campagne",
    title: "Pain de campagne",
    category: "Pains",
    priceCents: 420,
    grocery: true,
  },
] as const;

/**
 * The ordering demo data over a four-product catalogue, for tests of the ordering APIs: seeding
 * the whole demo catalogue takes seconds, these rows a few milliseconds.
 */
export async function seedOrderingFixture(db: Db, now = new Date("2025-01-06T09:00:00.000Z")) {
  await db.transaction(async (tx) => {
    for (const product of FIXTURE_PRODUCTS) {
      const [row] = await tx
        .insert(commerceProduct)
        .values({
          handle: product.handle,
          title: product.title,
          productType: product.category,
          tags: "grocery" in product ? [] : ["restauration"],
          availableForSale: true,
          priceMinCents: product.priceCents,
          priceMaxCents: product.priceCents,
        })
        .returning({ id: commerceProduct.id });
      await tx.insert(commerceVariant).values({
        productId: row?.id ?? 0,
        position: 1,
        priceCents: product.priceCents,
      });
    }
    await orderingSeeder.run(tx, createRandom(1), { seed: 1, now });
  });
}
