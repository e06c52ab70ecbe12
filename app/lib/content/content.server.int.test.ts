import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type ContentEntry,
  getBlogPosts,
  getErrorPage,
  getFooter,
  getHomePage,
  getMainMenu,
  getPage,
  getProductStatusTexts,
  getProductsByBrand,
  getProductsByCategory,
  getProductsByIds,
  IDS_PER_REQUEST,
  invalidateContentCache,
  setContentLogger,
} from "#app/lib/content/content.server.ts";
import { linkTo } from "#app/lib/links.ts";
import { configureService } from "#app/lib/services.server.ts";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { createContentApi, putEntry } from "#platform/content/index.ts";
import { contentEntry } from "#platform/content/tables.ts";

/**
 * The storefront's content client against the real delivery API, in-process (as the server
 * registers it), over the seeded demo content.
 */

const TOKEN = "content-client-test-token";
let database: Database;
let requests: string[] = [];
let warnings: { object: Record<string, unknown>; message: string }[] = [];

function useContentService(token = TOKEN) {
  const api = createContentApi({ db: database.db, accessToken: TOKEN });
  configureService("content", {
    baseUrl: "http://content.embedded",
    handler: (request) => {
      requests.push(new URL(request.url).search);
      return api.fetch(request);
    },
    headers: { Authorization: `Bearer ${token}` },
  });
}

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  setContentLogger({ warn: (object, message) => warnings.push({ object, message }) });
});
afterAll(() => database?.close());
beforeEach(() => {
  useContentService();
  invalidateContentCache();
  requests = [];
  warnings = [];
});

const fieldsOf = (entry: unknown) => (entry as ContentEntry).fields;
const typeOf = (entry: unknown) => (entry as ContentEntry).sys.contentType.sys.id;

