import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import type { SearchRebuild } from "#platform/backoffice/search-rebuild.ts";
import { ensureFirstAdmin, recordChange } from "#platform/backoffice/staff.ts";
import {
  composeTestServer,
  formPost,
  signInStaff,
  type TestRequest,
} from "#platform/backoffice/testing.ts";
import { testEnv } from "#server/test-env.ts";

/** The admin area through the composed server: guard, sign-in, CSRF, screens, sign-out. */
const EMAIL = "chef@comptoir.test";
const PASSWORD = "un mot de passe solide";

let server: Awaited<ReturnType<typeof composeTestServer>>;
let database: Database;
let request: TestRequest;
let searchRebuild: SearchRebuild;

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureFirstAdmin(database.db, { email: EMAIL, password: PASSWORD });
  server = await composeTestServer(database);
  searchRebuild = server.searchRebuild;
  request = server.request;
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const form = formPost;

const signedIn = () => signInStaff(request, { email: EMAIL, password: PASSWORD });

async function signInCookie(): Promise<string> {
  const res = await request(
    "/middleware/login/",
    form({ email: EMAIL, password: PASSWORD, next: "" }),
  );
  expect(res.status).toBe(302);
  const cookie = res.headers.get("set-cookie") ?? "";
  expect(cookie).toMatch(/comptoir_admin=[^;]+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict/);
  return cookie.split(";")[0] ?? "";
}

describe("the admin area", () => {
  it("sends a client off the allow-list home, and an office visitor to the sign-in page", async () => {
    const outsider = await request("/middleware/dashboard/", {}, "203.0.113.9");
    expect(outsider.status).toBe(302);
    expect(outsider.headers.get("location")).toBe("/");
    const office = await request("/middleware/dashboard/");
    expect(office.status).toBe(302);
    expect(office.headers.get("location")).toBe(
      "/middleware/login/?next=%2Fmiddleware%2Fdashboard%2F",
    );
  });

  it("refuses a wrong password with a French message, and a form from another site", async () => {
    const wrong = await request(
      "/middleware/login/",
      form({ email: EMAIL, password: "pas le bon mot de passe" }),
    );
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Adresse e-mail ou mot de passe incorrect.");
    const forged = await request(
      "/middleware/login/",
      form({ email: EMAIL, password: PASSWORD }, { origin: "https://evil.example" }),
    );
    // The server's cross-origin rule, before React Router's own check (which answers 400).
    expect(forged.status).toBe(403);
    expect(forged.headers.get("set-cookie")).toBeNull();
  });

  it("stops an email's sign-in attempts after five failures", async () => {
    const attempt = () =>
      request("/middleware/login/", form({ email: "devine@comptoir.test", password: "essai" }));
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Trop de tentatives de connexion.");
  });

  it("signs in, shows the dashboard, and answers an unknown screen with 500", async () => {
    const cookie = await signInCookie();
    const dashboard = await request("/middleware/dashboard/", { headers: { cookie } });
    expect(dashboard.status).toBe(200);
    const html = await dashboard.text();
    expect(html).toContain("Bonjour Administrateur");
    expect(html).toContain("Produits");
    expect(html).not.toContain('class="site-header');
    const unknown = await request("/middleware/no-such-screen/", { headers: { cookie } });
    expect(unknown.status).toBe(500);
    expect(await unknown.text()).toContain("Unknown middleware");
  });

  it("signs out only with the form's CSRF token, and the session is then gone", async () => {
    const cookie = await signInCookie();
    const page = await (await request("/middleware/dashboard/", { headers: { cookie } })).text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? "";
    expect(csrf).not.toBe("");

    const forged = await request("/middleware/logout/", form({ _csrf: "forged" }, { cookie }));
    expect(forged.status).toBe(403);
    expect((await request("/middleware/dashboard/", { headers: { cookie } })).status).toBe(200);

    const out = await request("/middleware/logout/", form({ _csrf: csrf }, { cookie }));
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/middleware/login/");
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    const after = await request("/middleware/dashboard/", { headers: { cookie } });
    expect(after.headers.get("location")).toMatch(/^\/middleware\/login\//);
  });

  it("rebuilds the search index from the algolia screen and shows the result", async () => {
    const { cookie, csrf } = await signedIn();
    const started = await request("/middleware/algolia/", form({ _csrf: csrf }, { cookie }));
    expect(started.status).toBe(302);
    await searchRebuild.settled();
    const page = await (await request("/middleware/algolia/", { headers: { cookie } })).text();
    expect(page).toContain("Index reconstruit en");
    expect(page).toContain("lancé par chef@comptoir.test");
  });

  it("lists cached pages and purges one, then all", async () => {
    const { cookie, csrf } = await signedIn();
    await request("/");
    expect((await request("/")).headers.get("x-cache")).toBe("HIT");
    const listed = await (await request("/middleware/purge/", { headers: { cookie } })).text();
    expect(listed).toContain("<td>/</td>");

    const one = await request(
      "/middleware/purge/",
      form({ _csrf: csrf, intent: "url", url: "http://localhost:3000/" }, { cookie }),
    );
    expect(await one.text()).toContain("/ retirée du cache.");
    expect((await request("/")).headers.get("x-cache")).toBe("MISS");

    const bad = await request(
      "/middleware/purge/",
      form({ _csrf: csrf, intent: "url", url: "" }, { cookie }),
    );
    expect(await bad.text()).toContain("Indiquez une adresse de page");
    const all = await request(
      "/middleware/purge/",
      form({ _csrf: csrf, intent: "all" }, { cookie }),
    );
    expect(await all.text()).toContain("Cache vidé : 1 page(s) retirée(s).");
  });

  it("shows who changed what in the change log, filtered by subject", async () => {
    const { cookie } = await signedIn();
    const staff = { id: 1, email: EMAIL, name: "Administrateur", role: "admin" as const };
    await recordChange(database.db, {
      staff,
      action: "prix",
      subjectType: "produit",
      subjectId: "miel-de-lavande",
      before: { price: "12,50 €", title: "Miel" },
      after: { price: "11,90 €", title: "Miel" },
    });
    await recordChange(database.db, {
      staff,
      action: "archivage",
      subjectType: "produit",
      subjectId: "confiture",
    });
    const page = await (
      await request("/middleware/products-maj-log/?sujet=miel", { headers: { cookie } })
    ).text();
    expect(page).toContain("produit miel-de-lavande");
    expect(page).toContain("12,50 € → 11,90 €");
    expect(page).not.toContain("confiture");
  });

  it("starts a rebuild and purges for scripts only with the verify secret", async () => {
    expect((await request("/api/algolia")).status).toBe(401);
    const secret = testEnv().ADMIN_VERIFY_SECRET;
    const rebuild = await request(`/api/algolia?password=${secret}`);
    expect(rebuild.status).toBe(200);
    expect(await rebuild.json()).toMatchObject({ success: true, response: { started: true } });
    await searchRebuild.settled();

    const denied = await request("/api/purge", { method: "POST", body: "{}" });
    expect(denied.status).toBe(401);
    const purged = await request("/api/purge", {
      method: "POST",
      headers: { "x-comptoir-verify": secret, "content-type": "application/json" },
      body: JSON.stringify({ url: "/" }),
    });
    expect(await purged.json()).toEqual({ success: true, response: { purged: 0 } });
  });
});
