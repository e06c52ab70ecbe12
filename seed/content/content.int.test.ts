import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { CAROUSEL_KINDS, CONTENT_TYPES, createContentApi } from "#platform/content/index.ts";
import { contentAsset, contentEntry } from "#platform/content/tables.ts";
import { createContentBuilder } from "#seed/content/builder.ts";
import { readCatalogue } from "#seed/content/catalogue-data.ts";
import { ALCOHOL_DISCLAIMER, HEALTH_DISCLAIMER } from "#seed/content/editorial.ts";
import { buildDemoContent, HOME_SLUG } from "#seed/content/index.ts";
import { FIRST_MENU_ITEM_ID, restaurationMenuItems } from "#seed/content/menu-items.ts";
import { plainText, type RichTextDocument } from "#seed/content/rich-text.ts";
import { SEED_NOW, seedDatabase } from "#seed/index.ts";
import { createRandom } from "#seed/random.ts";

type Row = typeof contentEntry.$inferSelect;
type Link = { linkType: string; id: string };

let database: Database;
let entries: Row[];
let assets: (typeof contentAsset.$inferSelect)[];
const TOKEN = "seed-content-test-token";

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database, { seed: 1 });
  entries = await database.db.select().from(contentEntry);
  assets = await database.db.select().from(contentAsset);
});
afterAll(() => database?.close());

function linksIn(value: unknown): Link[] {
  const found: Link[] = [];
  JSON.stringify(value, (_key, node) => {
    if (node?.sys?.type === "Link") found.push({ linkType: node.sys.linkType, id: node.sys.id });
    return node;
  });
  return found;
}
const ofType = (type: string) => entries.filter((entry) => entry.contentType === type);
const byId = (id: string) => entries.find((entry) => entry.id === id);
const one = (type: string, slug: string) =>
  ofType(type).find((entry) => entry.fields.slug === slug);
const rows = async <T>(statement: ReturnType<typeof sql>) =>
  ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;

