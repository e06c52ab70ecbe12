import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { composedShops } from "#server/testing.ts";

/**
 * The security headers of issue 16 through the composed server: per kind of page, the CSP's nonce
 * on every inline script and style, the page cache replaying a page with its own CSP, and API
 * answers left with nosniff only.
 */
let database: Database;
let shops: Awaited<ReturnType<typeof composedShops>>;

beforeAll(async () => {
  database = await createTestDatabase();
  shops = await composedShops(database);
});

afterAll(async () => {
  await shops?.close();
  await database?.close();
});

/** The office address of the default admin allow-list. */
const OFFICE = "127.0.0.1";

function shop(overrides: Record<string, string> = {}) {
  const { request } = shops.shop(overrides, { remoteAddress: OFFICE });
  return (path: string, init: RequestInit = {}) => request(path, init);
}

const nonceOfPolicy = (res: Response) =>
  /script-src 'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

/** Every inline script and style element of a page, as written (JSON-LD is data, not script). */
function inlineElements(html: string): string[] {
  return [...html.matchAll(/<(?:script|style)\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => !tag.includes('type="application/ld+json"') && !/\ssrc=/.test(tag));
}

describe("the headers of a storefront page", () => {
  it("sends a nonce CSP, same-origin framing, nosniff, the referrer and permissions policies", async () => {
    const res = await shop()("/");
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp).not.toContain("googletagmanager");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=(), microphone=()");
    expect(res.headers.get("permissions-policy")).toContain("geolocation=()");
    // PUBLIC_URL is not https here.
    expect(res.headers.has("strict-transport-security")).toBe(false);
  });

  it("puts the policy's nonce on every inline script and style of the page", async () => {
    const res = await shop()("/");
    const nonce = nonceOfPolicy(res);
    const html = await res.text();
    const elements = inlineElements(html);
    expect(elements.length).toBeGreaterThan(2);
    for (const tag of elements) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("makes a new nonce for each page it renders", async () => {
    const request = shop({ PAGE_CACHE_MAX_ENTRIES: "0" });
    expect(nonceOfPolicy(await request("/faq/"))).not.toBe(nonceOfPolicy(await request("/faq/")));
  });

  it("adds HSTS when the shop's public address is https", async () => {
    const res = await shop({ PUBLIC_URL: "https://comptoir.example" })("/");
    expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
  });

  it("allows the tag manager's hosts only when a GTM_ID is configured", async () => {
    const csp = (await shop({ GTM_ID: "GTM-TEST123" })("/")).headers.get("content-security-policy");
    expect(csp).toMatch(/script-src [^;]*https:\/\/\*\.googletagmanager\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
  });
});

describe("pages that must never be framed", () => {
  it.each([
    "/middleware/login/",
    "/compte/",
    "/account/activate/1/token/",
    "/auth/reset/1/token/",
    "/order/",
  ])("%s: frame-ancestors 'none' and X-Frame-Options DENY", async (path) => {
    const res = await shop()(path);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("the hosted checkout: framing refused, its inline style signed, its no-referrer kept", async () => {
    const res = await shop()("/checkout/unknown-cart/?key=x");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const nonce = nonceOfPolicy(res);
    const elements = inlineElements(await res.text());
    expect(elements).toEqual([`<style nonce="${nonce}">`]);
  });
});

describe("the page cache and the CSP", () => {
  it("replays a stored page with the CSP whose nonce is written in it", async () => {
    const request = shop();
    const miss = await request("/?csp=1");
    expect(miss.headers.get("x-cache")).toBe("MISS");
    const missPolicy = miss.headers.get("content-security-policy");
    await miss.text();
    const hit = await request("/?csp=1");
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.headers.get("content-security-policy")).toBe(missPolicy);
    const nonce = nonceOfPolicy(hit);
    for (const tag of inlineElements(await hit.text())) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("renders a signed-in customer's page anew, with a nonce of its own", async () => {
    const request = shop();
    const shared = await request("/?csp=2");
    const own = await request("/?csp=2", { headers: { cookie: "customerAccessToken=abc" } });
    expect(own.headers.get("x-cache")).toBe("MISS");
    expect(nonceOfPolicy(own)).not.toBe(nonceOfPolicy(shared));
  });
});

describe("answers that are not pages", () => {
  it.each([
    ["/cart.json", {}],
    ["/visitor.json", {}],
    ["/faq.data", {}],
    ["/api/search/predictive?q=miel", {}],
  ])("%s: nosniff, and no page headers", async (path, init) => {
    const res = await shop()(path, init);
    expect(res.headers.get("content-type")).not.toMatch(/^text\/html/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.has("content-security-policy")).toBe(false);
    expect(res.headers.has("x-frame-options")).toBe(false);
    expect(res.headers.has("referrer-policy")).toBe(false);
  });
});
