import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { signIn, toGid } from "#platform/commerce/index.ts";
import {
  commerceMetafield,
  commerceProduct,
  commerceShoppingList,
} from "#platform/commerce/tables.ts";
import { customersSeeder, DEMO_CUSTOMER } from "#seed/commerce/customers.ts";
import { createRandom } from "#seed/random.ts";

let database: Database;
const NOW = new Date("2025-01-06T09:00:00.000Z");

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(commerceProduct).values(
    Array.from({ length: 7 }, (_, i) => ({
      handle: `produit-${i + 1}`,
      title: `Produit ${i + 1}`,
      availableForSale: true,
      archived: i === 0,
    })),
  );
  await database.db.transaction((tx) =>
    customersSeeder.run(tx, createRandom(1), { seed: 1, now: NOW }),
  );
}, 60_000);

afterAll(() => database?.close());

it("seeds Marie Dupont, who signs in with the documented password and has favourites and a list", async () => {
  const signedIn = await signIn(database.db, DEMO_CUSTOMER, NOW);
  if (!signedIn.ok) throw new Error("the demo customer cannot sign in");
  const customer = signedIn.value.customer;
  expect(customer).toMatchObject({ firstName: "Marie", lastName: "Dupont", state: "ENABLED" });
  const fields = await database.db
    .select({ key: commerceMetafield.key, value: commerceMetafield.value })
    .from(commerceMetafield)
    .where(
      and(eq(commerceMetafield.ownerType, "CUSTOMER"), eq(commerceMetafield.ownerId, customer.id)),
    )
    .orderBy(commerceMetafield.key);
  const [list] = await database.db.select().from(commerceShoppingList);
  expect(fields).toEqual([
    { key: "shopping_lists", value: JSON.stringify([list?.id]) },
    { key: "wishlist", value: JSON.stringify([2, 3, 4].map((id) => toGid("Product", id))) },
  ]);
  expect(list).toMatchObject({
    title: "Apéritif du dimanche",
    items: [5, 6, 7].map((id) => toGid("Product", id)),
  });
}, 30_000);
