import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  httpBookmarkIo,
  normaliseBookmarks,
  saveBookmarkChanges,
} from "#app/lib/favourites/bookmarks.ts";
import { type ComposedStorefront, composeStorefront } from "#app/testing/composed-storefront.ts";
import { signIn } from "#platform/commerce/index.ts";
import { commerceProduct, commerceVariant } from "#platform/commerce/tables.ts";
import { readDocument } from "#platform/documents/index.ts";
import { DEMO_CUSTOMER } from "#seed/commerce/customers.ts";

/**
 * Favourites and shopping lists through the composed server, on the seeded demo data: the
 * bookmarks of /visitor.json, concurrent toggles of one account (nothing lost), the heart
 * without JavaScript (POST /favoris/), /favoris.json, and the /listes/ action down to the cart.
 */
let composed: ComposedStorefront;
let database: ComposedStorefront["database"];
let request: ComposedStorefront["request"];
let customerId: number;
let cookie: string;
let products: { id: number; gid: string; handle: string }[];

/** The browser's fetch for `httpBookmarkIo`: same-origin calls carrying the session cookie. */
const signedInFetch = ((input: RequestInfo | URL, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set("cookie", cookie);
  return request(String(input), { ...init, headers });
}) as typeof fetch;

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

async function storedBookmarks(): Promise<string[]> {
  const doc = await readDocument(database.db, `user/${customerId}-bookmarks`);
  return normaliseBookmarks((doc?.body.bookmarks as unknown[]) ?? []);
}

beforeAll(async () => {
  composed = await composeStorefront();
  ({ database, request } = composed);
  const outcome = await signIn(database.db, DEMO_CUSTOMER, new Date());
  if (!outcome.ok) throw new Error("the demo customer cannot sign in");
  customerId = outcome.value.customer.id;
  cookie = `customerAccessToken=${outcome.value.token.accessToken}`;
  // Products one can buy: not archived, not unavailable, a variant for sale.
  const rows = await database.db
    .selectDistinct({ id: commerceProduct.id, handle: commerceProduct.handle })
    .from(commerceProduct)
    .innerJoin(commerceVariant, eq(commerceVariant.productId, commerceProduct.id))
    .where(
      and(
        eq(commerceProduct.archived, false),
        eq(commerceVariant.availableForSale, true),
        sql`not ('unavailable' = any(${commerceProduct.tags}))`,
        sql`not ('restauration' = any(${commerceProduct.tags}))`,
      ),
    )
    .orderBy(commerceProduct.id)
    .limit(6);
  products = rows.map((row) => ({ ...row, gid: `gid://shopify/Product/${row.id}` }));
  expect(products).toHaveLength(6);
}, 180_000);

afterAll(() => composed?.close());

