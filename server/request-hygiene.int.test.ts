import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ComposedStorefront, composeStorefront } from "#app/testing/composed-storefront.ts";
import { testEnv } from "#server/test-env.ts";

/**
 * The request rules of the composed server on the seeded demo shop: bad bytes, body limits,
 * cross-origin writes, redirect targets and the APIs left out of the trailing-slash rule.
 */
let composed: ComposedStorefront;
const env = testEnv();
/** `app.request` sends to http://localhost: the origin a same-site form comes from. */
const SHOP = "http://localhost";
const EVIL = "https://evil.example";
const MB = 1024 * 1024;

beforeAll(async () => {
  composed = await composeStorefront();
}, 120_000);
afterAll(() => composed?.close());

const formBody = (body: string, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  body,
});

/**
 * A body of `size` bytes produced only as it is read, in 64 kB chunks; `pulled()` says how much
 * was read. With `length`, the request announces it in `Content-Length`, else it is chunked.
 */
function lazyBody(size: number, contentType: string, length = false) {
  let pulled = 0;
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= size) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
      // Nothing read ahead: a chunk is made only when someone asks for it.
    },
    { highWaterMark: 0 },
  );
  const headers: Record<string, string> = { "content-type": contentType };
  if (length) headers["content-length"] = String(size);
  const init = { method: "POST", headers, body, duplex: "half" } as RequestInit;
  return { init, pulled: () => pulled };
}

async function aVariant(): Promise<string> {
  const [row] = await composed.rows(sql`select min(v.id) as id from commerce_variant v
    join commerce_product p on p.id = v.product_id
    where p.archived = false and p.available_for_sale and v.available_for_sale
      and not (p.tags @> array['unavailable']::text[])`);
  return `gid://shopify/ProductVariant/${row?.id}`;
}

describe("bad bytes", () => {
  it("answers 400 or 404, never 500, to NUL, invalid UTF-8 and numbers out of range", async () => {
    const cases: [string, number[]][] = [
      ["/p/spag%00hetti/", [400]],
      ["/c/%00/", [400]],
      ["/c/%FF/", [400]],
      ["/c/%C0%AF/", [400]],
      ["/p/%FF%FE/", [400]],
      ["/m/%00/", [400]],
      ["/%00", [400]],
      ["/search/?q=%00", [400]],
      ["/c/epicerie-salee/?marque=%00", [400]],
      ["/api/search/predictive?q=%00", [400]],
      ["/ordering/Restaurant/DeliverySlots/%00", [400]],
      ["/search/?q=%FF", [200]],
      ["/c/epicerie-salee/?prix_min=1e10", [200]],
      ["/c/epicerie-salee/?prix_max=1e300", [200]],
      ["/c/epicerie-salee/?prix_min=-5", [200]],
      ["/c/epicerie-salee/?page=99999999999", [200, 404]],
      ["/c/epicerie-salee/?page=-1", [200, 404]],
      ["/search/?q=caf%C3%A9&page=99999999999", [200, 404]],
      ["/compte/commandes/99999999999999999999/", [302, 404]],
    ];
    for (const [path, statuses] of cases) {
      const response = await composed.request(path);
      expect(statuses, `${path} answered ${response.status}`).toContain(response.status);
    }
  }, 60_000);

  it("answers a bad URL in the shape of the API it names", async () => {
    const ordering = await composed.request("/ordering/Restaurant/DeliverySlots/%00");
    expect(await ordering.json()).toMatchObject({ Success: false, Code: "bad_request" });
    const page = await composed.request("/c/%00/");
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("n'est pas valide");
  });

  it("answers 400 to a NUL in a form, a JSON body or a GraphQL string", async () => {
    const form = await composed.request(
      "/compte/",
      formBody("intent=login&email=a%00%40example.com&password=x"),
    );
    expect(form.status).toBe(400);
    const graphql = await composed.request("/api/2025-07/graphql.json", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-shopify-storefront-access-token": env.COMMERCE_STOREFRONT_TOKEN,
      },
      body: JSON.stringify({
        query: "query ($h: String!) { product(handle: $h) { id } }",
        variables: { h: "spag\u0000hetti" },
      }),
    });
    expect(graphql.status).toBe(400);
    expect(await graphql.json()).toMatchObject({
      errors: [{ extensions: { code: "BAD_REQUEST" } }],
    });
    const ordering = await composed.request("/ordering/Account/RequestPhoneLoginCodeSms", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"PhoneNumber":"+33612345678\\u0000"}',
    });
    expect(ordering.status).toBe(400);
    expect(await ordering.json()).toMatchObject({ Success: false, Code: "bad_request" });
  });

  it("holds an out-of-range price filter of the Storefront API to the column's range", async () => {
    const response = await composed.request("/api/2025-07/graphql.json", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-shopify-storefront-access-token": env.COMMERCE_STOREFRONT_TOKEN,
      },
      body: JSON.stringify({
        query: `{ collection(handle: "epicerie-salee") {
          low: products(first: 1, filters: [{ price: { min: 1e10 } }]) { nodes { id } }
          all: products(first: 1, filters: [{ price: { min: -1e300, max: 1e300 } }]) { nodes { id } }
        } }`,
      }),
    });
    const body = (await response.json()) as {
      data: { collection: { low: { nodes: unknown[] }; all: { nodes: unknown[] } } };
      errors?: unknown;
    };
    expect(body.errors).toBeUndefined();
    expect(body.data.collection.low.nodes).toEqual([]);
    expect(body.data.collection.all.nodes).toHaveLength(1);
  });
});

