import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { adminGuard, isAdminPath } from "./admin-guard.ts";

const OFFICE = "192.0.2.10";
const OUTSIDE = "203.0.113.5";
const PROXY = "10.0.0.1";

function makeApp(allowlist = [OFFICE, "198.51.100.0/24", "2001:db8:cafe::/48"]) {
  const app = new Hono();
  app.use(adminGuard({ allowlist, trustedProxies: [PROXY] }));
  app.get("*", (c) => c.text("served"));
  return app;
}

function request(path: string, peer: string | undefined, forwardedFor?: string) {
  const headers: Record<string, string> = forwardedFor ? { "X-Forwarded-For": forwardedFor } : {};
  const env = peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } };
  return makeApp().request(path, { headers }, env);
}

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

describe("adminGuard", () => {
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
