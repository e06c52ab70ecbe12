import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { readChangeLog } from "#platform/backoffice/change-log.ts";
import {
  exportContentfulJob,
  exportFlipdishJob,
  lastJobRuns,
  syncCategoriesJob,
  syncProductsJob,
} from "#platform/backoffice/syncs/sync-jobs.ts";
import {
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
  formPost,
  type TestRequest,
} from "#platform/backoffice/testing.ts";
import { insertCollections } from "#platform/commerce/index.ts";
import { commerceProduct } from "#platform/commerce/tables.ts";
import { putEntry } from "#platform/content/index.ts";
import { contentEntry } from "#platform/content/tables.ts";
import { readDocument } from "#platform/documents/index.ts";
import { orderingSectionItem } from "#platform/ordering/tables.ts";
import { menuItemIds } from "#seed/content/menu-items.ts";
import { FIXTURE_PRODUCTS } from "#seed/ordering/testing.ts";
import { seedOrderingProductIds } from "#server/api/testing.ts";

/**
 * The export and synchronisation screens (export-contentful, export-flipdish,
 * sync-products-bdd, sync-categories-bdd) through the composed server: CSRF, the background
 * run, what it wrote, its report and its change log lines.
 */
const EMAIL = "bureau@comptoir.test";
const PASSWORD = "un mot de passe solide";
const RESTAURATION = FIXTURE_PRODUCTS.filter((product) => !("grocery" in product));
const ITEM_IDS = menuItemIds(RESTAURATION.map((product) => product.handle));

let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let database: Database;
let request: TestRequest;
let session: { cookie: string; csrf: string };
let ids: Map<string, number>;

beforeAll(async () => {
  database = await createAdminTestDatabase({ email: EMAIL, password: PASSWORD });
  ids = await seedOrderingProductIds(database.db);
  await database.db.transaction(async (tx) => {
    // Two restauration products have their content record (one with an old price), the third
    // and the grocery product have none; one record names a product the catalogue lost.
    await putEntry(tx, {
      id: "product-salade",
      contentType: "product",
      fields: {
        name: "Salade César",
        slug: "salade-cesar",
        short_description: "Texte éditorial.",
        prediscount_price: 9.5,
        isProvince: false,
        tags: ["restauration"],
        fd_content: { MenuItemId: ITEM_IDS.get("salade-cesar"), Price: 9.5, ImageUrl: "" },
      },
    });
    await putEntry(tx, {
      id: "product-boeuf",
      contentType: "product",
      fields: {
        name: "Bœuf bourguignon",
        slug: "boeuf-bourguignon",
        prediscount_price: 12,
        isProvince: false,
        tags: ["restauration"],
        fd_content: { MenuItemId: ITEM_IDS.get("boeuf-bourguignon"), Price: 12, ImageUrl: "" },
      },
    });
    await putEntry(tx, {
      id: "product-disparu",
      contentType: "product",
      fields: { name: "Produit disparu", slug: "produit-disparu", tags: [] },
    });
    await insertCollections(tx, [
      { handle: "traiteur", title: "Traiteur", productIds: [ids.get("salade-cesar") ?? 0] },
      {
        handle: "plats",
        title: "Plats",
        metafields: { category_parent: "traiteur" },
        productIds: [ids.get("boeuf-bourguignon") ?? 0],
      },
    ]);
  });
  server = await composeSignedInServer(database, { email: EMAIL, password: PASSWORD });
  ({ request, session } = server);
});

afterAll(() => closeTestServer(server, database));

const page = async (path: string) =>
  (await request(path, { headers: { cookie: session.cookie } })).text();

const post = (path: string, fields: Record<string, string> = {}) =>
  request(path, formPost({ _csrf: session.csrf, ...fields }, { cookie: session.cookie }));

const record = async (slug: string) => {
  const [row] = await database.db
    .select({ id: contentEntry.id, type: contentEntry.contentType, fields: contentEntry.fields })
    .from(contentEntry)
    .where(sql`${contentEntry.fields}->>'slug' = ${slug}`);
  return row;
};

