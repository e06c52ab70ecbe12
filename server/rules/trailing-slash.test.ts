import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { trailingSlash } from "./trailing-slash.ts";

const app = new Hono();
app.use(
  trailingSlash({ skipPrefixes: ["/api/", "/content/", "/ordering/", "/healthz", "/readyz"] }),
);
app.all("*", (c) => c.text("passed"));

async function expectRedirect(path: string, location: string, method = "GET") {
  const res = await app.request(path, { method });
  expect(res.status).toBe(301);
  expect(res.headers.get("Location")).toBe(location);
}

async function expectUntouched(path: string, method = "GET") {
  const res = await app.request(path, { method });
  expect(res.status, path).toBe(200);
}

describe("trailingSlash", () => {
  it("adds a trailing slash with a 301", async () => {
    await expectRedirect("/faq", "/faq/");
    await expectRedirect("/c/epicerie/the", "/c/epicerie/the/");
  });

  it("keeps the query string", async () => {
    await expectRedirect("/faq?x=1", "/faq/?x=1");
    await expectRedirect("/search?q=th%C3%A9&sort=asc", "/search/?q=th%C3%A9&sort=asc");
  });

  it("redirects HEAD like GET", async () => {
    await expectRedirect("/faq", "/faq/", "HEAD");
  });

  it("preserves percent-encoded characters in the path", async () => {
    await expectRedirect("/p/caf%C3%A9-moulu", "/p/caf%C3%A9-moulu/");
    await expectRedirect("/p/a%2Fb", "/p/a%2Fb/");
  });

  it("leaves paths with a slash, a dot or a page parameter alone", async () => {
    await expectUntouched("/");
    await expectUntouched("/faq/");
    await expectUntouched("/robots.txt");
    await expectUntouched("/assets/app.3f2a.js");
    await expectUntouched("/c/x?page=2");
  });

  it("leaves skipped prefixes alone", async () => {
    await expectUntouched("/api/db/user/1-bookmarks");
    await expectUntouched("/content/entries");
    await expectUntouched("/ordering/Restaurant/DeliverySlots/4");
    await expectUntouched("/healthz");
    await expectUntouched("/readyz");
  });

  it("leaves other methods alone", async () => {
    await expectUntouched("/faq", "POST");
    await expectUntouched("/faq", "PUT");
  });

  it("never redirects to another host", async () => {
    // A dotless host such as `//intranet` would otherwise become a protocol-relative Location.
    await expectRedirect("http://localhost//intranet", "/intranet/");
    await expectRedirect("http://localhost/\\intranet", "/intranet/");
  });
});
