import { asc, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { commerceProduct } from "#platform/commerce/tables.ts";

/**
 * The ordering back end's menu item ids of the catalogue's restauration products (tag
 * `restauration`): the content-side products carry them in `fd_content.MenuItemId`, and the
 * ordering service's menu must use the same ones. Both sides derive them here: the handles sorted,
 * numbered from 1001; bundles are numbered from 2001 in their seeded order.
 */
export const FIRST_MENU_ITEM_ID = 1001;
export const FIRST_BUNDLE_MENU_ITEM_ID = 2001;

/** Menu item ids by handle: sorted handles numbered from 1001. */
export function menuItemIds(handles: readonly string[]): Map<string, number> {
  const sorted = [...new Set(handles)].sort();
  return new Map(sorted.map((handle, index) => [handle, FIRST_MENU_ITEM_ID + index]));
}

/** The menu item id of one restauration product, among all of them; undefined if not one. */
export function menuItemIdFor(handles: readonly string[], handle: string): number | undefined {
  return menuItemIds(handles).get(handle);
}

export type RestaurationMenuItem = {
  handle: string;
  title: string;
  menuItemId: number;
  /** The product's (lowest) price, in cents. */
  priceCents: number;
  archived: boolean;
};

/** The catalogue's restauration products with their menu item ids, in menu item id order. */
export async function restaurationMenuItems(db: Db | Tx): Promise<RestaurationMenuItem[]> {
  const rows = await db
    .select({
      handle: commerceProduct.handle,
      title: commerceProduct.title,
      priceCents: commerceProduct.priceMinCents,
      archived: commerceProduct.archived,
    })
    .from(commerceProduct)
    .where(sql`'restauration' = any(${commerceProduct.tags})`)
    .orderBy(asc(commerceProduct.handle));
  const ids = menuItemIds(rows.map((row) => row.handle));
  return rows.map((row) => ({ ...row, menuItemId: ids.get(row.handle) ?? 0 }));
}