describe("favourites", () => {
  it("/visitor.json carries the signed-in customer's bookmarks, none for a visitor", async () => {
    const visitor = await (await request("/visitor.json")).json();
    expect(visitor.bookmarks).toBeNull();
    const response = await request("/visitor.json", { headers: { cookie } });
    expect(response.headers.get("cache-control")).toContain("no-store");
    const state = await response.json();
    expect(state.customer.email).toBe(DEMO_CUSTOMER.email);
    const stored = await readDocument(database.db, `user/${customerId}-bookmarks`);
    expect(state.bookmarks).toEqual({ ids: await storedBookmarks(), rev: stored?.rev ?? null });
  });

  it("two devices toggling at once from the same revision lose nothing", async () => {
    const io = httpBookmarkIo(`gid://shopify/Customer/${customerId}`, signedInFetch);
    const before = await io.read();
    const [a, b, c, d] = products;
    if (!a || !b || !c || !d) throw new Error("products missing");
    // Both devices saw the same list and revision; each adds one product and removes nothing.
    await Promise.all([
      saveBookmarkChanges(io, [{ productId: a.gid, bookmarked: true }], before),
      saveBookmarkChanges(io, [{ productId: b.gid, bookmarked: true }], before),
      saveBookmarkChanges(io, [{ productId: c.gid, bookmarked: true }], before),
      saveBookmarkChanges(io, [{ productId: d.gid, bookmarked: true }], before),
    ]);
    expect(await storedBookmarks()).toEqual(expect.arrayContaining([a.gid, b.gid, c.gid, d.gid]));
    // One removes a product while the other adds one, again from one stale revision.
    const stale = await io.read();
    const e = products[4];
    if (!e) throw new Error("products missing");
    await Promise.all([
      saveBookmarkChanges(io, [{ productId: a.gid, bookmarked: false }], stale),
      saveBookmarkChanges(io, [{ productId: e.gid, bookmarked: true }], stale),
    ]);
    const after = await storedBookmarks();
    expect(after).not.toContain(a.gid);
    expect(after).toEqual(expect.arrayContaining([b.gid, c.gid, d.gid, e.gid]));
  });

  it("toggles without JavaScript and comes back to the page", async () => {
    const product = products[5];
    if (!product) throw new Error("products missing");
    const back = `/p/${product.handle}/`;
    const post = () =>
      request("/favoris/", {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: form({ productId: product.gid, redirectTo: back }),
      });
    const added = await post();
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe(back);
    expect(await storedBookmarks()).toContain(product.gid);
    await post();
    expect(await storedBookmarks()).not.toContain(product.gid);
  });

  it("sends a visitor to sign-in, with the favourite in the way back", async () => {
    const product = products[0];
    if (!product) throw new Error("products missing");
    const response = await request("/favoris/", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form({ productId: product.gid, redirectTo: "/c/epicerie/" }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `/compte/?redirect=${encodeURIComponent(`/c/epicerie/?bookmark=${product.id}`)}`,
    );
  });

  it("refuses to go back elsewhere than this site", async () => {
    const product = products[0];
    if (!product) throw new Error("products missing");
    const response = await request("/favoris/", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: form({ productId: product.gid, redirectTo: "//evil.example/", intent: "add" }),
    });
    expect(response.headers.get("location")).toBe("/compte/?s=4");
  });

  it("renders the favourites tab on the server, whose 'Retirer' works without JavaScript", async () => {
    const product = products[4];
    if (!product) throw new Error("products missing");
    const post = (intent: string) =>
      request("/favoris/", {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: form({ intent, productId: product.gid, redirectTo: "/compte/?s=4" }),
      });
    const tab = async () => (await request("/compte/?s=4", { headers: { cookie } })).text();
    const removeForm = `<input type="hidden" name="productId" value="${product.gid}"/>`;

    await post("add");
    const shown = await tab();
    expect(shown).toContain(`href="/p/${product.handle}/"`);
    expect(shown).toContain(removeForm);
    const removed = await post("remove");
    expect(removed.headers.get("location")).toBe("/compte/?s=4");
    expect(await storedBookmarks()).not.toContain(product.gid);
    expect(await tab()).not.toContain(removeForm);
  });

  it("/favoris.json answers the favourites as cards, in order, never cached", async () => {
    const response = await request("/favoris.json", { headers: { cookie } });
    expect(response.headers.get("cache-control")).toContain("no-store");
    const data = await response.json();
    expect(data.signedIn).toBe(true);
    expect(data.products.map((product: { id: string }) => product.id)).toEqual(
      await storedBookmarks(),
    );
    expect(data.products[0]).toMatchObject({
      handle: expect.any(String),
      state: expect.any(Object),
    });
    expect(await (await request("/favoris.json")).json()).toEqual({
      signedIn: false,
      products: [],
    });
  });
});

