import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  deleteUrlRedirect,
  findUrlRedirect,
  listUrlRedirects,
  URL_REDIRECT_MESSAGES as M,
  readRedirectPath,
  readRedirectTarget,
  redirectLocation,
  redirectPathKey,
  saveUrlRedirect,
  type UrlRedirectInput,
  type UrlRedirectSave,
} from "#platform/commerce/redirects/url-redirects.ts";
import { postGraphql, type TestStorefrontApi, testApi } from "#platform/commerce/testing.ts";

/**
 * URL redirects (issue 21): paths kept in one form, targets checked (no open redirect, no loop,
 * no chain), unique paths with a French message, the office's paged search, and the Storefront
 * API's `urlRedirects` as Hydrogen's `storefrontRedirect` asks it.
 */

const NOW = new Date("2025-06-02T10:00:00.000Z");
let database: Database;
let api: TestStorefrontApi;

beforeAll(async () => {
  database = await createTestDatabase();
  api = testApi(database.db);
});
afterAll(() => database.close());

const save = (input: UrlRedirectInput, id?: number): Promise<UrlRedirectSave> =>
  database.db.transaction((tx) => saveUrlRedirect(tx, input, { id, by: "test", now: NOW }));

async function saved(input: UrlRedirectInput, id?: number) {
  const result = await save(input, id);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.redirect;
}

describe("paths and targets", () => {
  it("keys a path lower-cased, decoded, without its trailing slash, so both spellings match", () => {
    expect(redirectPathKey("/Ancienne-Page/")).toBe("/ancienne-page");
    expect(redirectPathKey("/ancienne-page")).toBe("/ancienne-page");
    expect(redirectPathKey("/caf%C3%A9//")).toBe("/café");
    expect(redirectPathKey("/")).toBe("/");
    expect(redirectPathKey("//evil.example/x")).toBeUndefined();
    expect(redirectPathKey("/%E0%A4%A")).toBeUndefined();
  });

  it("reads an old address typed or copied from the browser, and refuses what is not a path", () => {
    expect(readRedirectPath("  /Pages/Notre-Magasin/ ")).toEqual({ path: "/pages/notre-magasin" });
    expect(readRedirectPath("https://www.comptoir.fr/ancien/")).toEqual({ path: "/ancien" });
    expect(readRedirectPath("")).toEqual({ error: M.pathMissing });
    expect(readRedirectPath("ancien")).toEqual({ error: M.pathFormat });
    expect(readRedirectPath("//evil.example")).toEqual({ error: M.pathFormat });
    expect(readRedirectPath("/a b")).toEqual({ error: M.pathFormat });
    expect(readRedirectPath("/ancien/?page=2")).toEqual({ error: M.pathQuery });
    expect(readRedirectPath("/ancien#haut")).toEqual({ error: M.pathQuery });
    expect(readRedirectPath("/")).toEqual({ error: M.pathHome });
    expect(readRedirectPath(`/${"a".repeat(500)}`)).toEqual({ error: M.pathLength });
  });

  it("takes a storefront path or an https address, and refuses scripts and other hosts' paths", () => {
    expect(readRedirectTarget("/magasin/?onglet=horaires")).toEqual({
      target: "/magasin/?onglet=horaires",
      pathKey: "/magasin",
    });
    expect(readRedirectTarget("https://exemple.fr/page")).toEqual({
      target: "https://exemple.fr/page",
      pathKey: undefined,
    });
    for (const bad of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "//evil.example/",
      "/\\evil.example",
      "http://exemple.fr/",
      "https://user:secret@exemple.fr/",
      "data:text/html,<b>x</b>",
      "magasin",
      "/a b",
    ]) {
      expect(readRedirectTarget(bad), bad).toEqual({ error: M.targetFormat });
    }
    expect(readRedirectTarget(" ")).toEqual({ error: M.targetMissing });
  });

  it("keeps the request's query string only when the target has none", () => {
    expect(redirectLocation("/magasin/", "?utm_source=x")).toBe("/magasin/?utm_source=x");
    expect(redirectLocation("/magasin/?onglet=1", "?utm_source=x")).toBe("/magasin/?onglet=1");
    expect(redirectLocation("/magasin/#plan", "?a=1")).toBe("/magasin/?a=1#plan");
    expect(redirectLocation("https://exemple.fr/", "")).toBe("https://exemple.fr/");
  });
});

