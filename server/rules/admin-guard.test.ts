import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { adminGuard, isAdminPath, isAdminRequest } from "./admin-guard.ts";

const OFFICE = "192.0.2.10";
const OUTSIDE = "203.0.113.5";
const PROXY = "10.0.0.1";

function makeApp(allowlist = [OFFICE, "198.51.100.0/24", "2001:db8:cafe::/48"]) {
  const app = new Hono();
  app.use(adminGuard({ allowlist, trustedProxies: [PROXY] }));
  app.all("*", (c) => c.text("served"));
  return app;
}

function request(path: string, peer: string | undefined, forwardedFor?: string, method = "GET") {
  const headers: Record<string, string> = forwardedFor ? { "X-Forwarded-For": forwardedFor } : {};
  const env = peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } };
  return makeApp().request(path, { method, headers }, env);
}

/** Every spelling of an admin request the pentest tried, and a few more. */
const ADMIN_REQUESTS = [
  "/middleware.data",
  "/middleware.data?_routes=routes%2Fmiddleware%2Flayout",
  "/middleware/_.data",
  "/middleware/orders.data",
  "/middleware/dashboard.data?_routes=routes/middleware/layout,routes/middleware/dashboard",
  "/_root.data?_routes=routes/middleware/layout",
  "/.data?_routes=routes/middleware/layout",
  "/p/comte.data?_routes=root,routes%2Fmiddleware%2Flayout",
  "/_root.data?_routes=routes%252Fmiddleware%252Flayout",
  "/__manifest?paths=/middleware/dashboard&version=x",
  "/__manifest?paths=/,%2Fmiddleware%2Fproducts&version=x",
  "/Middleware/",
  "/MIDDLEWARE.DATA",
  "/%6Diddleware/",
  "/x%2Fmiddleware/",
  "/x%2fmiddleware/",
  "/x%5Cmiddleware/",
  "/x%5cmiddleware%5Cdashboard",
  "/x%252Fmiddleware/",
  "/x%25252Fmiddleware/",
  "/middleware;jsessionid=1/dashboard/",
  "/;x/middleware/",
  "/middleware%20/",
  "/middleware%09/",
  "/%25252525252525252525252Fmiddleware/",
];

const OTHER_REQUESTS = [
  "/",
  "/middlewares/",
  "/my-middleware/",
  "/p/middleware-pack.jpg",
  "/_root.data",
  "/_root.data?_routes=root,routes/home",
  "/p/comte.data?_routes=routes/product",
  "/__manifest?paths=/p/comte/,/c/fromages/&version=x",
  "/search/?q=middleware",
];

function expectRedirectHome(res: Response) {
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/");
}

async function expectServed(res: Response) {
  expect(res.status).toBe(200);
  expect(await res.text()).toBe("served");
}

describe("isAdminPath", () => {
  it("finds a middleware segment anywhere in the path", () => {
    for (const path of [
      "/middleware",
      "/middleware/",
      "/middleware/products/x",
      "/fr/middleware",
    ]) {
      expect(isAdminPath(path), path).toBe(true);
    }
  });

  it("ignores segments that only contain the word", () => {
    for (const path of ["/", "/middlewares/", "/my-middleware/", "/p/middleware-pack.jpg"]) {
      expect(isAdminPath(path), path).toBe(false);
    }
  });

  it("sees through case and percent-encoding", () => {
    expect(isAdminPath("/Middleware/")).toBe(true);
    expect(isAdminPath("/%6Diddleware/")).toBe(true);
    expect(isAdminPath("/x%2Fmiddleware/")).toBe(true);
  });
});

describe("isAdminRequest", () => {
  it("sees every door into the admin area", () => {
    for (const path of ADMIN_REQUESTS) {
      expect(isAdminRequest(new URL(path, "http://shop.test")), path).toBe(true);
    }
  });

  it("leaves storefront requests alone", () => {
    for (const path of OTHER_REQUESTS) {
      expect(isAdminRequest(new URL(path, "http://shop.test")), path).toBe(false);
    }
  });
});

describe("adminGuard", () => {
  it("redirects an outside client for every spelling and every method", async () => {
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      for (const path of ADMIN_REQUESTS) {
        expectRedirectHome(await request(path, OUTSIDE, undefined, method));
      }
    }
  });

  it("serves the office every spelling", async () => {
    for (const path of ADMIN_REQUESTS) await expectServed(await request(path, OFFICE));
    await expectServed(await request("/middleware.data", OFFICE, undefined, "POST"));
  });

  it("redirects an outside client to the home page", async () => {
    expectRedirectHome(await request("/middleware/", OUTSIDE));
    expectRedirectHome(await request("/middleware/products/x", OUTSIDE));
    expectRedirectHome(await request("/fr/middleware", OUTSIDE));
  });

  it("redirects an outside client that forges X-Forwarded-For with an allowed address", async () => {
    expectRedirectHome(await request("/middleware/", OUTSIDE, OFFICE));
  });

  it("serves an allowed peer", async () => {
    await expectServed(await request("/middleware/dashboard", OFFICE));
  });

  it("serves an allowed client forwarded by a trusted proxy", async () => {
    await expectServed(await request("/middleware/", PROXY, OFFICE));
  });

  it("redirects a disallowed client forwarded by a trusted proxy, even under a forged hop", async () => {
    expectRedirectHome(await request("/middleware/", PROXY, OUTSIDE));
    expectRedirectHome(await request("/middleware/", PROXY, `${OFFICE}, ${OUTSIDE}`));
  });

  it("matches CIDR ranges and IPv6 entries", async () => {
    await expectServed(await request("/middleware/", "198.51.100.77"));
    await expectServed(await request("/middleware/", "::ffff:198.51.100.77"));
    await expectServed(await request("/middleware/", "2001:db8:cafe:1::9"));
    expectRedirectHome(await request("/middleware/", "2001:db8:cafd::9"));
  });

  it("redirects a request with no known peer", async () => {
    expectRedirectHome(await request("/middleware/", undefined));
  });

  it("guards encoded and capitalised spellings of the segment", async () => {
    expectRedirectHome(await request("/Middleware/", OUTSIDE));
    expectRedirectHome(await request("/%6Diddleware/", OUTSIDE));
  });

  it("leaves other paths alone", async () => {
    await expectServed(await request("/middlewares/", OUTSIDE));
    await expectServed(await request("/my-middleware/", OUTSIDE));
    await expectServed(await request("/", undefined));
  });

  it("refuses to start with an invalid allow-list entry", () => {
    expect(() => makeApp(["192.0.2.0/40"])).toThrow(
      'Invalid entry in admin allow-list: "192.0.2.0/40" is not an IP address or CIDR range',
    );
  });
});