describe("shopping lists", () => {
  const act = (fields: Record<string, string>, extra: [string, string][] = []) => {
    const body = form({ via: "fetcher", ...fields });
    for (const [name, value] of extra) body.append(name, value);
    return request("/listes/", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body,
    });
  };
  const lists = async () => await (await request("/listes.json", { headers: { cookie } })).json();

  it("creates, fills, renames, empties and deletes a list, and adds it to the cart", async () => {
    const [a, b] = products;
    if (!a || !b) throw new Error("products missing");
    const created = await (await act({ intent: "create", title: "Apéritif" })).json();
    expect(created).toMatchObject({ ok: true, intent: "create", message: "La liste a été créée." });
    const listId = String(created.listId);

    await act({ intent: "add", listId }, [
      ["productId", a.gid],
      ["productId", b.gid],
    ]);
    let list = (await lists()).lists.find((item: { id: number }) => item.id === Number(listId));
    expect(list.items).toEqual([a.gid, b.gid]);
    expect(list.products.map((product: { id: string }) => product.id)).toEqual([a.gid, b.gid]);

    const renamed = await (
      await act({ intent: "rename", listId, title: "Apéro du samedi" })
    ).json();
    expect(renamed.ok).toBe(true);

    const toCart = await act({ intent: "add-to-cart", listId });
    const result = await toCart.json();
    expect(result).toMatchObject({ ok: true, message: "La liste a été ajoutée au panier." });
    expect(result.cartQuantity).toBeGreaterThanOrEqual(2);
    expect(toCart.headers.get("set-cookie")).toContain("cartId=");

    await act({ intent: "remove", listId, productId: a.gid });
    list = (await lists()).lists.find((item: { id: number }) => item.id === Number(listId));
    expect(list).toMatchObject({ title: "Apéro du samedi", items: [b.gid] });

    expect((await (await act({ intent: "delete", listId })).json()).ok).toBe(true);
    expect((await lists()).lists.some((item: { id: number }) => item.id === Number(listId))).toBe(
      false,
    );
  });

  it("works without JavaScript: plain forms come back to the tab, which tells what happened", async () => {
    const [a] = products;
    if (!a) throw new Error("products missing");
    const post = (fields: Record<string, string>) =>
      request("/listes/", {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: form({ redirectTo: "/compte/?s=5", ...fields }),
      });
    const page = async (path: string) => {
      const response = await request(path, { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toContain("no-store");
      // React separates adjacent texts with comments: what a reader sees, entities kept.
      return (await response.text()).replaceAll("<!-- -->", "");
    };

    // The card's button leads to the tab with the product: its lists to choose, a new one.
    const product = (await (await request(`/p/${a.handle}/`)).text()).match(
      /<h1[^>]*>([^<]+)<\/h1>/,
    )?.[1];
    const adding = await page(`/compte/?s=5&produit=${a.id}`);
    expect(adding).toContain(`Ajouter « ${product} » à une liste`);
    expect(adding).toContain(`name="productId" value="${a.gid}"`);

    const created = await post({ intent: "create", title: "Sans script", productId: a.gid });
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/compte/?s=5&ok=produit-ajoute");
    const tab = await page("/compte/?s=5&ok=produit-ajoute");
    expect(tab).toContain("Le produit a été ajouté à la liste.");
    expect(tab).toContain("Sans script");
    const listId = (await lists()).lists.find(
      (list: { title: string }) => list.title === "Sans script",
    ).id;

    // Open, rename and delete are addresses of the tab, rendered on the server.
    expect(await page(`/compte/?s=5&voir=${listId}`)).toContain(
      `Retirer<span class="visually-hidden"> ${product} de la liste`,
    );
    expect(await page(`/compte/?s=5&renommer=${listId}`)).toContain("Nouveau nom");
    expect(await page(`/compte/?s=5&supprimer=${listId}`)).toContain("Confirmer la suppression");

    const refused = await post({ intent: "rename", listId: String(listId), title: " " });
    expect(refused.headers.get("location")).toBe("/compte/?s=5&erreur=liste-sans-nom");
    expect(await page("/compte/?s=5&erreur=liste-sans-nom")).toContain(
      "Donnez un nom à votre liste.",
    );
    const deleted = await post({ intent: "delete", listId: String(listId) });
    expect(deleted.headers.get("location")).toBe("/compte/?s=5&ok=liste-supprimee");
    expect(await page(deleted.headers.get("location") ?? "")).not.toContain("Sans script");

    // A visitor signs in first, and comes back to the product to add.
    const visitor = await (await request(`/compte/?s=5&produit=${a.id}`)).text();
    expect(visitor).toContain(`name="redirect" value="/compte/?s=5&amp;produit=${a.id}"`);
  });

  it("answers French errors: empty title, a list that is not the customer's, a visitor", async () => {
    expect(await (await act({ intent: "create", title: " " })).json()).toMatchObject({
      ok: false,
      error: "Donnez un nom à votre liste.",
    });
    expect(await (await act({ intent: "delete", listId: "999999" })).json()).toMatchObject({
      ok: false,
      error: "Cette liste n'existe plus.",
    });
    const visitor = await request("/listes/", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form({ intent: "create", title: "Test", redirectTo: "/p/x/" }),
    });
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("location")).toBe(
      `/compte/?redirect=${encodeURIComponent("/p/x/")}`,
    );
  });
});
