import type { Db } from "#db/client.ts";
import { breathe, type JobProgress } from "#platform/backoffice/jobs.ts";
import { adminAuditLog } from "#platform/backoffice/schema.ts";
import {
  type Actor,
  type CatalogueProduct,
  contentProductsBySlug,
  countProducts,
  menuItemIdOf,
  productBatches,
} from "#platform/backoffice/syncs/catalogue-sync.ts";
import { ARCHIVE_TAG, UNAVAILABLE_TAG } from "#platform/commerce/index.ts";
import type {
  FlipdishMenu,
  FlipdishMenuItemMetadata,
  FlipdishSectionItem,
  FlipdishStore,
} from "#platform/ordering/index.ts";
import { serviceFetch } from "#platform/services.ts";

/**
 * The catalogue's restauration products and the ordering service's menus (Flipdish-shaped,
 * docs/ordering-admin.md): the `export-flipdish` screen pushes the products' names, prices and
 * availability into the menu items they are tied to, and `GET /api/export/fd/products/{id}`
 * lists a store's products as a file for the ordering service. Both go through the ordering
 * service's administrative HTTP API with its bearer credential, never its tables, so they work
 * the same against a remote service (`ORDERING_URL`).
 */

const ADMIN_API = "/ordering/api/v1.0";

export class OrderingUnavailable extends Error {
  constructor(path: string, reason: string) {
    super(`ordering service call ${path} failed: ${reason}`);
    this.name = "OrderingUnavailable";
  }
}

export type OrderingCall = (path: string, init?: RequestInit) => Promise<Response>;