describe("every screen", () => {
  it("is listed in the menu and refuses a form without its CSRF token", async () => {
    const html = await page("/middleware/dashboard/");
    for (const screen of [
      "export-contentful",
      "export-flipdish",
      "sync-products-bdd",
      "sync-categories-bdd",
    ]) {
      expect(html).toContain(`href="/middleware/${screen}/"`);
      const refused = await request(
        `/middleware/${screen}/`,
        formPost({ _csrf: "forged", scope: "all" }, { cookie: session.cookie }),
      );
      expect(refused.status, screen).toBe(403);
    }
    for (const job of [
      exportContentfulJob(),
      exportFlipdishJob(),
      syncProductsJob(),
      syncCategoriesJob(),
    ])
      expect((await job.state(database.db)).status).toBe("idle");
  });
});

describe("export-contentful", () => {
  it("previews, then creates the missing records and updates the changed ones", async () => {
    const preview = await post("/middleware/export-contentful/", { scope: "all", dryRun: "on" });
    expect(preview.status).toBe(302);
    await exportContentfulJob().settled();
    const state = await exportContentfulJob().state(database.db);
    expect(state).toMatchObject({
      status: "done",
      result: { dryRun: true, scanned: 4, created: 2, updated: 1, unchanged: 1 },
    });
    expect(await record("caviar-oscietre")).toBeUndefined();

    await post("/middleware/export-contentful/", { scope: "all" });
    await exportContentfulJob().settled();
    expect(await exportContentfulJob().state(database.db)).toMatchObject({
      status: "done",
      result: { dryRun: false, created: 2, updated: 1, unchanged: 1 },
    });
    const caviar = await record("caviar-oscietre");
    expect(caviar).toMatchObject({
      id: `product-${ids.get("caviar-oscietre")}`,
      type: "product",
      fields: { name: "Caviar osciètre", prediscount_price: 89, tags: ["restauration"] },
    });
    // The stale price is fixed; the editorial text stays.
    expect((await record("boeuf-bourguignon"))?.fields).toMatchObject({
      prediscount_price: 14.5,
      fd_content: { Price: 14.5, MenuItemId: ITEM_IDS.get("boeuf-bourguignon") },
    });
    expect((await record("salade-cesar"))?.fields.short_description).toBe("Texte éditorial.");

    const html = await page("/middleware/export-contentful/");
    expect(html).toContain("2 fiche(s) créée(s), 1 mise(s) à jour, 1 inchangée(s)");
    expect(html).toContain("caviar-oscietre");

    const log = await readChangeLog(database.db, { subject: "boeuf-bourguignon" });
    expect(log.lines[0]).toMatchObject({
      staffEmail: EMAIL,
      action: "export-contentful",
      subjectType: "content-product",
      changes: expect.arrayContaining([{ field: "prediscount_price", before: 12, after: 14.5 }]),
    });

    // A second run finds nothing to do.
    await post("/middleware/export-contentful/", { scope: "restauration" });
    await exportContentfulJob().settled();
    expect(await exportContentfulJob().state(database.db)).toMatchObject({
      result: { scanned: 3, created: 0, updated: 0, unchanged: 3 },
    });
  });

  it("says so when the product of a single export does not exist", async () => {
    const html = await (
      await post("/middleware/export-contentful/", { scope: "handle", handle: "inconnu" })
    ).text();
    expect(html).toContain("Aucun produit n&#x27;a l&#x27;adresse « inconnu ».");
  });
});