describe("body limits", () => {
  it("answers a 10 MB sign-in form 413 with a French page, not 500", async () => {
    const fields = new URLSearchParams({
      intent: "login",
      email: "a@example.com",
      password: "x".repeat(10 * MB),
    });
    const response = await composed.request("/compte/", formBody(fields.toString()));
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain("Votre envoi est trop volumineux.");
  });

  it("refuses a 60 MB JSON announced by Content-Length before reading any of it", async () => {
    const body = lazyBody(60 * MB, "application/json", true);
    const response = await composed.request("/ordering/Order/Order", body.init);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ Success: false, Code: "payload_too_large" });
    expect(body.pulled()).toBe(0);
  });

  it("cuts a chunked 60 MB JSON soon after the limit", async () => {
    const body = lazyBody(60 * MB, "application/json");
    const response = await composed.request("/api/order/receipt", body.init);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, error: "Request body too large" });
    expect(body.pulled()).toBeLessThanOrEqual(2 * MB);
  });

  it("answers 413 in the Storefront API's and the content API's shapes", async () => {
    const graphql = await composed.request(
      "/api/2025-07/graphql.json",
      lazyBody(2 * MB, "application/json", true).init,
    );
    expect(graphql.status).toBe(413);
    expect(await graphql.json()).toMatchObject({
      errors: [{ extensions: { code: "PAYLOAD_TOO_LARGE" } }],
    });
    const content = await composed.request(
      "/content-management/spaces/comptoir/environments/master/entries/x",
      { ...lazyBody(2 * MB, "application/json", true).init, method: "PUT" },
    );
    expect(content.status).toBe(413);
    expect(await content.json()).toMatchObject({ sys: { type: "Error", id: "BadRequest" } });
  });

  it("leaves image uploads and catalogue imports their larger limits", async () => {
    for (const path of ["/api/images/upload", "/api/import/products"]) {
      const response = await composed.request(path, lazyBody(3 * MB, "text/csv", true).init);
      // Past the body limit, the route's own check answers: no verify header.
      expect(response.status, path).toBe(401);
    }
  });
});