describe("writing redirects", () => {
  it("creates one, finds it by either spelling of its path, and refuses a second for the path", async () => {
    const created = await saved({ path: "/Vieille-Page/", target: "/magasin/" });
    expect(created).toMatchObject({
      path: "/vieille-page",
      target: "/magasin/",
      updatedBy: "test",
    });
    expect((await findUrlRedirect(database.db, "/vieille-page/"))?.id).toBe(created.id);
    expect((await findUrlRedirect(database.db, "/VIEILLE-PAGE"))?.id).toBe(created.id);
    expect(await findUrlRedirect(database.db, "/vieille")).toBeUndefined();

    expect(await save({ path: "/vieille-page", target: "/blog/" })).toEqual({
      ok: false,
      errors: { path: M.pathTaken("/vieille-page") },
    });
  });

  it("refuses a target equal to the path, with every field's error at once", async () => {
    expect(await save({ path: "/boucle/", target: "/Boucle?x=1" })).toEqual({
      ok: false,
      errors: { target: M.targetIsPath },
    });
    expect(await save({ path: "", target: "javascript:alert(1)" })).toEqual({
      ok: false,
      errors: { path: M.pathMissing, target: M.targetFormat },
    });
  });

  it("refuses chains both ways, so that no loop can ever close", async () => {
    await saved({ path: "/a", target: "/b/" });
    // B → C would make A → B → C; C → A would make C → A → B.
    expect(await save({ path: "/b", target: "/c/" })).toEqual({
      ok: false,
      errors: { path: M.pathIsTarget("/b", "/a") },
    });
    expect(await save({ path: "/c", target: "/A/" })).toEqual({
      ok: false,
      errors: { target: M.targetRedirected("/A/", "/b/") },
    });
  });

  it("changes a redirect, which may then take its own old path as target", async () => {
    const row = await saved({ path: "/ancien-blog", target: "/blog/" });
    const changed = await saved({ path: "/tres-ancien-blog", target: "/ancien-blog/" }, row.id);
    expect(changed).toMatchObject({ id: row.id, path: "/tres-ancien-blog" });
    expect(await save({ path: "/x", target: "/y" }, 999_999)).toEqual({
      ok: false,
      errors: {},
      message: M.notFound,
    });
  });

  it("deletes one, once", async () => {
    const row = await saved({ path: "/a-supprimer", target: "/blog/" });
    expect((await database.db.transaction((tx) => deleteUrlRedirect(tx, row.id)))?.path).toBe(
      "/a-supprimer",
    );
    expect(await database.db.transaction((tx) => deleteUrlRedirect(tx, row.id))).toBeUndefined();
    expect(await findUrlRedirect(database.db, "/a-supprimer")).toBeUndefined();
  });

  it("lists them by path, searchable, fifty a page", async () => {
    for (let i = 0; i < 55; i++) {
      await saved({ path: `/lot/${String(i).padStart(2, "0")}`, target: "https://exemple.fr/" });
    }
    const first = await listUrlRedirects(database.db, { search: "/lot/" });
    expect(first).toMatchObject({ total: 55, page: 1, pages: 2 });
    expect(first.redirects).toHaveLength(50);
    expect(first.redirects[0]?.path).toBe("/lot/00");
    const second = await listUrlRedirects(database.db, { search: "/LOT/", page: 9 });
    expect(second.page).toBe(2);
    expect(second.redirects.map((row) => row.path)).toEqual([
      "/lot/50",
      "/lot/51",
      "/lot/52",
      "/lot/53",
      "/lot/54",
    ]);
    expect((await listUrlRedirects(database.db, { search: "exemple.fr" })).total).toBe(55);
    expect((await listUrlRedirects(database.db, { search: "100%" })).total).toBe(0);
  });
});

const URL_REDIRECTS = `
  query Redirects($first: Int, $last: Int, $after: String, $before: String, $query: String, $reverse: Boolean) {
    urlRedirects(first: $first, last: $last, after: $after, before: $before, query: $query, reverse: $reverse) {
      edges { cursor node { id path target } }
      nodes { path }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }
`;