describe("export-flipdish", () => {
  it("pushes changed names, prices and availability into the menu items", async () => {
    await database.db
      .update(commerceProduct)
      .set({ priceMinCents: 1600, title: "Bœuf bourguignon maison" })
      .where(eq(commerceProduct.handle, "boeuf-bourguignon"));
    await database.db
      .update(commerceProduct)
      .set({ availableForSale: false })
      .where(eq(commerceProduct.handle, "salade-cesar"));

    expect((await post("/middleware/export-flipdish/")).status).toBe(302);
    await exportFlipdishJob().settled();
    const state = await exportFlipdishJob().state(database.db);
    expect(state).toMatchObject({
      status: "done",
      // The caviar's record, made by export-contentful, is tied to no menu item: reported.
      result: {
        products: 3,
        menus: [4101],
        updated: 2,
        unchanged: 0,
        notOnMenu: ["caviar-oscietre"],
      },
    });
    const [stew] = await database.db
      .select()
      .from(orderingSectionItem)
      .where(eq(orderingSectionItem.id, ITEM_IDS.get("boeuf-bourguignon") ?? 0));
    expect(stew).toMatchObject({ name: "Bœuf bourguignon maison", priceCents: 1600 });
    const [salad] = await database.db
      .select()
      .from(orderingSectionItem)
      .where(eq(orderingSectionItem.id, ITEM_IDS.get("salade-cesar") ?? 0));
    expect(salad?.isAvailable).toBe(false);

    const html = await page("/middleware/export-flipdish/");
    expect(html).toContain("2 article(s) de menu mis à jour, 0 déjà à jour");
    expect(html).toContain("1 produit(s) sans article de menu : caviar-oscietre");
    expect(html).toContain('href="/middleware/export-flipdish/1103.csv"');
    const log = await readChangeLog(database.db, { subject: "boeuf-bourguignon" });
    expect(log.lines[0]).toMatchObject({ action: "export-flipdish", subjectType: "menu-item" });

    const file = await request("/middleware/export-flipdish/1101.csv", {
      headers: { cookie: session.cookie },
    });
    expect(file.headers.get("content-disposition")).toContain("flipdish-produits-1101-");
    expect(await file.text()).toContain(
      `${ITEM_IDS.get("boeuf-bourguignon")};Plats cuisinés;boeuf-bourguignon;Bœuf bourguignon maison;16.00;true;`,
    );
  });
});

describe("sync-products-bdd", () => {
  it("writes every product's document and archives records of lost products", async () => {
    expect((await post("/middleware/sync-products-bdd/")).status).toBe(302);
    await syncProductsJob().settled();
    expect(await syncProductsJob().state(database.db)).toMatchObject({
      status: "done",
      result: { scanned: 4, documents: 4, archivedOrphans: ["produit-disparu"] },
    });
    const stew = await readDocument(database.db, `products/${ids.get("boeuf-bourguignon")}`);
    expect(stew?.body).toMatchObject({
      product: { handle: "boeuf-bourguignon", price: 16, name: "Bœuf bourguignon maison" },
    });
    expect((await record("produit-disparu"))?.fields.tags).toEqual(["Archive"]);
    const html = await page("/middleware/sync-products-bdd/");
    expect(html).toContain("4 document(s) en base écrit(s)");
    expect(html).toContain("archivée(s) : produit-disparu");

    // Again: the documents are up to date, nothing is written.
    await post("/middleware/sync-products-bdd/");
    await syncProductsJob().settled();
    expect(await syncProductsJob().state(database.db)).toMatchObject({
      result: { documents: 0, created: 0, updated: 0, archivedOrphans: [] },
    });
  });
});

describe("sync-categories-bdd", () => {
  it("writes the category documents and creates the missing content records", async () => {
    expect((await post("/middleware/sync-categories-bdd/")).status).toBe(302);
    await syncCategoriesJob().settled();
    expect(await syncCategoriesJob().state(database.db)).toMatchObject({
      status: "done",
      result: { collections: 2, documents: 2, created: ["traiteur", "plats"], present: 0 },
    });
    const top = await record("traiteur");
    expect(top).toMatchObject({ id: "category-traiteur", type: "pageCategorie" });
    expect(top?.fields.sub_categories).toEqual([
      { sys: { type: "Link", linkType: "Entry", id: "category-plats" } },
    ]);
    expect(await record("plats")).toMatchObject({
      type: "subCategory",
      fields: { category: { sys: { id: "category-traiteur" } } },
    });
    const [plats] = await database.db
      .select({ id: sql<number>`id` })
      .from(sql`commerce_collection`)
      .where(sql`handle = 'plats'`);
    const document = await readDocument(database.db, `category/${plats?.id}`);
    expect(document?.body).toMatchObject({
      category: {
        handle: "plats",
        parent: "traiteur",
        products: [{ handle: "boeuf-bourguignon" }],
      },
    });
    const html = await page("/middleware/sync-categories-bdd/");
    expect(html).toContain("2 fiche(s) de contenu créée(s) : traiteur, plats");

    const runs = await lastJobRuns(database.db);
    expect(Object.keys(runs).sort()).toEqual([
      "export-contentful",
      "export-flipdish",
      "sync-categories",
      "sync-products",
    ]);
    expect(runs["sync-categories"]).toMatchObject({ staffEmail: EMAIL });
    expect(
      await database.db
        .select()
        .from(contentEntry)
        .where(and(eq(contentEntry.contentType, "subCategory"))),
    ).toHaveLength(1);
  });
});
