import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  accessToken,
  gateRedirectPath,
  passwordGate,
  SITE_ACCESS_COOKIE,
} from "./password-gate.ts";

const PASSWORD = "truffe-noire";

function makeApp(options: { password?: string } = { password: PASSWORD }) {
  const app = new Hono();
  app.use(passwordGate(options));
  app.all("*", (c) => c.text(`page ${c.req.path}`));
  return app;
}

const withCookie = (value: string) => ({ headers: { Cookie: `${SITE_ACCESS_COOKIE}=${value}` } });

function postForm(app: Hono, fields: Record<string, string>, url = "http://localhost/password/") {
  return app.request(url, { method: "POST", body: new URLSearchParams(fields) });
}

function cookieValue(res: Response): string | undefined {
  return res.headers.get("Set-Cookie")?.match(new RegExp(`^${SITE_ACCESS_COOKIE}=([^;]*)`))?.[1];
}

describe("passwordGate", () => {
  it("is off when no password is set", async () => {
    const res = await makeApp({}).request("/c/the/");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("page /c/the/");
  });

  it("redirects a visitor without the cookie to the form with the page they asked for", async () => {
    const res = await makeApp().request("/c/the/?sort=prix");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(
      `/password/?redirect=${encodeURIComponent("/c/the/?sort=prix")}`,
    );
  });

  it("sends a refused non-GET request back to the home page after the form", async () => {
    const res = await makeApp().request("/api/logs/addr", { method: "POST" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/password/?redirect=%2F");
  });

  it("lets health checks through", async () => {
    const app = makeApp();
    expect((await app.request("/healthz")).status).toBe(200);
    expect((await app.request("/readyz")).status).toBe(200);
  });

  it("shows an accessible French form that needs nothing from elsewhere", async () => {
    const res = await makeApp().request("/password/?redirect=%2Fp%2Fmiel%2F");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain("<title>Accès réservé</title>");
    expect(html).toContain('<label for="password">Mot de passe</label>');
    expect(html).toContain('<input id="password" name="password" type="password"');
    expect(html).toContain('<button type="submit">Entrer</button>');
    expect(html).toContain('<input type="hidden" name="redirect" value="/p/miel/">');
    expect(html).not.toMatch(/\b(src|href)=/);
    expect(html).not.toContain("Mot de passe incorrect.");
  });

  it("sets a five-day authorisation cookie and returns to the page for ?password= on any URL", async () => {
    const res = await makeApp().request(`/p/miel/?password=${PASSWORD}&variant=2`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/p/miel/?variant=2");
    const cookie = res.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^${SITE_ACCESS_COOKIE}=`));
    expect(cookie).toContain("Max-Age=432000");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
  });

  it("marks the cookie Secure over https", async () => {
    const res = await makeApp().request(`https://shop.example/?password=${PASSWORD}`);
    expect(res.headers.get("Set-Cookie")).toContain("Secure");
  });

  it("lets a visitor with the cookie through", async () => {
    const app = makeApp();
    const granted = await app.request(`/?password=${PASSWORD}`);
    const res = await app.request("/c/the/", withCookie(cookieValue(granted) ?? ""));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("page /c/the/");
  });

  it("ignores a wrong ?password=", async () => {
    const res = await makeApp().request("/faq/?password=wrong");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/password\/\?redirect=/);
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("sets the cookie and returns to the previous page when the form is posted with the password", async () => {
    const res = await postForm(makeApp(), { password: PASSWORD, redirect: "/c/the/?sort=prix" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/c/the/?sort=prix");
    expect(res.headers.get("Set-Cookie")).toContain("Max-Age=432000");
  });

  it("re-shows the form with 401 and a French message for a wrong password", async () => {
    const res = await postForm(makeApp(), { password: "wrong", redirect: "/faq/" });
    expect(res.status).toBe(401);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    const html = await res.text();
    expect(html).toContain('role="alert">Mot de passe incorrect.</p>');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('name="redirect" value="/faq/"');
  });

  it("re-shows the form for a post without a password", async () => {
    const res = await postForm(makeApp(), {});
    expect(res.status).toBe(401);
  });

  it("sends a visitor who already has the cookie on from the form", async () => {
    const res = await makeApp().request(
      "/password/?redirect=%2Ffaq%2F",
      withCookie(accessToken(PASSWORD)),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/faq/");
  });

  it("accepts ?password= on the form itself and follows its redirect", async () => {
    const res = await makeApp().request(`/password/?redirect=%2Ffaq%2F&password=${PASSWORD}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/faq/");
  });

  it("refuses a forged cookie", async () => {
    const app = makeApp();
    for (const forged of ["1", "true", PASSWORD, accessToken("another-password")]) {
      expect((await app.request("/", withCookie(forged))).status, forged).toBe(302);
    }
  });

  it("stops honouring old cookies when the password changes", async () => {
    const old = accessToken(PASSWORD);
    expect((await makeApp().request("/", withCookie(old))).status).toBe(200);
    expect((await makeApp({ password: "nouveau-mot" }).request("/", withCookie(old))).status).toBe(
      302,
    );
  });

  it("never redirects off the site after a post", async () => {
    for (const redirect of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
    ]) {
      const res = await postForm(makeApp(), { password: PASSWORD, redirect });
      expect(res.headers.get("Location"), redirect).toBe("/");
    }
  });

  it("does not reflect markup from the redirect parameter", async () => {
    const attack = `/"><script>alert(1)</script>`;
    const res = await makeApp().request(`/password/?redirect=${encodeURIComponent(attack)}`);
    const html = await res.text();
    expect(html).not.toContain("<script>");
    expect(html).not.toContain('"><');
  });
});

describe("gateRedirectPath", () => {
  it("keeps a same-site path with its query and fragment", () => {
    expect(gateRedirectPath("/c/the/?sort=prix#liste")).toBe("/c/the/?sort=prix#liste");
  });

  it("strips the password parameter", () => {
    expect(gateRedirectPath(`/faq/?password=${PASSWORD}`)).toBe("/faq/");
    expect(gateRedirectPath(`/faq/?a=1&password=${PASSWORD}&b=2`)).toBe("/faq/?a=1&b=2");
  });

  it("never yields a protocol-relative path through dot segments", () => {
    expect(gateRedirectPath("/a/..//evil.example/x")).toBe("/evil.example/x");
    expect(gateRedirectPath("/.//evil.example")).toBe("/evil.example");
    expect(gateRedirectPath("/x/../\\evil.example")).toBe("/evil.example");
  });

  it("turns anything that could leave the site into /", () => {
    for (const target of [
      null,
      undefined,
      "",
      "faq/",
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
    ]) {
      expect(gateRedirectPath(target), String(target)).toBe("/");
    }
  });
});
