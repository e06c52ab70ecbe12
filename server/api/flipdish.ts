import { Hono } from "hono";
import { z } from "zod";
import type { FlipdishMenu, FlipdishStore } from "#platform/ordering/index.ts";
import { serviceFetch } from "#platform/services.ts";
import { registerMenuCache, registerStoreCache } from "#server/api/ordering-cache.ts";
import type { ApiDependencies } from "#server/api/types.ts";
import { requireVerify } from "#server/api/verify.ts";

/** The administrative API's base path on the `ordering` service (docs/ordering-api.md). */
const ADMIN_API = "/ordering/api/v1.0";

type OrderingFetch = (path: string, init?: RequestInit) => Promise<Response>;

/**
 * The storefront's view of the ordering service (ordering-and-server.md §7): the stores that
 * deliver, the pickup points, a store, a menu; and the webhooks that refresh them.
 *
 * The routes read the ordering service through its administrative HTTP API (`serviceFetch`), not
 * through its tables or functions: the same code then works when `ORDERING_URL` points at a
 * remote ordering service (DESIGN.md §3, one code path, two transports), and this router stays
 * out of the module's internals. Answers are kept in memory, since every ordering page reads
 * them and they change only when the office edits a store or a menu; the webhooks drop them.
 */
export function flipdishRoutes(deps: ApiDependencies) {
  const ordering = createOrderingReader((path, init = {}) => {
    // The registry may add the credential too; set here, the routes do not depend on it.
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${deps.env.ORDERING_API_TOKEN}`);
    return serviceFetch("ordering", path, { ...init, headers });
  });
  registerMenuCache(() => ordering.forgetMenus());
  registerStoreCache(() => ordering.forgetStores());
  const api = new Hono();

  api.get("/flipdish/stores", async (c) => {
    const stores = await ordering.stores();
    return c.json(stores.filter((store) => store.DeliveryEnabled));
  });
  api.get("/flipdish/pickupstores", async (c) => {
    const stores = await ordering.stores();
    return c.json(stores.filter((store) => store.PickupEnabled));
  });
  api.get("/flipdish/stores/:id", async (c) => {
    const store = await ordering.store(c.req.param("id"));
    return store ? c.json(store) : notFound(c);
  });
  api.get("/flipdish/pickupstores/:id", async (c) => {
    const store = await ordering.store(c.req.param("id"));
    return store?.PickupEnabled ? c.json(store) : notFound(c);
  });
  api.get("/flipdish/menus/:id", async (c) => {
    const menu = await ordering.menu(c.req.param("id"));
    return menu ? c.json(menu) : notFound(c);
  });

  const verify = requireVerify(deps.env);
  api.post("/webhooks/stores", verify, (c) => {
    deps.invalidations.publish({ kind: "ordering-stores" });
    return c.json({ success: true });
  });
  api.post("/webhooks/pickupstores", verify, (c) => {
    deps.invalidations.publish({ kind: "ordering-stores" });
    return c.json({ success: true });
  });
  api.post("/webhooks/menus", verify, (c) => {
    deps.invalidations.publish({ kind: "ordering-menus" });
    return c.json({ success: true });
  });
  api.post("/webhooks/product", verify, async (c) => {
    const parsed = productChange.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      return c.json({ success: false, error: "invalid_product" }, 400);
    }
    const updated = await ordering.applyProductChange(parsed.data);
    return c.json({ success: true, updated });
  });

  api.onError((error, c) => {
    if (!(error instanceof OrderingUnavailable)) throw error;
    deps.logger.warn({ err: error }, "ordering service call failed");
    return c.json({ success: false, error: "ordering_unavailable" }, 502);
  });
  return api;
}

const notFound = (c: { json: (body: unknown, status: 404) => Response }) =>
  c.json({ success: false, error: "not_found" }, 404);

/**
 * What the product webhook receives: the content service's product (ordering-and-server.md §3).
 * Only the fields the menu shows are read; the rest of the product is allowed and ignored.
 */
const productChange = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  tags: z.array(z.string()).optional(),
  fd_content: z
    .object({
      MenuItemId: z.number().int().positive(),
      Price: z.number().nonnegative().max(100_000).optional(),
      ImageUrl: z.string().max(2000).optional(),
    })
    .nullish(),
});
type ProductChange = z.infer<typeof productChange>;

/** A product tagged so is not sold (storefront.md: `Archive` hides it; `unavailable` too). */
const HIDING_TAGS = ["Archive", "unavailable"];

class OrderingUnavailable extends Error {
  constructor(path: string, reason: string, options?: ErrorOptions) {
    super(`ordering service call ${path} failed: ${reason}`, options);
    this.name = "OrderingUnavailable";
  }
}

/** Reads of the administrative API, memoised until a webhook says they changed. */
function createOrderingReader(fetchOrdering: OrderingFetch) {
  const cache = new Map<string, Promise<unknown>>();

  /** A call that did not get through (network, unconfigured service) is the service failing. */
  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchOrdering(path, init);
    } catch (error) {
      throw new OrderingUnavailable(path, "no answer", { cause: error });
    }
  }
  /** `Data` of a GET, null on 404; a failed read is not kept, so the next request retries. */
  async function read<T>(path: string): Promise<T | null> {
    const response = await send(path, { headers: { Accept: "application/json" } });
    if (response.status === 404) return null;
    if (!response.ok) throw new OrderingUnavailable(path, `status ${response.status}`);
    const body = (await response.json()) as { Data: T };
    return body.Data;
  }
  function cached<T>(path: string): Promise<T | null> {
    let entry = cache.get(path) as Promise<T | null> | undefined;
    if (!entry) {
      const reading = read<T>(path);
      cache.set(path, reading);
      reading.catch(() => {
        if (cache.get(path) === reading) cache.delete(path);
      });
      entry = reading;
    }
    return entry;
  }
  const forget = (prefix: string) => {
    for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
  };
  const validId = (id: string) => /^[1-9]\d{0,9}$/.test(id);

  async function stores(): Promise<FlipdishStore[]> {
    return (await cached<FlipdishStore[]>(`${ADMIN_API}/stores`)) ?? [];
  }

  /** Pushes a changed product's name, price, picture and availability to its menu item. */
  async function applyProductChange(product: ProductChange) {
    const itemId = product.fd_content?.MenuItemId;
    if (itemId === undefined) return [];
    const menuIds = new Set((await stores()).flatMap((store) => store.MenuId ?? []));
    const updated: { MenuId: number; MenuSectionId: number; MenuItemId: number }[] = [];
    for (const menuId of menuIds) {
      // Fresh, not cached: the section an item sits in may have changed since.
      const menu = await read<FlipdishMenu>(`${ADMIN_API}/menus/${menuId}`);
      for (const section of menu?.MenuSections ?? []) {
        if (!section.MenuItems.some((item) => item.MenuItemId === itemId)) continue;
        const path = `${ADMIN_API}/menus/${menuId}/sections/${section.MenuSectionId}/sectionitems/${itemId}`;
        const response = await send(path, {
          method: "POST",
          headers: { "Content-Type": "text/json" },
          body: JSON.stringify(sectionItemChange(product)),
        });
        if (!response.ok) throw new OrderingUnavailable(path, `status ${response.status}`);
        updated.push({ MenuId: menuId, MenuSectionId: section.MenuSectionId, MenuItemId: itemId });
      }
    }
    forget(`${ADMIN_API}/menus/`);
    return updated;
  }

  return {
    stores,
    async store(id: string) {
      if (!validId(id)) return null;
      return (await stores()).find((store) => store.StoreId === Number(id)) ?? null;
    },
    menu: (id: string) => (validId(id) ? cached<FlipdishMenu>(`${ADMIN_API}/menus/${id}`) : null),
    applyProductChange,
    forgetStores: () => forget(`${ADMIN_API}/stores`),
    forgetMenus: () => forget(`${ADMIN_API}/menus/`),
  };
}

function sectionItemChange(product: ProductChange) {
  const hidden = product.tags?.some((tag) => HIDING_TAGS.includes(tag)) ?? false;
  return {
    ...(product.name !== undefined && { Name: product.name }),
    ...(product.fd_content?.Price !== undefined && { Price: product.fd_content.Price }),
    ...(product.fd_content?.ImageUrl !== undefined && { ImageUrl: product.fd_content.ImageUrl }),
    ...(product.tags !== undefined && { IsAvailable: !hidden }),
  };
}