describe("cross-origin writes", () => {
  it("refuses a post from another site to resource routes and pages", async () => {
    const variant = await aVariant();
    const posts: [string, string][] = [
      ["/cart/add/", `merchandiseId=${encodeURIComponent(variant)}&quantity=1`],
      ["/favoris/", "productId=1&redirectTo=/"],
      ["/compte/deconnexion/", ""],
      ["/compte/", "intent=login&email=a%40example.com&password=x"],
      ["/api/shopify/create-shopping-list", "title=x"],
    ];
    for (const [path, body] of posts) {
      const fromEvil = await composed.request(path, formBody(body, { origin: EVIL }));
      expect(fromEvil.status, path).toBe(403);
      const opaque = await composed.request(path, formBody(body, { origin: "null" }));
      expect(opaque.status, path).toBe(403);
      const opaqueCrossSite = await composed.request(
        path,
        formBody(body, { origin: "null", "sec-fetch-site": "cross-site" }),
      );
      expect(opaqueCrossSite.status, path).toBe(403);
      const noOrigin = await composed.request(
        path,
        formBody(body, { "sec-fetch-site": "cross-site" }),
      );
      expect(noOrigin.status, path).toBe(403);
    }
    const page = await composed.request("/cart/add/", formBody("", { origin: EVIL }));
    expect(await page.text()).toContain("vient d'un autre site");
  });

  it("lets the shop's own forms and non-browser clients through", async () => {
    const variant = await aVariant();
    const body = `merchandiseId=${encodeURIComponent(variant)}&quantity=1&redirectTo=/panier/`;
    const sameOrigin = await composed.request(
      "/cart/add/",
      formBody(body, { origin: SHOP, "sec-fetch-site": "same-origin" }),
    );
    expect(sameOrigin.status).toBe(303);
    expect(sameOrigin.headers.get("location")).toBe("/panier/");
    const script = await composed.request("/compte/deconnexion/", formBody(""));
    expect(script.status).toBe(302);
    // A page with Referrer-Policy: no-referrer (the hosted checkout) posts with an opaque Origin.
    const noReferrer = await composed.request(
      "/cart/add/",
      formBody(body, { origin: "null", "sec-fetch-site": "same-origin" }),
    );
    expect(noReferrer.status).toBe(303);
  });

  it("leaves token-authenticated APIs open to other origins", async () => {
    // Both of the Storefront API's paths, as Shopify serves it.
    for (const path of ["/api/2025-07/graphql.json", "/api/2025-07/graphql"]) {
      const response = await composed.request(path, {
        method: "POST",
        headers: {
          origin: EVIL,
          "content-type": "application/json",
          "x-shopify-storefront-access-token": env.COMMERCE_STOREFRONT_TOKEN,
        },
        body: JSON.stringify({ query: "{ shop { name } }" }),
      });
      expect([path, response.status]).toEqual([path, 200]);
      expect(response.headers.get("X-Shopify-API-Version")).toBe("2025-07");
    }
  });
});

describe("redirect targets", () => {
  // A raw form body: `%09` is a tab in the value, which browsers drop from a Location.
  const offsite = "redirectTo=/%09/evil.example";

  it("keeps /cart/add on the site", async () => {
    const variant = await aVariant();
    const response = await composed.request(
      "/cart/add/",
      formBody(`merchandiseId=${encodeURIComponent(variant)}&quantity=1&${offsite}`),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/panier/");
  });

  it("keeps /favoris/ on the site", async () => {
    const response = await composed.request("/favoris/", formBody(offsite));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/compte/?s=4");
    const encoded = await composed.request("/favoris/", formBody("redirectTo=/%252F/evil.example"));
    expect(encoded.headers.get("location")).toBe("/compte/?s=4");
  });

  it("keeps the sign-in page's way back on the site", async () => {
    const page = await composed.request("/compte/?redirect=/%09/evil.example");
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain("evil.example");
  });
});

describe("APIs without the trailing-slash redirect", () => {
  it("answers a GET of a content management entry instead of a 301", async () => {
    const [entry] = await composed.rows(sql`select id from content_entry limit 1`);
    const path = `/content-management/spaces/comptoir/environments/master/entries/${entry?.id}`;
    const anonymous = await composed.request(path);
    expect(anonymous.status).toBe(401);
    const editor = await composed.request(path, {
      headers: { authorization: `Bearer ${env.CONTENT_MANAGEMENT_TOKEN}` },
    });
    expect(editor.status).toBe(200);
  });
});
