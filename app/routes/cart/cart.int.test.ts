import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OrderModeRequest } from "#app/components/cart/cart-actions.ts";
import { currentToasts, toast } from "#app/components/toast/toast.ts";
import type { CartActionResult, CartPayload } from "#app/lib/cart/cart.ts";
import { formatCents } from "#app/lib/format.ts";
import { configureService, serviceConfig } from "#app/lib/services.server.ts";
import { type ComposedStorefront, composeStorefront } from "#app/testing/composed-storefront.ts";
import { orderingDeliveryZone } from "#platform/ordering/tables.ts";
import { perKgLabel } from "#platform/sold-by-weight.ts";

/**
 * The storefront cart through the composed server (storefront, rules, commerce service) on the
 * seeded demo catalogue: the cart routes as the page's script calls them (JSON) and as plain
 * forms without JavaScript (303 and the /panier/ page), the cart cookie, the cap, the
 * restauration rule, and the browser's cart store driving the same routes.
 */
let composed: ComposedStorefront;
let app: ComposedStorefront["app"];
let rows: ComposedStorefront["rows"];

/** A browser's cookies, as a tiny jar. */
class Jar {
  cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  cartId() {
    const raw = this.cookies.get("cartId");
    return raw ? decodeURIComponent(raw) : undefined;
  }
}

async function send(jar: Jar, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (jar.cookies.size > 0) headers.set("cookie", jar.header());
  const response = await app.request(
    path,
    { ...init, headers, redirect: "manual" },
    { incoming: { socket: { remoteAddress: "203.0.113.9" } } },
  );
  jar.take(response);
  return response;
}

function form(fields: Record<string, string | number>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, String(value));
  return body;
}

/** A cart route as the page's script calls it. */
async function post(jar: Jar, path: string, fields: Record<string, string | number>) {
  const response = await send(jar, path, {
    method: "POST",
    body: form({ ...fields, _fetcher: 1 }),
  });
  return { status: response.status, body: (await response.json()) as CartActionResult };
}

/** A cart route as a plain form (no JavaScript). */
async function submit(jar: Jar, path: string, fields: Record<string, string | number>) {
  return send(jar, path, { method: "POST", body: form(fields) });
}

type Product = { productId: string; variantId: string; title: string; handle: string };

async function products(condition: ReturnType<typeof sql>, count: number): Promise<Product[]> {
  const found = await rows(sql`select p.id, p.title, p.handle, min(v.id) as variant_id
    from commerce_product p join commerce_variant v on v.product_id = p.id
    where p.archived = false and p.available_for_sale
      and not (p.tags @> array['unavailable']::text[]) and v.available_for_sale
      and not exists (select 1 from commerce_metafield m where m.owner_type = 'product'
        and m.owner_id = p.id and m.key = 'max_quantity')
      and ${condition}
    group by p.id order by p.id limit ${count}`);
  if (found.length < count) throw new Error("not enough such products in the demo catalogue");
  return found.map((row) => ({
    productId: `gid://shopify/Product/${row.id}`,
    variantId: `gid://shopify/ProductVariant/${row.variant_id}`,
    title: String(row.title),
    handle: String(row.handle),
  }));
}

let grocery: Product[];
let dish: Product;

beforeAll(async () => {
  composed = await composeStorefront();
  ({ app, rows } = composed);
  grocery = await products(sql`not (p.tags @> array['restauration']::text[])`, 3);
  [dish] = (await products(sql`p.tags @> array['restauration']::text[]`, 1)) as [Product];
}, 180_000);

afterAll(() => composed?.close());

