import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { addSurrogateKeys, productKey } from "#platform/surrogate-keys.ts";
import { notStoredByDefault, publicPageCacheControl, publicPages } from "./http-caching.ts";

/** A shop whose pages name the product they show, some of them after their first byte. */
function makeApp(options: { shared?: boolean } = {}) {
  const app = new Hono();
  app.use(notStoredByDefault());
  app.use(publicPages({ sharedMaxAgeSeconds: 600, ...options }));
  app.get("/p/:id/", (c) => {
    addSurrogateKeys([productKey(c.req.param("id"))]);
    return c.html("<p>produit</p>");
  });
  app.get("/streamed/", () => {
    const body = new ReadableStream({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode("<p>début</p>"));
        // Named while the page streams, after the handler returned.
        await Promise.resolve();
        addSurrogateKeys([productKey(7)]);
        controller.enqueue(new TextEncoder().encode("<p>fin</p>"));
        controller.close();
      },
    });
    return new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
  });
  app.get("/missing/", (c) => c.html("<p>introuvable</p>", 404));
  app.get("/sets-cookie/", (c) => {
    c.header("Set-Cookie", "cartId=1; Path=/");
    return c.html("<p>panier</p>");
  });
  app.get("/own-policy/", (c) => {
    c.header("Cache-Control", "private, max-age=60");
    return c.html("<p>à moi</p>");
  });
  app.get("/api/thing", (c) => c.json({ ok: true }));
  return app;
}

describe("publicPages", () => {
  it("marks a page for everyone public and names what it shows, all pages' key first", async () => {
    const res = await makeApp().request("/p/12/");
    expect(res.headers.get("Cache-Control")).toBe(publicPageCacheControl(600));
    expect(res.headers.get("Cache-Control")).toBe(
      "public, max-age=1, stale-while-revalidate=9, s-maxage=600",
    );
    expect(res.headers.get("Surrogate-Key")).toBe("all product-12");
    expect(res.headers.get("Cache-Tag")).toBe("all,product-12");
  });

  it("names what a page reads while it streams", async () => {
    const res = await makeApp().request("/streamed/");
    expect(await res.text()).toBe("<p>début</p><p>fin</p>");
    expect(res.headers.get("Surrogate-Key")).toBe("all product-7");
  });

  it("leaves alone a signed-in visitor's page, an error, a page setting a cookie, its own policy", async () => {
    const app = makeApp();
    const signedIn = await app.request("/p/12/", {
      headers: { cookie: "customerAccessToken=abc" },
    });
    expect(signedIn.headers.get("Cache-Control")).toBe("no-store");
    expect(signedIn.headers.has("Surrogate-Key")).toBe(false);
    for (const path of ["/missing/", "/sets-cookie/"]) {
      const res = await app.request(path);
      expect(res.headers.get("Cache-Control"), path).toBe("no-store");
      expect(res.headers.has("Surrogate-Key"), path).toBe(false);
    }
    expect((await app.request("/own-policy/")).headers.get("Cache-Control")).toBe(
      "private, max-age=60",
    );
    expect((await app.request("/api/thing")).headers.get("Cache-Control")).toBe("no-store");
  });

  it("behind the site password, names the page for the purges but lets nothing outside keep it", async () => {
    const res = await makeApp({ shared: false }).request("/p/12/");
    expect(res.headers.get("Surrogate-Key")).toBe("all product-12");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });
});
