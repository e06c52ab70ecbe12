import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  findEntry,
  previewPath,
  publishEntry,
  scheduleAction,
  signPreviewToken,
  updateEntry,
} from "#platform/content/index.ts";
import { testEnv } from "#server/test-env.ts";
import { composedShops } from "#server/testing.ts";

/**
 * Content editing as shoppers live it, through the composed server (issue 50): a draft shows to
 * nobody and purges nothing; its preview shows it to the editor only, never cached; its publish
 * (by hand, or scheduled) shows on the very next page, with no stale copy anywhere.
 */

const env = testEnv();
const HERO = "Le goût des bonnes choses";
const NEW_HERO = "Les fromages de printemps sont arrivés";

let database: Database;
let shops: Awaited<ReturnType<typeof composedShops>>;
let shop: ReturnType<Awaited<ReturnType<typeof composedShops>>["shop"]>;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  shops = await composedShops(database);
  shop = shops.shop();
});
afterAll(async () => {
  await shops?.close();
  await database?.close();
});

const editor = { db: () => database.db, by: "editrice@comptoir.test" };

async function saveDraft(id: string, change: Record<string, unknown>) {
  const entry = await findEntry(database.db, id);
  if (!entry) throw new Error(`no entry ${id}`);
  return updateEntry(
    { db: editor.db(), by: editor.by },
    { id, version: entry.revision, fields: { ...entry.fields, ...change } },
  );
}

async function page(path: string) {
  const res = await shop.request(path);
  return { res, html: await res.text() };
}

describe("the home page's hero, edited", () => {
  it("shows its draft to nobody, and keeps the cached page", async () => {
    await page("/");
    const before = await page("/");
    expect(before.res.headers.get("x-cache")).toBe("HIT");
    expect(before.html).toContain(HERO);

    await saveDraft("banner-accueil", { title: NEW_HERO });
    const after = await page("/");
    expect(after.res.headers.get("x-cache")).toBe("HIT");
    expect(after.html).toContain(HERO);
    expect(after.html).not.toContain(NEW_HERO);
  });

  it("shows it in the preview, to the one who holds the link, never cached", async () => {
    const path = previewPath("/", env.CONTENT_PREVIEW_TOKEN);
    const preview = await page(path);
    expect(preview.res.status).toBe(200);
    expect(preview.html).toContain(NEW_HERO);
    expect(preview.res.headers.get("cache-control")).toBe("private, no-store");
    expect(preview.res.headers.get("x-robots-tag")).toBe("noindex");
    expect(preview.res.headers.get("x-cache")).toBe("MISS");
    expect((await page(path)).res.headers.get("x-cache")).toBe("MISS");
    expect(shop.pageCache.pages().some((kept) => kept.url.includes("preview="))).toBe(false);

    // The content client's kept home page is not the preview's: shoppers still get the published one.
    shop.pageCache.purge();
    const published = await page("/");
    expect(published.html).toContain(HERO);
    expect(published.html).not.toContain(NEW_HERO);
  });

  it("refuses a link whose token expired or was never signed, showing no draft", async () => {
    const expired = signPreviewToken(env.CONTENT_PREVIEW_TOKEN, {
      now: new Date(Date.now() - 7_200_000),
    });
    const forged = signPreviewToken("not-the-shop-secret");
    for (const token of [expired, forged, "nimportequoi"]) {
      const refused = await page(`/?preview=${encodeURIComponent(token)}`);
      expect(refused.res.status).toBe(403);
      expect(refused.res.headers.get("cache-control")).toBe("no-store");
      expect(refused.html).toContain("Ce lien d'aperçu a expiré ou n'est pas valable");
      expect(refused.html).not.toContain(NEW_HERO);
    }
  });

  it("shows the published hero on the next page, with no stale copy", async () => {
    await page("/");
    expect((await page("/")).res.headers.get("x-cache")).toBe("HIT");
    const entry = await findEntry(database.db, "banner-accueil");
    const published = await shop.request(
      "/content-management/spaces/comptoir/environments/master/entries/banner-accueil/published",
      {
        method: "PUT",
        headers: {
          authorization: `Bearer ${env.CONTENT_MANAGEMENT_TOKEN}`,
          "x-contentful-version": String(entry?.revision),
        },
      },
    );
    expect(published.status).toBe(200);
    const fresh = await page("/");
    expect(fresh.res.headers.get("x-cache")).toBe("MISS");
    expect(fresh.html).toContain(NEW_HERO);
  });
});

describe("the footer, edited", () => {
  it("shows its draft in every page's preview, and its publish on every page", async () => {
    await saveDraft("footer", { copyright: "© 2026 Comptoir, Paris" });
    await page("/faq/");
    expect((await page("/faq/")).html).not.toContain("© 2026 Comptoir, Paris");
    expect((await page(previewPath("/faq/", env.CONTENT_PREVIEW_TOKEN))).html).toContain(
      "© 2026 Comptoir, Paris",
    );
    expect((await page("/faq/")).res.headers.get("x-cache")).toBe("HIT");

    // The screens publish through the editing functions, then drop the shop's copies.
    const entry = await findEntry(database.db, "footer");
    await publishEntry(
      { db: database.db, by: editor.by },
      { id: "footer", version: entry?.revision ?? 0 },
    );
    shop.invalidations.publish({ kind: "content" });
    for (const path of ["/faq/", "/"]) {
      const fresh = await page(path);
      expect(fresh.res.headers.get("x-cache")).toBe("MISS");
      expect(fresh.html).toContain("© 2026 Comptoir, Paris");
    }
  });
});

describe("a scheduled publish", () => {
  it("goes live when the server's job runs at its time, and not before", async () => {
    await saveDraft("page-faq", { title: "Vos questions, nos réponses" });
    const now = new Date();
    await scheduleAction(
      { db: database.db, by: editor.by, now },
      { entityId: "page-faq", action: "publish", scheduledFor: new Date(now.getTime() + 60_000) },
    );
    await page("/faq/");
    await shop.platform.contentSchedule.runNow(new Date(now.getTime() + 30_000));
    const early = await page("/faq/");
    expect(early.res.headers.get("x-cache")).toBe("HIT");
    expect(early.html).not.toContain("Vos questions, nos réponses");

    await shop.platform.contentSchedule.runNow(new Date(now.getTime() + 60_000));
    const live = await page("/faq/");
    expect(live.res.headers.get("x-cache")).toBe("MISS");
    expect(live.html).toContain("Vos questions, nos réponses");
  });
});