describe("the cart routes, as the page's script calls them", () => {
  it("creates the cart on the first add and keeps it in a long-lived, script-readable cookie", async () => {
    const jar = new Jar();
    const [first] = grocery as [Product];
    const response = await send(jar, "/cart/add", {
      method: "POST",
      body: form({ merchandiseId: first.variantId, quantity: 1, _fetcher: 1 }),
    });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("cartId="));
    expect(cookie).toMatch(/Max-Age=157680000/);
    expect(cookie).not.toMatch(/HttpOnly/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = (await response.json()) as CartActionResult;
    expect(body).toMatchObject({ ok: true, message: "Produit ajouté au panier" });
    expect(body.cart?.totalQuantity).toBe(1);
    expect(body.cart?.lines[0]).toMatchObject({
      productId: first.productId,
      variantId: first.variantId,
      title: first.title,
      quantity: 1,
      maxQuantity: 10,
      restauration: false,
    });
    expect(body.cart?.attributes).toContainEqual({ key: "restauration", value: "false" });
    expect(jar.cartId()).toBe(body.cart?.id);
  });

  it("adds, sets quantities, removes one unit at a time and the line at 1", async () => {
    const jar = new Jar();
    const [a, b, c] = grocery as [Product, Product, Product];
    await post(jar, "/cart/add", { merchandiseId: a.variantId });
    await post(jar, "/cart/add", { merchandiseId: b.variantId, quantity: 2 });
    let { body } = await post(jar, "/cart/add", { merchandiseId: c.variantId });
    expect(body.cart?.totalQuantity).toBe(4);

    ({ body } = await post(jar, "/cart/update", { merchandiseId: a.variantId, quantity: 5 }));
    expect(body.cart?.lines.find((l) => l.variantId === a.variantId)?.quantity).toBe(5);

    ({ body } = await post(jar, "/cart/remove", { merchandiseId: b.variantId }));
    expect(body).toMatchObject({ ok: true, message: "Produit retiré du panier" });
    expect(body.cart?.lines.find((l) => l.variantId === b.variantId)?.quantity).toBe(1);
    ({ body } = await post(jar, "/cart/remove", { merchandiseId: b.variantId }));
    expect(body.cart?.lines.some((l) => l.variantId === b.variantId)).toBe(false);
    expect(body.cart?.totalQuantity).toBe(6);

    const cartJson = (await (await send(jar, "/cart.json")).json()) as CartPayload;
    expect(cartJson.cart?.id).toBe(body.cart?.id);
    expect(cartJson.cart?.totalQuantity).toBe(6);
  });

  it("refuses an add above max_quantity with the spec's message and changes nothing", async () => {
    const jar = new Jar();
    const [a] = grocery as [Product];
    await post(jar, "/cart/add", { merchandiseId: a.variantId, quantity: 9 });
    const { body } = await post(jar, "/cart/add", { merchandiseId: a.variantId, quantity: 2 });
    expect(body).toMatchObject({
      ok: false,
      error: "Quantité maximale atteinte pour ce produit (10)",
    });
    expect(body.cart?.totalQuantity).toBe(9);
  });

  it("answers 'Le produit est indisponible' for an unknown or unavailable product", async () => {
    const jar = new Jar();
    const { body } = await post(jar, "/cart/add", {
      merchandiseId: "gid://shopify/ProductVariant/999999999",
    });
    expect(body).toMatchObject({ ok: false, error: "Le produit est indisponible" });
    const [unavailable] = await rows(sql`select min(v.id) as id from commerce_variant v
      join commerce_product p on p.id = v.product_id where p.tags @> array['unavailable']::text[]`);
    if (unavailable?.id) {
      const refused = await post(jar, "/cart/add", {
        merchandiseId: `gid://shopify/ProductVariant/${unavailable.id}`,
      });
      expect(refused.body).toMatchObject({ ok: false, error: "Le produit est indisponible" });
    }
  });

  it("asks the commerce service for a product's kind once, not on every add", async () => {
    const commerce = serviceConfig("commerce");
    const handler = commerce?.handler;
    if (!commerce || !handler) throw new Error("the commerce service is not embedded");
    const asked: string[] = [];
    configureService("commerce", {
      ...commerce,
      handler: async (request) => {
        const { query } = (await request.clone().json()) as { query: string };
        asked.push(/(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? "?");
        return handler(request);
      },
    });
    try {
      const jar = new Jar();
      const [, b] = grocery as [Product, Product];
      await post(jar, "/cart/add", { merchandiseId: b.variantId });
      asked.length = 0;
      const { body } = await post(jar, "/cart/add", { merchandiseId: b.variantId });
      expect(body.cart?.lines[0]?.quantity).toBe(2);
      // The cart's lines and the change: the product's tags come from the kept catalogue reads.
      expect(asked).toEqual(["StorefrontCartKind", "StorefrontCartLinesAdd"]);
    } finally {
      configureService("commerce", commerce);
    }
  });

  it("answers 400 with the field for a form that does not parse", async () => {
    const jar = new Jar();
    const { status, body } = await post(jar, "/cart/add", {
      merchandiseId: (grocery[0] as Product).variantId,
      quantity: "deux",
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ ok: false });
    expect(body.ok ? "" : body.error).toContain("quantity");
  });

  it("drops a cart that cannot be fetched and creates a new one, once", async () => {
    const jar = new Jar();
    jar.cookies.set(
      "cartId",
      encodeURIComponent(`gid://shopify/Cart/c1-${"0".repeat(32)}?key=${"0".repeat(32)}`),
    );
    const payload = (await (await send(jar, "/cart.json")).json()) as CartPayload;
    expect(payload.cart).toBeNull();
    expect(jar.cartId()).toBeUndefined();

    jar.cookies.set(
      "cartId",
      encodeURIComponent(`gid://shopify/Cart/c1-${"1".repeat(32)}?key=${"1".repeat(32)}`),
    );
    const { body } = await post(jar, "/cart/add", {
      merchandiseId: (grocery[0] as Product).variantId,
    });
    expect(body.ok).toBe(true);
    expect(jar.cartId()).toBe(body.cart?.id);
    expect(jar.cartId()).not.toContain("1".repeat(32));
  });

  it("saves the note and the discount codes, each code marked applicable or not", async () => {
    const jar = new Jar();
    await post(jar, "/cart/add", { merchandiseId: (grocery[0] as Product).variantId, quantity: 4 });
    let { body } = await post(jar, "/cart/note", { note: "  Sonner deux fois  " });
    expect(body.cart?.note).toBe("Sonner deux fois");
    ({ body } = await post(jar, "/cart/discount", { codes: "", code: "bienvenue10" }));
    expect(body.cart?.discountCodes).toEqual([
      { code: "BIENVENUE10", applicable: expect.any(Boolean) },
    ]);
    ({ body } = await post(jar, "/cart/discount", { codes: "" }));
    expect(body.cart?.discountCodes).toEqual([]);
  });

  it("refuses a promo code that does not apply, with the reason in French, and keeps the others", async () => {
    const jar = new Jar();
    // One unit of a product between 3,50 € and 25 €: below BIENVENUE10's 30 €, ten units above.
    const [cheap] = await products(
      sql`not (p.tags @> array['restauration']::text[]) and v.price_cents between 350 and 2500`,
      1,
    );
    const variantId = (cheap as Product).variantId;
    await post(jar, "/cart/add", { merchandiseId: variantId, quantity: 1 });

    const reasons = {
      NIMPORTE: "Le code promo « NIMPORTE » n'existe pas.",
      ETE2024: "Le code promo « ETE2024 » a expiré.",
      FIDELITE: "Le code promo « FIDELITE » n'est plus valable.",
      BIENVENUE10: "Le code promo « BIENVENUE10 » est valable à partir de 30,00\u00a0€ d'achats.",
    };
    for (const [code, reason] of Object.entries(reasons)) {
      const { body } = await post(jar, "/cart/discount", { codes: "", code: code.toLowerCase() });
      expect(body).toMatchObject({ ok: false, error: reason });
      // Refused, not kept as « non applicable ».
      expect(body.cart?.discountCodes).toEqual([]);
    }

    // Above the minimum the code applies; a second one does not combine and is refused.
    await post(jar, "/cart/update", { merchandiseId: variantId, quantity: 10 });
    let { body } = await post(jar, "/cart/discount", { codes: "", code: "BIENVENUE10" });
    expect(body.cart?.discountCodes).toEqual([{ code: "BIENVENUE10", applicable: true }]);
    ({ body } = await post(jar, "/cart/discount", { codes: "BIENVENUE10", code: "NOEL5" }));
    expect(body).toMatchObject({
      ok: false,
      error: "Le code promo « NOEL5 » ne se cumule pas avec « BIENVENUE10 ».",
    });
    expect(body.cart?.discountCodes).toEqual([{ code: "BIENVENUE10", applicable: true }]);

    // A code already in the cart that stops applying stays, with its reason.
    ({ body } = await post(jar, "/cart/update", { merchandiseId: variantId, quantity: 1 }));
    expect(body.cart?.discountCodes).toEqual([
      { code: "BIENVENUE10", applicable: false, reason: reasons.BIENVENUE10 },
    ]);

    // Without JavaScript, the refusal is shown on the cart page.
    const plain = await submit(jar, "/cart/discount", { codes: "BIENVENUE10", code: "NIMPORTE" });
    expect(plain.status).toBe(303);
    const page = await send(jar, "/panier/");
    expect(await page.text()).toContain("Le code promo « NIMPORTE » n&#x27;existe pas.");
  });

  it("refuses a dish in a grocery cart (the order-mode modal's case) until the cart is emptied", async () => {
    const jar = new Jar();
    await post(jar, "/cart/add", { merchandiseId: (grocery[0] as Product).variantId });
    const refused = await post(jar, "/cart/add", { merchandiseId: dish.variantId });
    expect(refused.body).toMatchObject({
      ok: false,
      changeRestauration: { productIsRestauration: true },
    });
    expect(refused.body.cart?.totalQuantity).toBe(1);
    const emptied = await post(jar, "/cart/clear", {});
    expect(emptied.body.cart?.lines).toEqual([]);
    const added = await post(jar, "/cart/add", { merchandiseId: dish.variantId });
    expect(added.body.ok).toBe(true);
    expect(added.body.cart?.attributes).toContainEqual({ key: "restauration", value: "true" });
  });
});

describe("a line's substitution choice", () => {
  it("is accepted by default, refused on the same line, kept when the product is added again", async () => {
    const { addLinesToCart } = await import("#app/lib/cart/cart.server.ts");
    const jar = new Jar();
    const [a, b] = grocery as [Product, Product];
    await post(jar, "/cart/add", { merchandiseId: a.variantId, quantity: 2 });
    let { body } = await post(jar, "/cart/add", { merchandiseId: b.variantId });
    expect(body.cart?.lines.map((line) => line.substitute)).toEqual([true, true]);
    const lineId = body.cart?.lines[0]?.id;

    ({ body } = await post(jar, "/cart/substitution", {
      merchandiseId: a.variantId,
      substitute: 0,
    }));
    expect(body).toMatchObject({ ok: true, message: "Pas de remplacement pour ce produit" });
    expect(body.cart?.lines[0]).toMatchObject({
      id: lineId,
      quantity: 2,
      substitute: false,
      attributes: [{ key: "substitution", value: "refused" }],
    });

    // Added again from a card, the product page or a reorder: the same line, still refused.
    ({ body } = await post(jar, "/cart/add", { merchandiseId: a.variantId }));
    const request = new Request("http://shop.test/", { headers: { cookie: jar.header() } });
    const reordered = await addLinesToCart(request, [{ merchandiseId: a.variantId, quantity: 1 }]);
    expect(reordered.result.cart?.lines).toHaveLength(2);
    expect(reordered.result.cart?.lines[0]).toMatchObject({
      id: lineId,
      quantity: 4,
      substitute: false,
    });

    ({ body } = await post(jar, "/cart/substitution", {
      merchandiseId: a.variantId,
      substitute: 1,
    }));
    expect(body.cart?.lines[0]).toMatchObject({ id: lineId, substitute: true, attributes: [] });
    ({ body } = await post(jar, "/cart/update", { merchandiseId: a.variantId, quantity: 1 }));
    expect(body.cart?.lines.map((line) => [line.quantity, line.substitute])).toEqual([
      [1, true],
      [1, true],
    ]);
  });

  it("is a checkbox on /panier/ that a plain form saves, unticked meaning no substitute", async () => {
    const jar = new Jar();
    const [a] = grocery as [Product];
    await submit(jar, "/cart/add", { merchandiseId: a.variantId, quantity: 1 });
    let html = await (await send(jar, "/panier/")).text();
    expect(html).toContain('action="/cart/substitution" method="post"');
    expect(html).toMatch(/<input [^>]*type="checkbox" name="substitute" checked="" value="1"\/>/);
    expect(html).toContain("Accepter un remplacement si indisponible");

    // An unticked checkbox sends nothing.
    const response = await submit(jar, "/cart/substitution", {
      merchandiseId: a.variantId,
      redirectTo: "/panier/",
    });
    expect(response.status).toBe(303);
    html = await (await send(jar, "/panier/")).text();
    expect(html).toContain("Pas de remplacement pour ce produit");
    expect(html).toMatch(/<input [^>]*type="checkbox" name="substitute" value="1"\/>/);
  });
});

describe("a cheese sold by weight", () => {
  it("is a line of the weight chosen, at its price, saying its price per kilogram, on /panier/ too", async () => {
    const [cheese] = (await rows(sql`select v.id as variant_id, v.price_cents, p.title,
        kg.value as per_kg
      from commerce_product p
        join commerce_variant v on v.product_id = p.id and v.title = '500 g' and v.available_for_sale
        join commerce_metafield kg on kg.owner_type = 'PRODUCT' and kg.owner_id = p.id
          and kg.key = 'price_per_kg'
      where p.available_for_sale and not p.archived
        and not (p.tags @> array['unavailable']::text[])
      order by p.id limit 1`)) as {
      variant_id: number;
      price_cents: number;
      title: string;
      per_kg: string;
    }[];
    if (!cheese) throw new Error("the demo catalogue sells no cheese by weight");
    const label = `À la coupe · ${perKgLabel(Math.round(Number(cheese.per_kg) * 100))}`;
    const jar = new Jar();
    const { body } = await post(jar, "/cart/add", {
      merchandiseId: `gid://shopify/ProductVariant/${cheese.variant_id}`,
      quantity: 2,
    });
    expect(body.cart?.lines[0]).toMatchObject({
      title: cheese.title,
      variantTitle: "500 g",
      unitLabel: label,
      unitPrice: Number(cheese.price_cents),
      quantity: 2,
    });
    const html = await (await send(jar, "/panier/")).text();
    expect(html).toContain('<span class="cart-line__variant"> — <!-- -->500 g</span>');
    expect(html).toContain(`<p class="cart-line__unit">${label}</p>`);
  });
});

describe("several lines at once (reorder, shopping list)", () => {
  it("adds them in one go, and refuses lines of the other kind as a whole", async () => {
    const { addLinesToCart } = await import("#app/lib/cart/cart.server.ts");
    const jar = new Jar();
    await post(jar, "/cart/add", { merchandiseId: (grocery[0] as Product).variantId });
    const request = () => new Request("http://shop.test/", { headers: { cookie: jar.header() } });
    const [, b, c] = grocery as [Product, Product, Product];
    const added = await addLinesToCart(request(), [
      { merchandiseId: b.variantId, quantity: 2 },
      { merchandiseId: c.variantId, quantity: 1 },
    ]);
    expect(added.result.ok).toBe(true);
    expect(added.result.cart?.totalQuantity).toBe(4);
    const mixed = await addLinesToCart(request(), [
      { merchandiseId: b.variantId, quantity: 1 },
      { merchandiseId: dish.variantId, quantity: 1 },
    ]);
    expect(mixed.result).toMatchObject({ ok: false, changeRestauration: expect.any(Object) });
    expect(mixed.result.cart?.totalQuantity).toBe(4);
  });
});

describe("the cart without JavaScript", () => {
  it("adds, changes a quantity and removes with plain forms, back on /panier/ with a message", async () => {
    const jar = new Jar();
    const [a, b] = grocery as [Product, Product];
    let response = await submit(jar, "/cart/add", { merchandiseId: a.variantId, quantity: 1 });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/panier/");
    await submit(jar, "/cart/add", { merchandiseId: b.variantId, quantity: 1 });

    let page = await send(jar, "/panier/");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("private");
    expect(page.headers.get("X-Cache")).not.toBe("HIT");
    let html = await page.text();
    expect(html).toContain("Produit ajouté au panier");
    expect(html).toContain(a.title.replace(/'/g, "&#x27;"));
    expect(html).toContain("Frais de service");
    expect(html).toContain("0,50\u00a0€");

    response = await submit(jar, "/cart/update", {
      merchandiseId: a.variantId,
      quantity: 3,
      redirectTo: "/panier/",
    });
    expect(response.status).toBe(303);
    response = await submit(jar, "/cart/remove", {
      merchandiseId: b.variantId,
      redirectTo: "//evil.example/",
    });
    expect(response.headers.get("Location")).toBe("/panier/");

    page = await send(jar, "/panier/");
    html = await page.text();
    expect(html).toContain("Produit retiré du panier");
    expect(html).not.toContain(b.title.replace(/'/g, "&#x27;"));
    const cart = (await (await send(jar, "/cart.json")).json()) as CartPayload;
    expect(cart.cart?.totalQuantity).toBe(3);
  });

  it("shows the cap's refusal on /panier/", async () => {
    const jar = new Jar();
    const [a] = grocery as [Product];
    await submit(jar, "/cart/add", { merchandiseId: a.variantId, quantity: 10 });
    const refused = await submit(jar, "/cart/add", { merchandiseId: a.variantId, quantity: 1 });
    expect(refused.headers.get("Location")).toBe("/panier/");
    const html = await (await send(jar, "/panier/")).text();
    expect(html).toContain("Quantité maximale atteinte pour ce produit (10)");
  });
});

describe("the shared page cache", () => {
  it("never holds one visitor's cart in a category page", async () => {
    const [category] = await rows(sql`select handle from commerce_collection
      where handle not like '%/%' order by id limit 1`);
    const path = `/c/${category?.handle}/`;
    const shopper = new Jar();
    await post(shopper, "/cart/add", {
      merchandiseId: (grocery[0] as Product).variantId,
      quantity: 7,
    });
    const withCart = await send(shopper, path);
    const first = await withCart.text();
    const visitor = await send(new Jar(), path);
    const second = await visitor.text();
    for (const html of [first, second]) {
      expect(html).not.toContain(shopper.cartId() ?? "no cart");
      expect(html).not.toContain("Panier, 7 articles");
      expect(html).toContain("Panier, 0 article");
    }
  });
});

describe("the cart page's data", () => {
  it("is private on client navigations too (/panier/_.data), never served from the cache", async () => {
    const shopper = new Jar();
    const [a] = grocery as [Product];
    await post(shopper, "/cart/add", { merchandiseId: a.variantId });
    for (let round = 0; round < 2; round += 1) {
      const mine = await send(shopper, "/panier/_.data?_routes=routes%2Fcart%2Fcart");
      expect(mine.status).toBe(200);
      expect(mine.headers.get("Cache-Control")).toContain("private");
      expect(await mine.text()).toContain(a.variantId);
      const theirs = await send(new Jar(), "/panier/_.data?_routes=routes%2Fcart%2Fcart");
      expect(theirs.headers.get("X-Cache")).not.toBe("HIT");
      expect(await theirs.text()).not.toContain(a.variantId);
    }
  });

  it("links the checkout on the shop's public origin (PUBLIC_URL)", async () => {
    const jar = new Jar();
    const { body } = await post(jar, "/cart/add", {
      merchandiseId: (grocery[0] as Product).variantId,
    });
    expect(body.cart?.checkoutUrl).toMatch(
      /^http:\/\/localhost:3000\/checkout\/c1-[0-9a-f]+\/\?key=[0-9a-f]+$/,
    );
  });
});

describe("the delivery fee line", () => {
  /** Haussmann's first enabled zone in the demo data (its StoreId 1101, PhysicalRestaurantId 2101). */
  const ZONE = "Paris rive droite";
  const setZone = (terms: {
    feeCents: number | null;
    minimumOrderCents: number;
    freeDeliveryThresholdCents: number | null;
  }) =>
    composed.database.db
      .update(orderingDeliveryZone)
      .set(terms)
      .where(eq(orderingDeliveryZone.name, ZONE));
  /** The page's HTML with React's text separators and entities read back, no-break spaces as spaces. */
  const text = (html: string) =>
    html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("\u00a0", " ");

  it("prices the zone's fee, free delivery from its threshold and its minimum, from the ordering API", async () => {
    const jar = new Jar();
    const [a] = grocery as [Product];
    await post(jar, "/cart/add", { merchandiseId: a.variantId, quantity: 2 });
    // Delivery by Haussmann, named by its PhysicalRestaurantId as the order-mode modal writes it.
    jar.cookies.set("mode", "1");
    jar.cookies.set("deliveryLocationId", "2101");
    const total = ((await (await send(jar, "/cart.json")).json()) as CartPayload).cart?.total ?? 0;
    expect(total).toBeGreaterThan(0);
    try {
      // The zone's own fee, its minimum not reached: the checkout would refuse the order.
      await setZone({
        feeCents: 450,
        minimumOrderCents: total + 100,
        freeDeliveryThresholdCents: null,
      });
      const below = (await (await send(jar, "/cart.json")).json()) as CartPayload;
      expect(below.delivery).toEqual({
        feeCents: 450,
        minimumOrderCents: total + 100,
        freeDeliveryOverCents: null,
      });
      let page = text(await (await send(jar, "/panier/")).text());
      expect(page).toContain("<dt>Frais de livraison</dt><dd>4,50 €</dd>");
      expect(page).toContain(
        `Le minimum de commande pour la livraison est de ${formatCentsPlain(total + 100)}.`,
      );

      // 10 € short of the threshold.
      await setZone({
        feeCents: 450,
        minimumOrderCents: 0,
        freeDeliveryThresholdCents: total + 1000,
      });
      page = text(await (await send(jar, "/panier/")).text());
      expect(page).toContain("<dt>Frais de livraison</dt><dd>4,50 €</dd>");
      expect(page).toContain("Plus que 10,00 € pour la livraison offerte.");
      expect(page).not.toContain("Le minimum de commande");

      // The threshold reached: delivery is offered, the total has no fee.
      await setZone({ feeCents: 450, minimumOrderCents: 0, freeDeliveryThresholdCents: total });
      page = text(await (await send(jar, "/panier/")).text());
      expect(page).toContain("<dt>Frais de livraison</dt><dd>Livraison offerte</dd>");
      expect(page).toContain(`data-testid="cart-total">${formatCentsPlain(total + 50)}<`);
    } finally {
      await setZone({ feeCents: null, minimumOrderCents: 0, freeDeliveryThresholdCents: null });
    }
    // Back to the demo zone: no fee of its own, so the store's DeliveryFee (5,90 €).
    const page = text(await (await send(jar, "/panier/")).text());
    expect(page).toContain("<dt>Frais de livraison</dt><dd>5,90 €</dd>");
    // Pickup has no delivery line.
    jar.cookies.set("mode", "2");
    expect(((await (await send(jar, "/cart.json")).json()) as CartPayload).delivery).toBeNull();
  });
});

/** A price as the page prints it, with ordinary spaces (`text` above turns no-break ones back). */
function formatCentsPlain(cents: number): string {
  return formatCents(cents).replaceAll("\u00a0", " ");
}

describe("the browser's cart store on the real routes", () => {
  const jar = new Jar();
  const events: OrderModeRequest[] = [];
  const realFetch = globalThis.fetch;

  beforeAll(() => {
    const storage = new Map<string, string>();
    const target = new EventTarget();
    Object.assign(globalThis, {
      window: Object.assign(target, {
        localStorage: {
          getItem: (key: string) => storage.get(key) ?? null,
          setItem: (key: string, value: string) => storage.set(key, value),
          removeItem: (key: string) => storage.delete(key),
        },
        location: { protocol: "http:" },
      }),
      document: {
        get cookie() {
          return jar.header();
        },
        set cookie(line: string) {
          const [pair = ""] = line.split(";");
          const eq = pair.indexOf("=");
          jar.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
        },
      },
      fetch: (input: string, init?: RequestInit) => send(jar, input, init),
    });
    target.addEventListener("comptoir:order-mode", (event) => {
      events.push((event as CustomEvent<OrderModeRequest>).detail);
    });
  });

  beforeEach(() => toast.clear());

  afterAll(() => {
    for (const key of ["window", "document"]) Reflect.deleteProperty(globalThis, key);
    globalThis.fetch = realFetch;
  });

  it("sends fast clicks one at a time, merged, and ends with the server's cart", async () => {
    const { addToCart } = await import("#app/components/cart/cart-actions.ts");
    const store = await import("#app/components/cart/cart-store.ts");
    const a = grocery[0] as Product;
    const product = {
      variantId: a.variantId,
      variantTitle: "",
      productId: a.productId,
      handle: a.handle,
      title: a.title,
      vendor: "Maison",
      image: null,
      unitLabel: null,
      maxQuantity: 10,
      restauration: false,
      alcohol: false,
      unitPrice: 500,
      compareAtUnitPrice: null,
    };
    await store.ensureCartLoaded();
    expect(store.cartSnapshot()).toMatchObject({ loaded: true, cart: null });

    // Three quick clicks: the view moves at once; one request leaves, the two others wait merged.
    const clicks = [1, 2, 3].map(() =>
      store.queueCartChange({ kind: "add", variantId: a.variantId, quantity: 1, seed: product }),
    );
    expect(store.cartSnapshot().cart?.totalQuantity).toBe(3);
    expect(store.cartSnapshot().pending).toBe(2);
    const answers = await Promise.all(clicks);
    expect(answers.every((answer) => answer.ok)).toBe(true);

    // Two more through the buttons' action, with its toast shown once.
    const results = await Promise.all([addToCart(product, 1), addToCart(product, 1)]);
    expect(results).toEqual([true, true]);
    const snapshot = store.cartSnapshot();
    expect(snapshot.pending).toBe(0);
    expect(snapshot.cart?.totalQuantity).toBe(5);
    const server = (await (await send(jar, "/cart.json")).json()) as CartPayload;
    expect(server.cart?.totalQuantity).toBe(5);
    expect(currentToasts().map((t) => t.message)).toEqual(["Produit ajouté au panier"]);

    // Over the cap: refused in the browser with the spec's message, nothing sent.
    const refused = await addToCart(product, 6);
    expect(refused).toBe(false);
    expect(currentToasts().at(-1)).toMatchObject({
      kind: "error",
      message: "Quantité maximale atteinte pour ce produit (10)",
    });
  });

  it("asks the order-mode modal for a dish in a grocery cart; its completion empties the cart and adds", async () => {
    const { addToCart } = await import("#app/components/cart/cart-actions.ts");
    const store = await import("#app/components/cart/cart-store.ts");
    const dishProduct = {
      variantId: dish.variantId,
      variantTitle: "",
      productId: dish.productId,
      handle: dish.handle,
      title: dish.title,
      vendor: "Comptoir",
      image: null,
      unitLabel: null,
      maxQuantity: 10,
      restauration: true,
      alcohol: false,
      unitPrice: 1200,
      compareAtUnitPrice: null,
    };
    const added = await addToCart(dishProduct, 1);
    expect(added).toBe(false);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ changeRestauration: true, productIsRestauration: true });
    expect(store.cartSnapshot().cart?.totalQuantity).toBe(5);

    await events[0]?.onComplete();
    const cart = store.cartSnapshot().cart;
    expect(cart?.lines.map((line) => line.variantId)).toEqual([dish.variantId]);
    const server = (await (await send(jar, "/cart.json")).json()) as CartPayload;
    expect(server.cart?.lines.map((line) => [line.variantId, line.quantity])).toEqual([
      [dish.variantId, 1],
    ]);
    expect(events).toHaveLength(1);
  });
});