describe("configuration: menu, footer, status texts", () => {
  it("reads the main menu with its items, children, categories and pushes resolved", async () => {
    const menu = await getMainMenu();
    const items = fieldsOf(menu).items as ContentEntry[];
    const cave = items.find((item) => item.fields.title === "Cave");
    expect(linkTo(cave)).toBe("/c/cave/");
    const child = (cave?.fields.child as ContentEntry[] | undefined)?.[0];
    expect(typeOf(child)).toBe("menu_item");
    expect(linkTo(child)).toMatch(/^\/c\/cave\/[a-z-]+\/$/);
    expect(fieldsOf(cave?.fields.push)).toMatchObject({ title: expect.any(String) });
    expect(fieldsOf(fieldsOf(cave?.fields.push).image)).toMatchObject({
      file: { url: expect.stringMatching(/^\/cdn\/images\//) },
    });
    const params = new URLSearchParams(requests[0]);
    expect(params.get("include")).toBe("5");
    expect(params.get("locale")).toBe("fr");
  });

  it("keeps the menu and the footer in memory until content changes", async () => {
    const first = await getMainMenu();
    await Promise.all([getMainMenu(), getMainMenu(), getFooter(), getFooter()]);
    expect(requests.length).toBe(2);
    expect(await getMainMenu()).toBe(first);

    const [stored] = await database.db
      .select()
      .from(contentEntry)
      .where(eq(contentEntry.id, "main-menu"));
    await putEntry(database.db, {
      id: "main-menu",
      contentType: "main_menu",
      fields: { title: "Menu modifié", items: [] },
    });
    expect(fieldsOf(await getMainMenu()).title).toBe("Menu principal");
    invalidateContentCache();
    expect(fieldsOf(await getMainMenu()).title).toBe("Menu modifié");
    await putEntry(database.db, {
      id: "main-menu",
      contentType: "main_menu",
      fields: stored?.fields ?? {},
    });
  });

  it("reads the footer with its disclaimers and resolved link menus", async () => {
    const footer = fieldsOf(await getFooter());
    expect(footer.alcohol_disclaimer).toBe(
      "L'abus d'alcool est dangereux pour la santé, à consommer avec modération.",
    );
    const menus = footer.link_menus as ContentEntry[];
    const legal = menus.find((menu) => menu.fields.title === "Informations légales");
    expect(((legal?.fields.links ?? []) as ContentEntry[]).map(linkTo)).toContain("/cms/cgv/");
    expect((footer.seasonal_pages as ContentEntry[]).map(linkTo)).toContain("/e/noel/");
  });

  it("reads the product status texts", async () => {
    expect(await getProductStatusTexts()).toMatchObject({ unavailable: "Bientôt disponible !" });
  });
});

describe("pages", () => {
  it("reads a page of each type by slug", async () => {
    const cases = [
      ["cms", "cgv"],
      ["pageCategorie", "fromagerie"],
      ["subCategory", "vins-rouges"],
      ["pageMarque", "rucher-des-quatre-vents"],
      ["pageArtisan", "rucher-des-quatre-vents"],
      ["blogpost", "galette-des-rois-frangipane"],
      ["blog_category", "recettes"],
      ["homepage", "noel"],
      ["shop_page", "magasin"],
      ["page_faq", "faq"],
    ] as const;
    for (const [type, slug] of cases) {
      const page = await getPage(type, slug);
      expect(page?.sys.contentType.sys.id, `${type} ${slug}`).toBe(type);
      expect(page?.fields.slug).toBe(slug);
    }
    const sub = await getPage("subCategory", "vins-rouges");
    expect(linkTo(sub)).toBe("/c/cave/vins/vins-rouges/");
  });

  it("keeps the home page in memory until content changes", async () => {
    const first = await getHomePage();
    expect(await getHomePage()).toBe(first);
    expect(requests.length).toBe(1);
    invalidateContentCache();
    await getHomePage();
    expect(requests.length).toBe(2);
  });

  it("reads the home page's blocks in order, carousels with their products", async () => {
    const home = await getHomePage();
    const blocks = fieldsOf(home).blocks as ContentEntry[];
    expect(typeOf(blocks[0])).toBe("banner");
    const products = blocks.find((block) => block.fields.kind === "product");
    const first = (products?.fields.products as ContentEntry[] | undefined)?.[0];
    expect(linkTo(first)).toMatch(/^\/p\/[a-z0-9-]+\/$/);
  });

  it("reads the FAQ with its questions, and an error page by status code", async () => {
    const faq = await getPage("page_faq", "faq");
    const categories = fieldsOf(faq).categories as ContentEntry[];
    expect(categories).toHaveLength(5);
    expect(
      (categories[0]?.fields.questions as ContentEntry[] | undefined)?.[0]?.fields.answer,
    ).toMatchObject({
      nodeType: "document",
    });
    expect(fieldsOf(await getErrorPage(404)).title).toBe("Cette page est introuvable");
    expect(await getErrorPage(418)).toBeNull();
  });

  it("lists blog posts newest first, all or by category", async () => {
    const all = await getBlogPosts();
    expect(all.length).toBeGreaterThanOrEqual(10);
    const dates = all.map((post) => String(post.fields.publishDate));
    expect(dates).toEqual([...dates].sort().reverse());
    const recipes = await getBlogPosts("recettes");
    expect(recipes.length).toBeGreaterThan(0);
    expect(recipes.every((post) => fieldsOf(post.fields.category).slug === "recettes")).toBe(true);
    expect(await getBlogPosts("nothing")).toEqual([]);
  });

  it("gives null for a missing page", async () => {
    expect(await getPage("cms", "nothing-here")).toBeNull();
    expect(warnings).toEqual([]);
  });
});

describe("products", () => {
  it("reads a brand's products, without archived ones", async () => {
    const products = await getProductsByBrand("traiteur-oriol");
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      expect(product.fields.manufacturer?.fields.slug).toBe("traiteur-oriol");
      expect(product.fields.tags ?? []).not.toContain("Archive");
    }
    expect(await getProductsByBrand("nobody")).toEqual([]);
  });

  it("reads a category's or a sub-category's products, resolved 5 levels deep", async () => {
    const traiteur = await getProductsByCategory("traiteur");
    expect(traiteur.length).toBeGreaterThan(0);
    expect(traiteur.some((product) => product.fields.fd_content?.MenuItemId)).toBe(true);
    const bundle = traiteur.find((product) => product.fields.slug === "formule-dejeuner");
    expect(bundle?.fields.products_in_bundle).toHaveLength(3);
    expect(bundle?.fields.products_in_bundle?.[0]?.fields.fd_content?.Price).toEqual(
      expect.any(Number),
    );
    const sub = await getProductsByCategory("vins-rouges");
    expect(sub.length).toBeGreaterThan(0);
    expect(sub.every((product) => product.fields.tags?.includes("Archive") !== true)).toBe(true);
    expect(await getProductsByCategory("nothing")).toEqual([]);
  });

  it("reads products by id in chunks, in the order asked, skipping unknown and archived ones", async () => {
    const all = await getProductsByCategory("epicerie-salee");
    const ids = all.map((product) => product.sys.id).reverse();
    expect(ids.length).toBeGreaterThan(IDS_PER_REQUEST);
    requests = [];
    const found = await getProductsByIds([...ids, "unknown-id", ids[0] ?? ""]);
    expect(found.map((product) => product.sys.id)).toEqual(ids);
    expect(requests.length).toBe(Math.ceil((ids.length + 1) / IDS_PER_REQUEST));
    expect(new URLSearchParams(requests[0]).get("fields.tags[nin]")).toBe("Archive");
    expect(await getProductsByIds([])).toEqual([]);
  });
});

describe("failures", () => {
  it("gives null or empty results and logs, never throws, when the service refuses", async () => {
    useContentService("a-wrong-token");
    expect(await getMainMenu()).toBeNull();
    expect(await getPage("cms", "cgv")).toBeNull();
    expect(await getProductsByIds(["product-1"])).toEqual([]);
    expect(await getProductStatusTexts()).toEqual({});
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings[0]?.message).toBe("content read failed");
    // A failed configuration read is not kept: it is tried again once the service answers.
    useContentService();
    expect(fieldsOf(await getMainMenu()).title).toBe("Menu principal");
  });

  it("gives null when the service cannot be reached at all", async () => {
    configureService("content", {
      baseUrl: "http://content.embedded",
      handler: () => {
        throw new Error("connection refused");
      },
    });
    expect(await getFooter()).toBeNull();
    expect(warnings.at(-1)?.object.err).toBeInstanceOf(Error);
  });
});
