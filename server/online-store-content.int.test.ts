import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMainMenu } from "#app/lib/content/content.server.ts";
import { normaliseMenu } from "#app/lib/layout/site-layout.ts";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  graphqlRequest,
  ORIGIN,
  type TestStorefrontApi,
  testStorefrontApi,
} from "#platform/commerce/testing.ts";
import { shopIdentity } from "#platform/shop-identity.ts";
import { servedStorefrontOptions } from "#server/storefront-api-testing.ts";

/**
 * The Storefront API's online-store content (menus, pages, policies, blogs, articles, brand) read
 * from the content service through the port the server wires, on the demo content.
 */

let database: Database;
let api: TestStorefrontApi;

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary GraphQL answers
async function query(document: string, variables: Record<string, unknown> = {}): Promise<any> {
  const body = await graphqlRequest(api, document, variables);
  expect(body.errors).toBeUndefined();
  return body.data;
}

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  api = testStorefrontApi(database.db, servedStorefrontOptions(database.db));
});
afterAll(() => database.close());

describe("menus", () => {
  it("answer the header's menu as the storefront shows it, with absolute links and their kinds", async () => {
    const data = await query(`{ menu(handle: "main-menu") {
      handle itemsCount items { id title url type items { title url type } } } }`);
    const shown = normaliseMenu(await getMainMenu());
    expect(data.menu.handle).toBe("main-menu");
    expect(data.menu.itemsCount).toBe(shown.length);
    expect(data.menu.items.map((item: { title: string }) => item.title)).toEqual(
      shown.map((item) => item.title),
    );
    const [department] = data.menu.items;
    expect(department.url).toBe(`${ORIGIN}${shown[0]?.href}`);
    expect(department.type).toBe("COLLECTION");
    expect(department.items.length).toBeGreaterThan(0);
    const blog = data.menu.items.find((item: { url: string }) => item.url === `${ORIGIN}/blog/`);
    expect(blog.type).toBe("BLOG");
    expect(new Set(data.menu.items.map((item: { id: string }) => item.id)).size).toBe(
      data.menu.items.length,
    );
  });

  it("give every item a url, as Hydrogen's header and footer need, and what it leads to", async () => {
    const data = await query(`{
      main: menu(handle: "main-menu") { items { title url type resourceId
        resource { __typename ... on Collection { id handle } }
        items { url resource { __typename } } } }
      footer: menu(handle: "footer") { items { title url items { title url resourceId
        resource { __typename ... on Page { id handle } } } } } }`);
    const all = [...data.main.items, ...data.footer.items].flatMap(
      (item: { url: string; items: { url: string }[] }) => [item, ...item.items],
    );
    for (const item of all) expect(item.url, JSON.stringify(item)).toBeTruthy();
    // A footer column is a heading without a link: `#`, as a merchant's heading on Shopify.
    expect(data.footer.items.every((column: { url: string }) => column.url === "#")).toBe(true);
    const [department] = data.main.items;
    expect(department.resource).toMatchObject({ __typename: "Collection" });
    expect(department.resourceId).toBe(department.resource.id);
    expect(department.url).toBe(`${ORIGIN}/c/${department.resource.handle}/`);
    const links = data.footer.items.flatMap((column: { items: unknown[] }) => column.items);
    const terms = links.find(
      (link: { title: string }) => link.title === "Conditions générales de vente",
    );
    expect(terms.resource).toMatchObject({ __typename: "Page", handle: "cgv" });
    expect(terms.resourceId).toBe(terms.resource.id);
    // A link elsewhere (an email address) leads to nothing of the shop's.
    const mail = links.find((link: { url: string }) => link.url.startsWith("mailto:"));
    expect(mail).toMatchObject({ resource: null, resourceId: null });
  });

  it("answer the footer's link columns, and null for a menu the content does not have", async () => {
    const data = await query(`{
      footer: menu(handle: "footer") { items { title url items { title url type } } }
      unknown: menu(handle: "menu-inconnu") { id } }`);
    expect(data.unknown).toBeNull();
    expect(data.footer.items.length).toBeGreaterThan(0);
    const links = data.footer.items.flatMap((column: { items: unknown[] }) => column.items);
    expect(links).toContainEqual({
      title: "Conditions générales de vente",
      url: `${ORIGIN}/cms/cgv/`,
      type: "PAGE",
    });
  });
});