/** Calls of the ordering service's administrative API, with its bearer credential. */
export function orderingAdminCall(token: string): OrderingCall {
  return async (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${token}`);
    try {
      return await serviceFetch("ordering", `${ADMIN_API}${path}`, { ...init, headers });
    } catch {
      throw new OrderingUnavailable(path, "no answer");
    }
  };
}

/** `Data` of a GET; null on 404; the service failing otherwise. */
async function read<T>(call: OrderingCall, path: string): Promise<T | null> {
  const response = await call(path, { headers: { Accept: "application/json" } });
  if (response.status === 404) return null;
  if (!response.ok) throw new OrderingUnavailable(path, `status ${response.status}`);
  return ((await response.json()) as { Data: T }).Data;
}

/** The availability key of per-store metadata (seed/ordering: `IsAvailable: "false"`). */
const AVAILABILITY_KEY = "IsAvailable";

/** What a menu item should say for its catalogue product. */
export function wantedItem(product: CatalogueProduct) {
  return {
    Name: product.title,
    Price: Math.round(product.priceCents) / 100,
    IsAvailable:
      product.availableForSale &&
      !product.archived &&
      !product.tags.includes(UNAVAILABLE_TAG) &&
      !product.tags.includes(ARCHIVE_TAG),
  };
}

type Wanted = ReturnType<typeof wantedItem>;

function differences(item: FlipdishSectionItem, wanted: Wanted): (keyof Wanted)[] {
  return (Object.keys(wanted) as (keyof Wanted)[]).filter((key) => item[key] !== wanted[key]);
}

export type MenuExportChange = {
  handle: string;
  menuId: number;
  menuItemId: number;
  fields: string[];
};

export type MenuExportReport = {
  products: number;
  menus: number[];
  updated: number;
  unchanged: number;
  /** Restauration products without a menu item (no `fd_content`, or an item no menu has). */
  notOnMenu: string[];
  changes: MenuExportChange[];
};

/** The ordering service's stores. */
export async function orderingStores(call: OrderingCall): Promise<FlipdishStore[]> {
  return (await read<FlipdishStore[]>(call, "/stores")) ?? [];
}

/** Where in the stores' menus each menu item sits: menu id → item id → section id and item. */
async function menuItemsByMenu(call: OrderingCall) {
  const stores = await orderingStores(call);
  const menuIds = [...new Set(stores.flatMap((store) => store.MenuId ?? []))].sort((a, b) => a - b);
  const menus = new Map<number, Map<number, { sectionId: number; item: FlipdishSectionItem }>>();
  for (const menuId of menuIds) {
    const menu = await read<FlipdishMenu>(call, `/menus/${menuId}`);
    const items = new Map<number, { sectionId: number; item: FlipdishSectionItem }>();
    for (const section of menu?.MenuSections ?? [])
      for (const item of section.MenuItems)
        items.set(item.MenuItemId, { sectionId: section.MenuSectionId, item });
    menus.set(menuId, items);
  }
  return menus;
}

/**
 * Pushes the restauration products into the menus of the ordering service's stores: each menu
 * item tied to a product (its content record's `fd_content.MenuItemId`) gets the product's name,
 * price and availability when they differ (`POST …/sectionitems/{id}`, `text/json`). Items are
 * never created nor deleted from here (the menu's structure is the ordering service's): products
 * without an item are reported. Each change is in the change log.
 */
export async function exportToMenus(
  db: Db,
  call: OrderingCall,
  options: { actor: Actor; action: string; onProgress?: (progress: JobProgress) => void },
): Promise<MenuExportReport> {
  const menus = await menuItemsByMenu(call);
  const report: MenuExportReport = {
    products: 0,
    menus: [...menus.keys()],
    updated: 0,
    unchanged: 0,
    notOnMenu: [],
    changes: [],
  };
  const restauration = { kind: "restauration" } as const;
  const total = await countProducts(db, restauration);
  options.onProgress?.({ phase: "products", done: 0, total });
  for await (const batch of productBatches(db, restauration)) {
    const records = await contentProductsBySlug(
      db,
      batch.map((product) => product.handle),
    );
    for (const product of batch) {
      report.products++;
      const itemId = menuItemIdOf(records.get(product.handle));
      const places = [...menus].flatMap(([menuId, items]) => {
        const place = itemId === undefined ? undefined : items.get(itemId);
        return place ? [{ menuId, ...place }] : [];
      });
      if (itemId === undefined || places.length === 0) {
        report.notOnMenu.push(product.handle);
        continue;
      }
      const wanted = wantedItem(product);
      for (const place of places) {
        const fields = differences(place.item, wanted);
        if (fields.length === 0) {
          report.unchanged++;
          continue;
        }
        const path = `/menus/${place.menuId}/sections/${place.sectionId}/sectionitems/${itemId}`;
        const change = Object.fromEntries(fields.map((field) => [field, wanted[field]]));
        const response = await call(path, {
          method: "POST",
          headers: { "Content-Type": "text/json" },
          body: JSON.stringify(change),
        });
        if (!response.ok) throw new OrderingUnavailable(path, `status ${response.status}`);
        report.updated++;
        report.changes.push({
          handle: product.handle,
          menuId: place.menuId,
          menuItemId: itemId,
          fields,
        });
        await db.insert(adminAuditLog).values({
          staffId: options.actor.id,
          staffEmail: options.actor.email,
          action: options.action,
          subjectType: "menu-item",
          subjectId: `${place.menuId}/${itemId} ${product.handle}`,
          before: Object.fromEntries(fields.map((field) => [field, place.item[field]])),
          after: change,
        });
      }
    }
    options.onProgress?.({ phase: "products", done: report.products, total });
    await breathe();
  }
  return report;
}

export type StoreMenuRow = {
  menuItemId: number | null;
  section: string;
  handle: string;
  name: string;
  price: number;
  available: boolean;
  imageUrl: string;
};

/**
 * The restauration products as one store sells them (`GET /api/export/fd/products/{id}`):
 * every restauration product of the catalogue that is not archived, with its menu item, the
 * menu section it sits in, its price and whether the store sells it (the product on sale, the
 * item available, and no `IsAvailable: "false"` metadata for that store). Null for an unknown
 * store.
 */
export async function storeMenuRows(
  db: Db,
  call: OrderingCall,
  storeId: number,
): Promise<{ store: FlipdishStore; rows: StoreMenuRow[] } | null> {
  const store = await read<FlipdishStore>(call, `/stores/${storeId}`);
  if (!store) return null;
  const menu = store.MenuId ? await read<FlipdishMenu>(call, `/menus/${store.MenuId}`) : null;
  const metadata = store.MenuId
    ? await read<{ MenuItemMetadata: FlipdishMenuItemMetadata[] }>(
        call,
        `/menus/${store.MenuId}/metadata/store/${storeId}`,
      )
    : null;
  const notSold = new Set(
    (metadata?.MenuItemMetadata ?? [])
      .filter((entry) => entry.Key === AVAILABILITY_KEY && entry.Value === "false")
      .map((entry) => entry.MenuItemId),
  );
  const places = new Map<number, { section: string; item: FlipdishSectionItem }>();
  for (const section of menu?.MenuSections ?? [])
    for (const item of section.MenuItems)
      places.set(item.MenuItemId, { section: section.Name, item });

  const rows: StoreMenuRow[] = [];
  for await (const batch of productBatches(db, { kind: "restauration" })) {
    const records = await contentProductsBySlug(
      db,
      batch.map((product) => product.handle),
    );
    for (const product of batch) {
      if (product.archived) continue;
      const itemId = menuItemIdOf(records.get(product.handle)) ?? null;
      const place = itemId === null ? undefined : places.get(itemId);
      const wanted = wantedItem(product);
      rows.push({
        menuItemId: place ? itemId : null,
        section: place?.section ?? "",
        handle: product.handle,
        name: product.title,
        price: wanted.Price,
        available:
          wanted.IsAvailable &&
          (place?.item.IsAvailable ?? false) &&
          !(itemId !== null && notSold.has(itemId)),
        imageUrl: product.imageUrl ?? "",
      });
    }
  }
  rows.sort(
    (a, b) =>
      (a.menuItemId ?? Number.MAX_SAFE_INTEGER) - (b.menuItemId ?? Number.MAX_SAFE_INTEGER) ||
      a.handle.localeCompare(b.handle),
  );
  return { store, rows };
}

const CSV_HEADER = ["MenuItemId", "Section", "Handle", "Name", "Price", "IsAvailable", "ImageUrl"];

function csvCell(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The rows as CSV (`;`, UTF-8 with BOM, CRLF): what spreadsheet software opens as is. */
export function storeMenuCsv(rows: readonly StoreMenuRow[]): string {
  const lines = [CSV_HEADER.join(";")];
  for (const row of rows) {
    lines.push(
      [
        row.menuItemId === null ? "" : String(row.menuItemId),
        row.section,
        row.handle,
        row.name,
        row.price.toFixed(2),
        row.available ? "true" : "false",
        row.imageUrl,
      ]
        .map(csvCell)
        .join(";"),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
