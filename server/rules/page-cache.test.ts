import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  acceptsGzip,
  type CachedPage,
  CUSTOMER_SESSION_COOKIE,
  PageCache,
  type PageKey,
  pageCacheMiddleware,
} from "./page-cache.ts";

/** An app whose pages say who asked and how many times the route ran. */
function makeApp(cache = new PageCache(), bypass?: Parameters<typeof pageCacheMiddleware>[1]) {
  const app = new Hono();
  let renders = 0;
  app.use(pageCacheMiddleware(cache, bypass));
  app.get("/missing/", (c) => c.text("introuvable", 404));
  app.get("/sets-cookie/", (c) => {
    renders++;
    c.header("Set-Cookie", `cartId=visitor-${renders}; Path=/`);
    return c.text(`page ${renders}`);
  });
  app.get("/private/", (c) => {
    renders++;
    c.header("Cache-Control", "private, max-age=0");
    return c.text(`page ${renders}`);
  });
  app.get("/no-store/", (c) => {
    renders++;
    c.header("Cache-Control", "no-store");
    return c.text(`page ${renders}`);
  });
  app.get("/api/thing/", (c) => {
    renders++;
    return c.json({ renders });
  });
  app.all("*", (c) => {
    renders++;
    const who = c.req.header("Cookie") ?? "anonymous";
    return c.html(`<p>${c.req.path} render ${renders} for ${who}</p>`);
  });
  return { app, cache, renders: () => renders };
}

const page = (text: string): CachedPage => ({
  status: 200,
  headers: [["content-type", "text/plain"]],
  body: new TextEncoder().encode(text),
});
const key = (url: string, isProvince = false): PageKey => ({ url, isProvince });