describe("pages and policies", () => {
  it("list the editorial pages and open one by handle or id, its facts filled in", async () => {
    const data = await query(`{ pages(first: 50) { nodes { id handle title onlineStoreUrl } } }`);
    const handles = data.pages.nodes.map((page: { handle: string }) => page.handle);
    expect(handles).toContain("mentions-legales");
    const listed = data.pages.nodes.find(
      (page: { handle: string }) => page.handle === "mentions-legales",
    );
    expect(listed.onlineStoreUrl).toBe(`${ORIGIN}/cms/mentions-legales/`);

    const opened = await query(
      `query ($id: ID!) {
        byHandle: page(handle: "mentions-legales") { id title body bodySummary seo { title } }
        byId: page(id: $id) { handle }
        old: pageByHandle(handle: "mentions-legales") { handle }
        none: page(handle: "page-inconnue") { id } }`,
      { id: listed.id },
    );
    expect(opened.byHandle.title).toBe("Mentions légales");
    expect(opened.byHandle.body).toContain(shopIdentity().legalName);
    expect(opened.byHandle.body).toContain("<h2>Éditeur du site</h2><p>");
    expect(opened.byHandle.body).not.toContain("{{");
    expect(opened.byHandle.bodySummary.length).toBeGreaterThan(20);
    expect(opened.byId.handle).toBe("mentions-legales");
    expect(opened.old.handle).toBe("mentions-legales");
    expect(opened.none).toBeNull();
  });

  it("answer Shopify's policies from the legal pages, absent where the shop has none", async () => {
    const data = await query(`{ shop {
      privacyPolicy { handle title url body }
      termsOfService { handle title url }
      shippingPolicy { handle url }
      refundPolicy { id }
      subscriptionPolicy { id }
      legalNotice { handle title url }
      termsOfSale { handle url } } }`);
    expect(data.shop.legalNotice).toMatchObject({
      handle: "legal-notice",
      title: "Mentions légales",
      url: `${ORIGIN}/cms/mentions-legales/`,
    });
    expect(data.shop.termsOfSale).toEqual({ handle: "terms-of-sale", url: `${ORIGIN}/cms/cgv/` });
    expect(data.shop.privacyPolicy).toMatchObject({
      handle: "privacy-policy",
      title: "Données personnelles",
      url: `${ORIGIN}/cms/donnees-personnelles/`,
    });
    expect(data.shop.privacyPolicy.body).toContain("<p>");
    expect(data.shop.termsOfService.url).toBe(`${ORIGIN}/cms/cgv/`);
    expect(data.shop.shippingPolicy.url).toBe(`${ORIGIN}/cms/livraison-et-retrait/`);
    expect(data.shop.refundPolicy).toBeNull();
    expect(data.shop.subscriptionPolicy).toBeNull();
  });

  it("give the shop's brand: logo and colours", async () => {
    const data = await query(`{ shop { brand {
      logo { id image { url } } colors { primary { background foreground } } } } }`);
    expect(data.shop.brand.logo.image.url).toBe(`${ORIGIN}/favicon.svg`);
    const logo = await query(`{ shop { brand { logo { image { id } } } } }`);
    expect(logo.shop.brand.logo.image.id).toMatch(/^gid:\/\/shopify\/ImageSource\//);
    expect(data.shop.brand.colors.primary).toEqual([
      { background: "#7a2e2e", foreground: "#ffffff" },
    ]);
  });
});

describe("blogs and articles", () => {
  const ARTICLE = `id handle title contentHtml content(truncateAt: 80) excerpt publishedAt
    authorV2 { name } image { id url altText } blog { handle } onlineStoreUrl tags`;

  it("take Shopify's search syntax in the lists' query", async () => {
    const all = await query(
      `{ articles(first: 250) { nodes { handle title tags blog { handle } } } }`,
    );
    const articles: { handle: string; title: string; tags: string[]; blog: { handle: string } }[] =
      all.articles.nodes;
    const tag = articles.find((article) => article.tags.length > 0)?.tags[0] ?? "";
    const handles = async (q: string) =>
      (
        await query(`query ($q: String) { articles(first: 250, query: $q) { nodes { handle } } }`, {
          q,
        })
      ).articles.nodes
        .map((article: { handle: string }) => article.handle)
        .sort();
    const expected = (keep: (article: (typeof articles)[number]) => boolean) =>
      articles
        .filter(keep)
        .map((article) => article.handle)
        .sort();
    expect(await handles(`tag:'${tag}'`)).toEqual(expected((a) => a.tags.includes(tag)));
    expect(await handles(`tag_not:'${tag}'`)).toEqual(expected((a) => !a.tags.includes(tag)));
    expect(await handles("blog_title:recettes")).toEqual(
      expected((a) => a.blog.handle === "recettes"),
    );
    expect(await handles("blog_title:recettes OR blog_title:conseils")).toEqual(
      expected((a) => ["recettes", "conseils"].includes(a.blog.handle)),
    );
    expect(await handles("-blog_title:recettes")).toEqual(
      expected((a) => a.blog.handle !== "recettes"),
    );
    expect(await handles(`created_at:<'2000-01-01'`)).toEqual([]);
    expect(await handles(`created_at:>'2000-01-01'`)).toEqual(expected(() => true));
    for (const nothing of ["couleur:rouge", "zzqxw", "()"]) {
      expect(await handles(nothing), nothing).toEqual([]);
    }
    const pages = await query(`{
      cgv: pages(first: 10, query: "handle:cgv") { nodes { handle } }
      titled: pages(first: 10, query: "title:mentions*") { nodes { handle } }
      blogs(first: 10, query: "handle:recettes OR handle:portraits") { nodes { handle } } }`);
    expect(pages.cgv.nodes).toEqual([{ handle: "cgv" }]);
    expect(pages.titled.nodes).toEqual([{ handle: "mentions-legales" }]);
    expect(pages.blogs.nodes.map((blog: { handle: string }) => blog.handle).sort()).toEqual([
      "portraits",
      "recettes",
    ]);
  });

  it("list the blog's categories as blogs, each with its articles newest first, paged", async () => {
    const data = await query(`{ blogs(first: 10) { nodes { handle title onlineStoreUrl
      articles(first: 2) { nodes { handle publishedAt } pageInfo { hasNextPage endCursor } } } } }`);
    const handles = data.blogs.nodes.map((blog: { handle: string }) => blog.handle);
    expect(handles).toEqual(expect.arrayContaining(["recettes", "portraits", "conseils"]));
    const recipes = data.blogs.nodes.find((blog: { handle: string }) => blog.handle === "recettes");
    expect(recipes.onlineStoreUrl).toBe(`${ORIGIN}/blog/`);
    const [newer, older] = recipes.articles.nodes;
    expect(Date.parse(newer.publishedAt)).toBeGreaterThanOrEqual(Date.parse(older.publishedAt));

    const next = await query(
      `query ($after: String) { blog(handle: "recettes") {
        articles(first: 2, after: $after) { nodes { handle } pageInfo { hasPreviousPage } } } }`,
      { after: recipes.articles.pageInfo.endCursor },
    );
    expect(next.blog.articles.pageInfo.hasPreviousPage).toBe(true);
    const seen = recipes.articles.nodes.map((article: { handle: string }) => article.handle);
    for (const article of next.blog.articles.nodes) expect(seen).not.toContain(article.handle);
  });

  it("open an article by handle in its blog and by id, with its author, picture and body", async () => {
    const data = await query(`{ blog(handle: "recettes") {
      first: articles(first: 1) { nodes { handle } } } }`);
    const handle = data.blog.first.nodes[0].handle;
    const opened = await query(
      `query ($handle: String!) { blog(handle: "recettes") { articleByHandle(handle: $handle) { ${ARTICLE} } } }`,
      { handle },
    );
    const article = opened.blog.articleByHandle;
    expect(article.blog.handle).toBe("recettes");
    expect(article.onlineStoreUrl).toBe(`${ORIGIN}/b/${handle}/`);
    expect(article.image?.id).toMatch(/^gid:\/\/shopify\/ArticleImage\//);
    expect(article.authorV2.name.length).toBeGreaterThan(2);
    expect(article.contentHtml).toMatch(/<(p|h2|ul)>/);
    expect(article.content.length).toBeLessThanOrEqual(83);
    expect(article.image.url).toMatch(/^http:\/\/shop\.test\//);
    const byId = await query(`query ($id: ID!) { article(id: $id) { handle } }`, {
      id: article.id,
    });
    expect(byId.article.handle).toBe(handle);
    const all = await query(`{ articles(first: 250, sortKey: TITLE) { nodes { title } } }`);
    const titles = all.articles.nodes.map((one: { title: string }) => one.title);
    expect(titles).toEqual([...titles].sort());
  });
});

describe("search", () => {
  it("finds blog posts and pages by the words they start, accents and case aside", async () => {
    const data = await query(`{
      articles: search(query: "CONSERVER fromage", types: [ARTICLE], first: 5) {
        totalCount nodes { __typename ... on Article { handle trackingParameters } } }
      pages: search(query: "conditions générales", types: [PAGE], first: 5) {
        nodes { ... on Page { handle } } }
      products: search(query: "fromage", first: 1) { nodes { __typename } }
      none: search(query: "zzzzzz", types: [ARTICLE, PAGE], first: 5) { totalCount nodes { __typename } } }`);
    expect(data.articles.nodes[0]).toEqual({
      __typename: "Article",
      handle: "bien-conserver-ses-fromages",
      trackingParameters: null,
    });
    expect(data.pages.nodes.map((page: { handle: string }) => page.handle)).toContain("cgv");
    expect(data.products.nodes[0]?.__typename ?? "Product").toBe("Product");
    expect(data.none).toEqual({ totalCount: 0, nodes: [] });
  });

  it("suggests posts and pages in predictive search, within the limit", async () => {
    const data =
      await query(`{ predictiveSearch(query: "blanquette", limit: 3, types: [ARTICLE, PAGE]) {
      articles { handle } pages { handle } products { id } } }`);
    expect(data.predictiveSearch.articles).toEqual([{ handle: "blanquette-de-veau-a-l-ancienne" }]);
    expect(data.predictiveSearch.products).toEqual([]);
    const many = await query(`{ predictiveSearch(query: "le", limit: 2, types: [ARTICLE]) {
      articles { handle } } }`);
    expect(many.predictiveSearch.articles).toHaveLength(2);
  });
});

describe("sitemap", () => {
  it("pages every resource 250 at a time, as Hydrogen's sitemaps read them", async () => {
    const counted = (await database.db.execute(
      sql`select count(*)::int as value from commerce_product where not archived`,
    )) as unknown as { rows: { value: number }[] };
    const products = counted.rows[0]?.value ?? 0;
    expect(products).toBeGreaterThan(250);
    const data = await query(`{
      products: sitemap(type: PRODUCT) { pagesCount { count precision }
        first: resources(page: 1) { hasNextPage items { handle updatedAt } }
        last: resources(page: ${Math.ceil(products / 250)}) { hasNextPage items { handle } } }
      pages: sitemap(type: PAGE) { pagesCount { count } resources(page: 1) { items { handle } } }
      blogs: sitemap(type: BLOG) { resources(page: 1) { items { handle updatedAt } } }
      brands: sitemap(type: METAOBJECT) { resources(page: 1) {
        items { handle ... on SitemapResourceMetaobject { type onlineStoreUrlHandle } } } } }`);
    expect(data.products.pagesCount).toEqual({
      count: Math.ceil(products / 250),
      precision: "EXACT",
    });
    expect(data.products.first.items).toHaveLength(250);
    expect(data.products.first.hasNextPage).toBe(true);
    expect(data.products.last.hasNextPage).toBe(false);
    expect(data.products.last.items).toHaveLength(products % 250 || 250);
    expect(data.pages.pagesCount.count).toBe(1);
    expect(data.pages.resources.items.map((item: { handle: string }) => item.handle)).toContain(
      "cgv",
    );
    expect(data.blogs.resources.items.map((item: { handle: string }) => item.handle)).toContain(
      "recettes",
    );
    expect(data.brands.resources.items[0]).toMatchObject({
      type: "produit_marque",
      onlineStoreUrlHandle: "m",
    });
  });
});
