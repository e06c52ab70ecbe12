import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { commerceProduct } from "#platform/commerce/catalogue/schema.ts";
import { writeCustomerMetafield } from "#platform/commerce/customers/metafields.ts";
import { commerceCustomer, commerceShoppingList } from "#platform/commerce/customers/schema.ts";
import { fromGid, toGid } from "#platform/commerce/gid.ts";
import { money } from "#platform/commerce/graphql/resolver-support.ts";

/**
 * Named shopping lists of a customer (storefront.md §3: id, items, products, title). The lists
 * live in `commerce_shopping_list`; the customer's `custom.shopping_lists` metafield holds their
 * ids, rewritten in the same transaction as every change, so the two never disagree. Every
 * function takes the customer whose lists it touches and leaves other customers' lists alone.
 */

export type ShoppingList = { id: number; title: string; items: string[] };

/** A product of a list, as the account page shows it. */
export type ShoppingListProduct = {
  id: string;
  handle: string;
  title: string;
  vendor: string;
  availableForSale: boolean;
  price: { amount: string; currencyCode: string };
};

export const SHOPPING_LIST_MAX_ITEMS = 500;

/** A product id in any of the forms clients send (GID, number, numeric string) as a GID. */
export function productGid(value: string | number): string | undefined {
  const id = typeof value === "number" ? value : (fromGid(value, "Product") ?? Number(value));
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
    ? toGid("Product", id)
    : undefined;
}

const view = (row: typeof commerceShoppingList.$inferSelect): ShoppingList => ({
  id: row.id,
  title: row.title,
  items: row.items,
});

/** Serialises changes to one customer's lists, so the metafield is rewritten from a true list. */
async function lockCustomer(tx: Tx, customerId: number) {
  await tx
    .select({ id: commerceCustomer.id })
    .from(commerceCustomer)
    .where(eq(commerceCustomer.id, customerId))
    .for("update");
}

async function syncMetafield(tx: Tx, customerId: number, now: Date): Promise<number[]> {
  const rows = await tx
    .select({ id: commerceShoppingList.id })
    .from(commerceShoppingList)
    .where(eq(commerceShoppingList.customerId, customerId))
    .orderBy(asc(commerceShoppingList.id));
  const ids = rows.map((row) => row.id);
  await writeCustomerMetafield(tx, customerId, "shopping_lists", ids, now);
  return ids;
}

/** Creates a list (with its first products, if any); answers it and the customer's list ids. */
export async function createShoppingList(
  db: Db,
  customerId: number,
  list: { title: string; items: string[] },
  now: Date,
): Promise<{ list: ShoppingList; listIds: number[] }> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const [row] = await tx
      .insert(commerceShoppingList)
      .values({
        customerId,
        title: list.title,
        items: [...new Set(list.items)].slice(0, SHOPPING_LIST_MAX_ITEMS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("The shopping list was not stored");
    return { list: view(row), listIds: await syncMetafield(tx, customerId, now) };
  });
}

/**
 * Adds products to one of the customer's lists (kept once each, in the order added), or removes
 * them. Undefined when the list is not the customer's.
 */
export async function changeShoppingListItems(
  db: Db,
  customerId: number,
  listId: number,
  change: { products: string[]; remove: boolean },
  now: Date,
): Promise<ShoppingList | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(commerceShoppingList)
      .where(
        and(eq(commerceShoppingList.id, listId), eq(commerceShoppingList.customerId, customerId)),
      )
      .for("update");
    if (!current) return undefined;
    const items = change.remove
      ? current.items.filter((item) => !change.products.includes(item))
      : [...new Set([...current.items, ...change.products])].slice(0, SHOPPING_LIST_MAX_ITEMS);
    const [row] = await tx
      .update(commerceShoppingList)
      .set({ items, updatedAt: now })
      .where(eq(commerceShoppingList.id, listId))
      .returning();
    return row ? view(row) : undefined;
  });
}

/** Renames one of the customer's lists; undefined when the list is not theirs. */
export async function renameShoppingList(
  db: Db,
  customerId: number,
  listId: number,
  title: string,
  now: Date,
): Promise<ShoppingList | undefined> {
  const [row] = await db
    .update(commerceShoppingList)
    .set({ title, updatedAt: now })
    .where(
      and(eq(commerceShoppingList.id, listId), eq(commerceShoppingList.customerId, customerId)),
    )
    .returning();
  return row ? view(row) : undefined;
}

/**
 * Deletes lists of the customer; all or nothing: when one of the ids is not theirs, nothing is
 * deleted and the answer is undefined. Otherwise the customer's remaining list ids.
 */
export async function deleteShoppingLists(
  db: Db,
  customerId: number,
  listIds: number[],
  now: Date,
): Promise<number[] | undefined> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const unique = [...new Set(listIds)];
    const owned = and(
      inArray(commerceShoppingList.id, unique),
      eq(commerceShoppingList.customerId, customerId),
    );
    const found = await tx
      .select({ id: commerceShoppingList.id })
      .from(commerceShoppingList)
      .where(owned);
    if (found.length !== unique.length) return undefined;
    await tx.delete(commerceShoppingList).where(owned);
    return syncMetafield(tx, customerId, now);
  });
}

/**
 * The customer's lists with these ids, with their products (archived or deleted ones left out);
 * undefined when one of the ids is not a list of the customer.
 */
export async function shoppingListsWithProducts(
  db: Db,
  customerId: number,
  listIds: number[],
): Promise<(ShoppingList & { products: ShoppingListProduct[] })[] | undefined> {
  const unique = [...new Set(listIds)];
  if (unique.length === 0) return [];
  const rows = await db
    .select()
    .from(commerceShoppingList)
    .where(
      and(
        inArray(commerceShoppingList.id, unique),
        eq(commerceShoppingList.customerId, customerId),
      ),
    )
    .orderBy(asc(commerceShoppingList.id));
  if (rows.length !== unique.length) return undefined;
  const products = await productsByGid(
    db,
    rows.flatMap((row) => row.items),
  );
  return rows.map((row) => ({
    ...view(row),
    products: row.items.flatMap((gid) => products.get(gid) ?? []),
  }));
}

async function productsByGid(db: Db, gids: string[]): Promise<Map<string, ShoppingListProduct>> {
  const ids = [...new Set(gids.map((gid) => fromGid(gid, "Product")))].filter(
    (id): id is number => id !== undefined,
  );
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(commerceProduct)
    .where(and(inArray(commerceProduct.id, ids), eq(commerceProduct.archived, false)));
  return new Map(
    rows.map((row) => [
      toGid("Product", row.id),
      {
        id: toGid("Product", row.id),
        handle: row.handle,
        title: row.title,
        vendor: row.vendor,
        availableForSale: row.availableForSale,
        price: money(row.priceMinCents),
      },
    ]),
  );
}