describe("the demo content", () => {
  it("has entries of every content type of the model", () => {
    const present = new Set(entries.map((entry) => entry.contentType));
    for (const type of CONTENT_TYPES) expect(present, type.id).toContain(type.id);
  });

  it("links only to entries and assets that exist and are published", () => {
    const entryIds = new Set(entries.filter((e) => e.publishedAt).map((e) => e.id));
    const assetIds = new Set(assets.filter((a) => a.publishedAt).map((a) => a.id));
    const dangling = entries.flatMap((entry) =>
      linksIn(entry.fields)
        .filter(({ linkType, id }) => !(linkType === "Entry" ? entryIds : assetIds).has(id))
        .map((link) => `${entry.id} → ${link.linkType} ${link.id}`),
    );
    expect(dangling).toEqual([]);
  });

  it("points every asset at an image the image service holds", async () => {
    const files = new Set(
      (await rows<{ path: string }>(sql`select path from commerce_file`)).map(
        (row) => `/cdn/images/${row.path}`,
      ),
    );
    const missing = assets.filter((asset) => !files.has(asset.file.url)).map((a) => a.id);
    expect(missing).toEqual([]);
  });

  it("builds a main menu with every top category of the catalogue, sub-menus, pushes and colours", async () => {
    const tops = await rows<{ handle: string }>(
      sql`select c.handle from commerce_collection c join commerce_metafield m
          on m.owner_type = 'COLLECTION' and m.owner_id = c.id and m.key = 'homecategory'`,
    );
    const [menu] = ofType("main_menu");
    const items = linksIn(menu?.fields.items).map(({ id }) => byId(id));
    const linked = items.map((item) => byId(linksIn(item?.fields.internal_link)[0]?.id ?? ""));
    const slugs = linked.flatMap((entry) => (entry ? [entry.fields.slug] : []));
    expect(new Set(slugs)).toEqual(new Set(tops.map((top) => top.handle)));
    const ecom = items.filter((item) => item?.fields.isEcom);
    for (const item of ecom) {
      expect(item?.fields.titleColor).toMatch(/^#[0-9a-f]{6}$/);
      expect(linksIn(item?.fields.child).length).toBeGreaterThan(0);
    }
    expect(ecom.filter((item) => item?.fields.push).length).toBeGreaterThan(0);
  });

  it("gives category pages the commerce collections' handles and real products", async () => {
    const collections = new Set(
      (await rows<{ handle: string }>(sql`select handle from commerce_collection`)).map(
        (row) => row.handle,
      ),
    );
    const handles = new Set(
      (await rows<{ handle: string }>(sql`select handle from commerce_product`)).map(
        (row) => row.handle,
      ),
    );
    const categories = [...ofType("pageCategorie"), ...ofType("subCategory")];
    expect(categories.length).toBe(collections.size);
    for (const category of categories) {
      expect(collections).toContain(category.fields.slug);
      for (const field of [
        "selected_products",
        "merchandising_products",
        "products_merchandising",
      ]) {
        for (const { id } of linksIn(category.fields[field])) {
          expect(handles).toContain(byId(id)?.fields.slug);
        }
      }
    }
    expect(
      ofType("pageCategorie").every((c) => linksIn(c.fields.selected_products).length > 0),
    ).toBe(true);
    expect(ofType("subCategory").some((c) => c.fields.is_merchandising === true)).toBe(true);
  });

  it("has a home page that uses every carousel kind, banners and calls to action", () => {
    const home = one("homepage", HOME_SLUG);
    const blocks = linksIn(home?.fields.blocks).map(({ id }) => byId(id));
    const kinds = blocks.filter((b) => b?.contentType === "carousel").map((b) => b?.fields.kind);
    expect(new Set(kinds)).toEqual(new Set(CAROUSEL_KINDS));
    const types = new Set(blocks.map((block) => block?.contentType));
    expect(types).toContain("banner");
    expect(types).toContain("callToAction");
  });

  it("has a footer with the French disclaimers, reassurance, menus, social links and seasonal pages", () => {
    const [footer] = ofType("footer");
    expect(footer?.fields).toMatchObject({
      health_disclaimer:
        "Pour votre santé, mangez au moins cinq fruits et légumes par jour. www.mangerbouger.fr",
      alcohol_disclaimer:
        "L'abus d'alcool est dangereux pour la santé, à consommer avec modération.",
      copyright: expect.stringContaining("2021"),
    });
    expect(footer?.fields.health_disclaimer).toBe(HEALTH_DISCLAIMER);
    expect(footer?.fields.alcohol_disclaimer).toBe(ALCOHOL_DISCLAIMER);
    const reassurance = linksIn(footer?.fields.reassurance).map(({ id }) => byId(id)?.fields.title);
    expect(reassurance).toEqual(
      expect.arrayContaining([
        "Livraison à domicile",
        "Retrait en magasin",
        "Paiement sécurisé",
        "Produits d'artisans",
      ]),
    );
    for (const field of ["link_menus", "social_links", "seasonal_pages"]) {
      expect(linksIn(footer?.fields[field]).length).toBeGreaterThan(0);
    }
  });

  it("has the legal pages, a FAQ of 15+ questions in five categories, and the store page", () => {
    for (const slug of ["donnees-personnelles", "mentions-legales", "cgv", "cookies"]) {
      const page = one("cms", slug);
      expect(plainText(page?.fields.body as RichTextDocument).length).toBeGreaterThan(500);
    }
    const faq = one("page_faq", "faq");
    const categories = linksIn(faq?.fields.categories).map(({ id }) => byId(id));
    expect(categories.map((category) => category?.fields.slug)).toEqual([
      "commande",
      "livraison-et-retrait",
      "paiement",
      "compte",
      "produits",
    ]);
    const questions = categories.flatMap((category) => linksIn(category?.fields.questions));
    expect(questions.length).toBeGreaterThanOrEqual(15);
    const shop = one("shop_page", "magasin");
    // Its prose only: the stores' addresses and hours come from the ordering service's data.
    expect(shop?.fields.title).toBe("Nos magasins");
    expect(shop?.fields.intro).toEqual(expect.any(String));
    expect(shop?.fields.address).toBeUndefined();
  });

  it("has a blog of 3+ categories and 10+ posts, each with an image and a category", () => {
    expect(ofType("blog_category").length).toBeGreaterThanOrEqual(3);
    const posts = ofType("blogpost");
    expect(posts.length).toBeGreaterThanOrEqual(10);
    for (const post of posts) {
      expect(post.fields.image).toBeDefined();
      expect(post.fields.category).toBeDefined();
      expect(post.fields.publishDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    }
  });

  it("has the error pages and the unavailable product text", () => {
    expect(ofType("errorPage").map((page) => page.fields.code)).toEqual([404, 500]);
    const unavailable = ofType("product_status_text").find(
      (e) => e.fields.status === "unavailable",
    );
    expect(unavailable?.fields.text).toBe("Bientôt disponible !");
  });

  it("gives every restauration product its menu item id, and a bundle priced as the sum of its products", async () => {
    const menu = await restaurationMenuItems(database.db);
    expect(menu.length).toBeGreaterThan(0);
    expect(menu[0]?.menuItemId).toBe(FIRST_MENU_ITEM_ID);
    const products = ofType("product");
    for (const item of menu) {
      const product = products.find((entry) => entry.fields.slug === item.handle);
      expect(product?.fields.fd_content).toMatchObject({
        MenuItemId: item.menuItemId,
        Price: item.priceCents / 100,
      });
    }
    const bundle = one("product", "formule-dejeuner");
    const parts = linksIn(bundle?.fields.products_in_bundle).map(({ id }) => byId(id));
    expect(parts.length).toBe(3);
    const sum = parts.reduce(
      (total, part) =>
        total +
        Math.round(((part?.fields.fd_content as { Price?: number } | undefined)?.Price ?? 0) * 100),
      0,
    );
    expect(sum).toBeGreaterThan(0);
    expect(bundle?.fields.fd_content).toMatchObject({ Price: sum / 100 });
    expect(bundle?.fields.prediscount_price).toBe(sum / 100);
  });

  it("is the same on every build from the same catalogue and seed", async () => {
    const build = () =>
      database.db.transaction(async (tx) => {
        const content = createContentBuilder(SEED_NOW);
        buildDemoContent(content, {
          products: await readCatalogue(tx),
          random: createRandom(7),
          now: SEED_NOW,
        });
        return JSON.stringify([content.entries, content.assets]);
      });
    expect(await build()).toBe(await build());
  });
});

describe("the delivery API over the demo content", () => {
  const get = async (path: string) => {
    const api = createContentApi({ db: database.db, accessToken: TOKEN });
    const res = await api.request(`/content/spaces/comptoir/environments/master${path}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    // biome-ignore lint/suspicious/noExplicitAny: checked field by field.
    return { status: res.status, body: (await res.json()) as any };
  };

  it("include=5 gives every linked entry and asset once, none missing, none of the items", async () => {
    const { status, body } = await get("/entries?content_type=homepage&include=5");
    expect(status).toBe(200);
    const itemIds = new Set<string>(body.items.map((item: Row) => item.id ?? "").filter(Boolean));
    for (const item of body.items) itemIds.add(item.sys.id);
    // The closure, computed from the tables.
    const expectedEntries = new Set<string>();
    const expectedAssets = new Set<string>();
    let frontier = body.items.map((item: { fields: unknown }) => item.fields);
    for (let level = 0; level < 5; level++) {
      const next: unknown[] = [];
      for (const { linkType, id } of frontier.flatMap(linksIn)) {
        if (linkType === "Asset") expectedAssets.add(id);
        else if (!itemIds.has(id) && !expectedEntries.has(id)) {
          expectedEntries.add(id);
          next.push(byId(id)?.fields);
        }
      }
      frontier = next;
    }
    const included: string[] = body.includes.Entry.map((e: { sys: { id: string } }) => e.sys.id);
    const includedAssets: string[] = body.includes.Asset.map(
      (a: { sys: { id: string } }) => a.sys.id,
    );
    expect(new Set(included).size).toBe(included.length);
    expect(new Set(includedAssets).size).toBe(includedAssets.length);
    expect(new Set(included)).toEqual(expectedEntries);
    expect(new Set(includedAssets)).toEqual(expectedAssets);
    expect(body.errors).toBeUndefined();
  });

  it("lists every content type of the model", async () => {
    const { body } = await get("/content_types");
    expect(body.items.map((type: { sys: { id: string } }) => type.sys.id)).toEqual(
      CONTENT_TYPES.map((type) => type.id),
    );
    expect(body.total).toBe(CONTENT_TYPES.length);
  });
});