// Hydrogen's own document (src/routing/redirect.ts), verbatim.
const HYDROGEN_REDIRECT_QUERY = `
  query redirects($query: String) {
    urlRedirects(first: 1, query: $query) {
      edges {
        node {
          target
        }
      }
    }
  }
`;

describe("the Storefront API's urlRedirects", () => {
  it("answers Hydrogen's lookup of a redirected path, and an empty list for another", async () => {
    const found = await postGraphql(api, HYDROGEN_REDIRECT_QUERY, { query: "path:/vieille-page" });
    expect(found.body).toEqual({
      data: { urlRedirects: { edges: [{ node: { target: "/magasin/" } }] } },
    });
    const none = await postGraphql(api, HYDROGEN_REDIRECT_QUERY, { query: "path:/nulle-part" });
    expect(none.body).toEqual({ data: { urlRedirects: { edges: [] } } });
  });

  it("gives each its GID, and finds by target and by path prefix", async () => {
    const byTarget = await postGraphql(api, URL_REDIRECTS, { first: 5, query: "target:/magasin/" });
    const [edge] = byTarget.body.data.urlRedirects.edges;
    expect(edge.node).toMatchObject({ path: "/vieille-page", target: "/magasin/" });
    expect(edge.node.id).toMatch(/^gid:\/\/shopify\/UrlRedirect\/\d+$/);
    const prefix = await postGraphql(api, URL_REDIRECTS, { first: 100, query: "path:/lot/5*" });
    expect(prefix.body.data.urlRedirects.nodes.map((node: { path: string }) => node.path)).toEqual([
      "/lot/50",
      "/lot/51",
      "/lot/52",
      "/lot/53",
      "/lot/54",
    ]);
  });

  it("reads Shopify's search syntax: OR, NOT, quotes, dates, and nothing for an unknown field", async () => {
    const paths = async (query: string) =>
      (await postGraphql(api, URL_REDIRECTS, { first: 100, query })).body.data.urlRedirects.nodes
        .map((node: { path: string }) => node.path)
        .sort();
    expect(await paths("path:/lot/50 OR path:/lot/51")).toEqual(["/lot/50", "/lot/51"]);
    expect(await paths("path:/lot/5* -path:/lot/50")).toEqual([
      "/lot/51",
      "/lot/52",
      "/lot/53",
      "/lot/54",
    ]);
    expect(await paths("path:/lot/5* created_at:>'2000-01-01'")).toHaveLength(5);
    expect(await paths("path:/lot/5* created_at:<'2000-01-01'")).toEqual([]);
    expect(await paths('target:"/magasin/"')).toContain("/vieille-page");
    for (const nothing of ["couleur:rouge", "()", "path:/lot/5* AND code:x"]) {
      expect(await paths(nothing), nothing).toEqual([]);
    }
  });

  it("pages forwards, backwards and reversed by id, as Relay connections do", async () => {
    const query = "path:/lot/*";
    const page1 = (await postGraphql(api, URL_REDIRECTS, { first: 20, query })).body.data
      .urlRedirects;
    expect(page1.nodes[0].path).toBe("/lot/00");
    expect(page1.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const page2 = (
      await postGraphql(api, URL_REDIRECTS, { first: 20, after: page1.pageInfo.endCursor, query })
    ).body.data.urlRedirects;
    expect(page2.nodes[0].path).toBe("/lot/20");
    expect(page2.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const back = (
      await postGraphql(api, URL_REDIRECTS, { last: 3, before: page2.pageInfo.startCursor, query })
    ).body.data.urlRedirects;
    expect(back.nodes.map((node: { path: string }) => node.path)).toEqual([
      "/lot/17",
      "/lot/18",
      "/lot/19",
    ]);
    const reversed = (await postGraphql(api, URL_REDIRECTS, { first: 2, reverse: true, query }))
      .body.data.urlRedirects;
    expect(reversed.nodes.map((node: { path: string }) => node.path)).toEqual([
      "/lot/54",
      "/lot/53",
    ]);
  });

  it("refuses a page without first or last, as Shopify does", async () => {
    const { body } = await postGraphql(api, URL_REDIRECTS, {});
    expect(body.errors[0].message).toBe("you must provide one of first or last");
  });
});