describe("pageCacheMiddleware", () => {
  it("serves the second GET from the cache with an identical body", async () => {
    const { app, renders } = makeApp();
    const first = await app.request("/p/miel/");
    const firstBody = await first.text();
    expect(first.headers.get("X-Cache")).toBe("MISS");

    const second = await app.request("/p/miel/");
    expect(second.status).toBe(200);
    expect(second.headers.get("X-Cache")).toBe("HIT");
    expect(second.headers.get("Content-Type")).toBe(first.headers.get("Content-Type"));
    expect(await second.text()).toBe(firstBody);
    expect(renders()).toBe(1);
  });

  it("keys on the query string", async () => {
    const { app } = makeApp();
    await app.request("/c/the/?page=2");
    expect((await app.request("/c/the/?page=2")).headers.get("X-Cache")).toBe("HIT");
    expect((await app.request("/c/the/?page=3")).headers.get("X-Cache")).toBe("MISS");
  });

  it("never caches the cart scripts, JSON state, account pages or admin pages", async () => {
    const { app, cache, renders } = makeApp();
    const paths = [
      "/cart.js",
      "/cart/update.js",
      "/account/orders/",
      "/middleware/products/",
      "/visitor.json",
      "/visitor.json.data",
      "/cart.json",
    ];
    for (const path of [...paths, ...paths]) {
      const res = await app.request(path);
      expect(res.headers.get("X-Cache"), path).toBeNull();
    }
    expect(renders()).toBe(paths.length * 2);
    expect(cache.size).toBe(0);
  });

  it("never caches React Router's own requests nor token addresses", async () => {
    const { app, cache, renders } = makeApp();
    const paths = [
      "/__manifest?paths=%2Fauth%2Freset%2F12%2Fsecret-token%2F&version=abc",
      "/__manifest?paths=%2Ffaq%2F",
      "/_root.data",
      "/c/fromagerie.data?_routes=routes%2Fcategory",
      "/auth/reset/12/secret-token/",
      "/account/activate/12/secret-token/",
    ];
    for (const path of [...paths, ...paths]) {
      const res = await app.request(path);
      expect(res.headers.get("X-Cache"), path).toBeNull();
    }
    expect(renders()).toBe(paths.length * 2);
    expect(cache.size).toBe(0);
  });

  it("stores HTML pages only", async () => {
    const { app, cache } = makeApp();
    await app.request("/api/thing/");
    expect((await app.request("/api/thing/")).headers.get("X-Cache")).toBe("MISS");
    expect(cache.size).toBe(0);
  });

  it("keys on path and query alone: the Host a request names cannot reach another's page", async () => {
    const { app, renders } = makeApp();
    await app.request("http://evil.example/faq/");
    const hit = await app.request("http://comptoir.example/faq/");
    expect(hit.headers.get("X-Cache")).toBe("HIT");
    expect(renders()).toBe(1);
  });

  it("stores only status 200", async () => {
    const { app, cache } = makeApp();
    await app.request("/missing/");
    const again = await app.request("/missing/");
    expect(again.status).toBe(404);
    expect(again.headers.get("X-Cache")).toBe("MISS");
    expect(cache.size).toBe(0);
  });

  it("keeps separate entries for isProvince=true and everything else", async () => {
    const { app, renders } = makeApp();
    const province = { headers: { Cookie: "isProvince=true" } };
    const paris = { headers: { Cookie: "isProvince=false" } };
    const provincePage = await (await app.request("/", province)).text();
    const parisPage = await (await app.request("/", paris)).text();
    expect(renders()).toBe(2);

    const provinceHit = await app.request("/", province);
    expect(provinceHit.headers.get("X-Cache")).toBe("HIT");
    expect(await provinceHit.text()).toBe(provincePage);
    const anonymousHit = await app.request("/");
    expect(anonymousHit.headers.get("X-Cache")).toBe("HIT");
    expect(await anonymousHit.text()).toBe(parisPage);
  });

  it("neither reads nor stores pages for a signed-in customer", async () => {
    const { app, cache, renders } = makeApp();
    const signedIn = { headers: { Cookie: `${CUSTOMER_SESSION_COOKIE}=secret-token` } };
    await app.request("/");

    const own = await app.request("/", signedIn);
    expect(own.headers.get("X-Cache")).toBe("MISS");
    expect(await own.text()).toContain("secret-token");
    expect(renders()).toBe(2);

    await app.request("/faq/", signedIn);
    expect(cache.size).toBe(1);
    const next = await app.request("/faq/");
    expect(next.headers.get("X-Cache")).toBe("MISS");
    expect(await next.text()).not.toContain("secret-token");
  });

  it("bypasses requests with an Authorization header", async () => {
    const { app, cache } = makeApp();
    const res = await app.request("/", { headers: { Authorization: "Bearer x" } });
    expect(res.headers.get("X-Cache")).toBe("MISS");
    expect(cache.size).toBe(0);
  });

  it("never stores a response that sets a cookie, so the next visitor never gets that cookie", async () => {
    const { app, cache } = makeApp();
    const first = await app.request("/sets-cookie/");
    expect(first.headers.get("Set-Cookie")).toBe("cartId=visitor-1; Path=/");
    const next = await app.request("/sets-cookie/");
    expect(next.headers.get("X-Cache")).toBe("MISS");
    expect(next.headers.get("Set-Cookie")).toBe("cartId=visitor-2; Path=/");
    expect(cache.size).toBe(0);
  });

  it("never stores a response marked private or no-store", async () => {
    const { app, cache } = makeApp();
    for (const path of ["/private/", "/private/", "/no-store/", "/no-store/"]) {
      expect((await app.request(path)).headers.get("X-Cache")).toBe("MISS");
    }
    expect(cache.size).toBe(0);
  });

  it("answers HEAD from a stored GET but never stores one", async () => {
    const { app, cache } = makeApp();
    const head = await app.request("/faq/", { method: "HEAD" });
    expect(head.headers.get("X-Cache")).toBe("MISS");
    expect(cache.size).toBe(0);

    await app.request("/faq/");
    const hit = await app.request("/faq/", { method: "HEAD" });
    expect(hit.headers.get("X-Cache")).toBe("HIT");
    expect(await hit.text()).toBe("");
  });

  it("leaves other methods alone", async () => {
    const { app, cache } = makeApp();
    const res = await app.request("/", { method: "POST" });
    expect(res.headers.get("X-Cache")).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("skips the cache when the bypass option says so", async () => {
    const { app, cache } = makeApp(new PageCache(), {
      bypass: (c) => c.req.path.startsWith("/api/"),
    });
    const res = await app.request("/api/flipdish/stores");
    expect(res.headers.get("X-Cache")).toBe("MISS");
    expect(cache.size).toBe(0);
  });

  it("stores nothing when the cache holds zero entries", async () => {
    const { app, renders } = makeApp(new PageCache({ maxEntries: 0 }));
    await app.request("/");
    expect((await app.request("/")).headers.get("X-Cache")).toBe("MISS");
    expect(renders()).toBe(2);
  });
});

describe("gzip from the cache", () => {
  const long = `<p>${"Fromages affinés, charcuteries et vins de vignerons. ".repeat(60)}</p>`;

  it("answers a hit gzipped for a browser that takes it, compressing the entry only once", async () => {
    const cache = new PageCache();
    const key = { url: "/", isProvince: false };
    cache.set(key, {
      status: 200,
      headers: [["content-type", "text/html; charset=UTF-8"]],
      body: new TextEncoder().encode(long),
    });
    const first = (await cache.getGzipped(key)) as Response;
    expect(first.headers.get("Content-Encoding")).toBe("gzip");
    expect(first.headers.get("Vary")).toBe("Accept-Encoding");
    const zipped = Buffer.from(await first.arrayBuffer());
    expect(first.headers.get("Content-Length")).toBe(String(zipped.length));
    expect(gunzipSync(zipped).toString()).toBe(long);
    const second = (await cache.getGzipped(key)) as Response;
    expect(Buffer.from(await second.arrayBuffer()).equals(zipped)).toBe(true);
  });

  it("keeps a short or non-text body plain", async () => {
    const cache = new PageCache();
    const key = { url: "/court/", isProvince: false };
    cache.set(key, page("court"));
    const hit = (await cache.getGzipped(key)) as Response;
    expect(hit.headers.get("Content-Encoding")).toBeNull();
    expect(await hit.text()).toBe("court");
  });

  it("serves the middleware's hits gzipped only when Accept-Encoding allows it", async () => {
    const cache = new PageCache();
    const app = new Hono();
    app.use(pageCacheMiddleware(cache));
    app.get("*", (c) => c.html(long));
    await app.request("/long/");
    const zipped = await app.request("/long/", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(zipped.headers.get("X-Cache")).toBe("HIT");
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(long);
    const plain = await app.request("/long/", { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(long);
  });

  it("answers the miss that fills an entry with the entry's gzip, which its hits then reuse", async () => {
    const cache = new PageCache();
    const app = new Hono();
    app.use(pageCacheMiddleware(cache));
    app.get("*", (c) => c.html(long));
    const gzip = { headers: { "Accept-Encoding": "gzip" } };
    const miss = await app.request("/long/", gzip);
    expect(miss.headers.get("X-Cache")).toBe("MISS");
    expect(miss.headers.get("Content-Encoding")).toBe("gzip");
    const zipped = Buffer.from(await miss.arrayBuffer());
    expect(gunzipSync(zipped).toString()).toBe(long);
    const hit = await app.request("/long/", gzip);
    expect(hit.headers.get("X-Cache")).toBe("HIT");
    expect(Buffer.from(await hit.arrayBuffer()).equals(zipped)).toBe(true);
    const plainMiss = await app.request("/autre/");
    expect(plainMiss.headers.get("Content-Encoding")).toBeNull();
    expect(await plainMiss.text()).toBe(long);
  });

  it("reads Accept-Encoding with its weights", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe("PageCache", () => {
  it("returns a fresh response with the stored status, headers and body for every hit", async () => {
    const cache = new PageCache();
    cache.set(key("/"), page("accueil"));
    const a = cache.get(key("/"));
    const b = cache.get(key("/"));
    expect(await a?.text()).toBe("accueil");
    expect(await b?.text()).toBe("accueil");
    expect(b?.headers.get("content-type")).toBe("text/plain");
  });

  it("evicts the least recently used entry, not the oldest, at the eleventh URL", () => {
    const cache = new PageCache();
    for (let i = 1; i <= 10; i++) cache.set(key(`/p/${i}/`), page(`${i}`));
    cache.get(key("/p/1/"));
    cache.set(key("/p/11/"), page("11"));
    expect(cache.size).toBe(10);
    expect(cache.get(key("/p/1/"))).toBeDefined();
    expect(cache.get(key("/p/2/"))).toBeUndefined();
    expect(cache.get(key("/p/11/"))).toBeDefined();
  });

  it("expires entries after the time to live", () => {
    let now = 1_000;
    const cache = new PageCache({ ttlMs: 60_000, now: () => now });
    cache.set(key("/"), page("accueil"));
    now += 59_999;
    expect(cache.get(key("/"))).toBeDefined();
    now += 1;
    expect(cache.get(key("/"))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps a week by default", () => {
    let now = 0;
    const cache = new PageCache({ now: () => now });
    cache.set(key("/"), page("accueil"));
    now = 7 * 24 * 3600 * 1000 - 1;
    expect(cache.size).toBe(1);
    now += 1;
    expect(cache.size).toBe(0);
  });

  it("purges everything", () => {
    const cache = new PageCache();
    cache.set(key("/"), page("a"));
    cache.set(key("/faq/"), page("b"));
    expect(cache.purge()).toBe(2);
    expect(cache.size).toBe(0);
  });

  it("purges one URL under both markers and leaves the rest", () => {
    const cache = new PageCache();
    cache.set(key("/p/miel/"), page("paris"));
    cache.set(key("/p/miel/", true), page("province"));
    cache.set(key("/faq/"), page("faq"));
    expect(cache.purge("/p/miel/")).toBe(2);
    expect(cache.get(key("/p/miel/"))).toBeUndefined();
    expect(cache.get(key("/p/miel/", true))).toBeUndefined();
    expect(cache.get(key("/faq/"))).toBeDefined();
  });

  it("lists the pages it holds, with their marker and expiry, expired ones left out", () => {
    let now = 0;
    const cache = new PageCache({ ttlMs: 1000, now: () => now });
    cache.set(key("/p/miel/"), page("paris"));
    now = 500;
    cache.set(key("/p/miel/", true), page("province"));
    expect(cache.pages()).toEqual([
      { url: "/p/miel/", isProvince: false, expiresAt: new Date(1000) },
      { url: "/p/miel/", isProvince: true, expiresAt: new Date(1500) },
    ]);
    now = 1000;
    expect(cache.pages()).toEqual([
      { url: "/p/miel/", isProvince: true, expiresAt: new Date(1500) },
    ]);
  });
});

describe("validators and conditional requests", () => {
  const keyed = (text: string, keys: string): CachedPage => ({
    ...page(text),
    headers: [
      ["content-type", "text/plain"],
      ["surrogate-key", keys],
    ],
  });

  it("gives a stored page a strong ETag of its bytes, and its gzipped copy another", async () => {
    const { app } = makeApp();
    const plain = await app.request("/p/miel/");
    const etag = plain.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    // The same bytes, from the cache, the same validator.
    expect((await app.request("/p/miel/")).headers.get("ETag")).toBe(etag);
    const zipped = await app.request("/p/miel/", { headers: { "Accept-Encoding": "gzip" } });
    expect(zipped.headers.get("Content-Encoding")).toBeNull(); // too short to compress
    const cache = new PageCache();
    cache.set(key("/long/"), {
      ...page("x".repeat(5000)),
      headers: [["content-type", "text/html"]],
    });
    const long = await cache.getGzipped(key("/long/"));
    const longPlain = cache.get(key("/long/"));
    expect(long?.headers.get("Content-Encoding")).toBe("gzip");
    expect(long?.headers.get("ETag")).toBe(`${longPlain?.headers.get("ETag")?.slice(0, -1)}-gzip"`);
  });

  it("answers 304 with no body to a matching If-None-Match, on a miss and on a hit", async () => {
    const { app, renders } = makeApp(new PageCache({ maxEntries: 0 }));
    const first = await app.request("/p/miel/");
    const etag = first.headers.get("ETag") ?? "";
    expect(etag).not.toBe("");
    // Nothing is kept (0 entries): the page is rendered again, and it changed (its render count).
    const again = await app.request("/p/miel/", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(200);
    expect(renders()).toBe(2);

    const kept = makeApp();
    const stored = await kept.app.request("/p/miel/");
    const tag = stored.headers.get("ETag") ?? "";
    const hit = await kept.app.request("/p/miel/", {
      headers: { "If-None-Match": `"other", W/${tag}` },
    });
    expect(hit.status).toBe(304);
    expect(await hit.text()).toBe("");
    expect(hit.headers.get("ETag")).toBe(tag);
    expect(hit.headers.get("Content-Type")).toBeNull();
    expect(hit.headers.get("X-Cache")).toBe("HIT");
    const stale = await kept.app.request("/p/miel/", { headers: { "If-None-Match": '"other"' } });
    expect(stale.status).toBe(200);
  });

  it("purges by surrogate key every page that names one of the keys, under both markers", () => {
    const cache = new PageCache();
    cache.set(key("/p/miel/"), keyed("miel", "all product-1 collection-9"));
    cache.set(key("/p/miel/", true), keyed("miel", "all product-1"));
    cache.set(key("/c/epicerie/"), keyed("épicerie", "all collection-9 product-2"));
    cache.set(key("/faq/"), keyed("faq", "all entry-faq"));
    expect(cache.purgeKeys(["product-1"])).toBe(2);
    expect(cache.get(key("/c/epicerie/"))).toBeDefined();
    expect(cache.purgeKeys(["collection-9", "entry-none"])).toBe(1);
    expect(cache.pages().map((kept) => kept.url)).toEqual(["/faq/"]);
    expect(cache.purgeKeys(["all"])).toBe(1);
  });
});
