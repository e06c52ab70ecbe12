import type { Db, Tx } from "#db/client.ts";
import { CUSTOM_NAMESPACE } from "#platform/commerce/catalogue/metafields.ts";
import { commerceMetafield } from "#platform/commerce/catalogue/schema.ts";

/**
 * The customer metafields the shop keeps: the wishlist and the shopping lists.
 */

// ---------------------------------------------------------------------------------------------
// Customer metafields: wishlist and shopping lists

/** The customer metafields the shop keeps (storefront.md §3: wishlist, shoppingList). */
export const CUSTOMER_METAFIELDS = {
  // Product GIDs, so `references` on the metafield resolves them to products.
  wishlist: "list.product_reference",
  // Ids of the customer's shopping lists (commerce_shopping_list).
  shopping_lists: "json",
} as const;

export type CustomerMetafieldKey = keyof typeof CUSTOMER_METAFIELDS;

/** Writes a customer metafield (creating it the first time), inside the caller's transaction. */
export async function writeCustomerMetafield(
  db: Db | Tx,
  customerId: number,
  key: CustomerMetafieldKey,
  value: unknown,
  now: Date,
): Promise<void> {
  const text = JSON.stringify(value);
  await db
    .insert(commerceMetafield)
    .values({
      ownerType: "CUSTOMER",
      ownerId: customerId,
      namespace: CUSTOM_NAMESPACE,
      key,
      type: CUSTOMER_METAFIELDS[key],
      value: text,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [
        commerceMetafield.ownerType,
        commerceMetafield.ownerId,
        commerceMetafield.namespace,
        commerceMetafield.key,
      ],
      set: { value: text, updatedAt: now },
    });
}

/** Replaces the customer's wishlist with these product GIDs (duplicates dropped, order kept). */
export async function setWishlist(
  db: Db,
  customerId: number,
  productGids: string[],
  now: Date,
): Promise<string[]> {
  const wishlist = [...new Set(productGids)];
  await writeCustomerMetafield(db, customerId, "wishlist", wishlist, now);
  return wishlist;
}
