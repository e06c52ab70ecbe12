import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkImports,
  DOMAIN_SURFACES,
  type Edge,
  foreignTables,
  foreignTableUses,
  importGraph,
  whyForbidden,
} from "./import-boundaries.ts";

const allowed = (from: string, to: string) => whyForbidden({ from, to }) === null;

describe("import boundaries", () => {
  it("lets anything import a module's face, and nothing outside the module its internals", () => {
    expect(allowed("app/routes/home.tsx", "platform/content/index.ts")).toBe(true);
    expect(allowed("server/platform.ts", "platform/commerce/index.ts")).toBe(true);
    expect(allowed("platform/ordering/orders/orders.ts", "platform/payments/index.ts")).toBe(true);
    expect(allowed("app/routes/content/newsletter.tsx", "platform/notify/newsletter.ts")).toBe(
      false,
    );
    expect(allowed("server/platform.ts", "platform/commerce/graphql/http.ts")).toBe(false);
    expect(allowed("platform/search/indexer.ts", "platform/commerce/catalogue/schema.ts")).toBe(
      false,
    );
    expect(
      allowed("platform/commerce/catalogue/search-source.ts", "platform/search/index.ts"),
    ).toBe(true);
  });

  it("lets a module import its own files, db/ and the kernel, and nothing above", () => {
    expect(allowed("platform/commerce/cart/carts.ts", "platform/commerce/gid.ts")).toBe(true);
    expect(allowed("platform/commerce/cart/carts.ts", "db/client.ts")).toBe(true);
    expect(allowed("platform/commerce/cart/carts.ts", "platform/rate-limit.ts")).toBe(true);
    expect(allowed("platform/commerce/cart/carts.ts", "server/env.ts")).toBe(false);
    expect(allowed("platform/commerce/cart/carts.ts", "app/lib/slug.ts")).toBe(false);
  });

  it("keeps db/ at the bottom and app/ off server/", () => {
    expect(allowed("db/client.ts", "server/env.ts")).toBe(false);
    expect(allowed("db/schema.ts", "platform/commerce/schema.ts")).toBe(false);
    expect(allowed("db/client.ts", "db/migrate.ts")).toBe(true);
    expect(allowed("app/lib/server-context.ts", "server/rules/page-cache.ts")).toBe(false);
    expect(allowed("app/lib/server-context.ts", "platform/process-global.ts")).toBe(true);
    expect(allowed("server/app.ts", "app/lib/server-context.ts")).toBe(true);
  });

  it("opens test faces to test code and tables faces to seed/ and tests only", () => {
    expect(allowed("server/api/receipts.test.ts", "platform/ordering/testing.ts")).toBe(true);
    expect(allowed("e2e/restauration.spec.ts", "platform/ordering/testing.ts")).toBe(true);
    expect(allowed("server/api/receipts.ts", "platform/ordering/testing.ts")).toBe(false);
    expect(allowed("seed/shop.ts", "platform/commerce/tables.ts")).toBe(true);
    expect(allowed("app/routes/cart/cart.int.test.ts", "platform/commerce/tables.ts")).toBe(true);
    expect(allowed("server/api/odp.ts", "platform/commerce/tables.ts")).toBe(false);
    expect(allowed("app/routes/cart/cart.int.test.ts", "platform/commerce/cart/carts.ts")).toBe(
      false,
    );
  });

  it("lets a domain use a sibling domain only through its surface", () => {
    // Inside one domain, and to or from the module's top-level files: anything.
    expect(allowed("platform/commerce/cart/carts.ts", "platform/commerce/cart/lines.ts")).toBe(
      true,
    );
    expect(allowed("platform/commerce/index.ts", "platform/commerce/cart/lines.ts")).toBe(true);
    expect(allowed("platform/commerce/cart/lines.ts", "platform/commerce/countries.ts")).toBe(true);
    // Across domains: the surface, and nothing else.
    expect(allowed("platform/commerce/orders/orders.ts", "platform/commerce/cart/view.ts")).toBe(
      true,
    );
    expect(
      whyForbidden({
        from: "platform/commerce/orders/orders.ts",
        to: "platform/commerce/cart/lines.ts",
      }),
    ).toMatch(/internal to the commerce\/cart domain: its surface is gift-options.ts/);
    expect(allowed("platform/commerce/cart/view.ts", "platform/commerce/redirects/schema.ts")).toBe(
      false,
    );
    expect(allowed("platform/ordering/orders/orders.ts", "platform/ordering/receipts/pdf.ts")).toBe(
      false,
    );
    // The module's API layers, and its tests, use any domain's files.
    expect(
      allowed("platform/commerce/graphql/cart-resolvers.ts", "platform/commerce/cart/lines.ts"),
    ).toBe(true);
    expect(
      allowed("platform/commerce/orders/orders.int.test.ts", "platform/commerce/cart/lines.ts"),
    ).toBe(true);
  });

  it("names only surface files that exist", () => {
    const root = resolve(import.meta.dirname, "..");
    const missing = Object.entries(DOMAIN_SURFACES).flatMap(([domain, files]) =>
      files
        .map((file) => `platform/${domain}/${file}`)
        .filter((path) => !existsSync(resolve(root, path))),
    );
    expect(missing).toEqual([]);
  });

  it("reports each forbidden edge of a graph with its reason", () => {
    const graph: Edge[] = [
      { from: "app/routes/content/newsletter.tsx", to: "platform/notify/index.ts" },
      { from: "app/routes/content/newsletter.tsx", to: "platform/notify/newsletter.ts" },
      { from: "app/lib/favourites/bookmarks.server.ts", to: "server/api/documents.ts" },
    ];
    expect(checkImports(graph)).toEqual([
      expect.objectContaining({ to: "platform/notify/newsletter.ts", reason: expect.any(String) }),
      expect.objectContaining({
        from: "app/lib/favourites/bookmarks.server.ts",
        reason: expect.any(String),
      }),
    ]);
  });

  it("finds a module's tables named in the SQL of code outside it, not in comments", () => {
    const owners = new Map([
      ["commerce_product", "commerce"],
      ["search_document", "search"],
    ]);
    const files = [
      {
        file: "platform/search/search.ts",
        // A source text with a template substitution in it, as raw SQL has.
        text: [
          "// joins commerce_product\n",
          "const q = sql`select 1 from search_document d ",
          "join commerce_product p on p.id = $",
          "{id}`;",
        ].join(""),
      },
      {
        file: "platform/commerce/catalogue/catalogue.ts",
        text: 'const q = "select * from commerce_product";',
      },
      { file: "app/routes/home.tsx", text: "const q = `select * from search_document`;" },
      { file: "seed/shop.ts", text: 'const q = "truncate commerce_product";' },
      { file: "platform/search/search.int.test.ts", text: 'const q = "from commerce_product";' },
    ];
    expect(foreignTableUses(files, owners)).toEqual([
      { file: "platform/search/search.ts", table: "commerce_product", owner: "commerce" },
      { file: "app/routes/home.tsx", table: "search_document", owner: "search" },
    ]);
  });

  it("holds on the repository", () => {
    const root = resolve(import.meta.dirname, "..");
    const graph = importGraph(root);
    expect(graph.length).toBeGreaterThan(1000);
    const broken = checkImports(graph).map((v) => `${v.from} -> ${v.to}`);
    expect(broken).toEqual([]);
    expect(foreignTables(root)).toEqual([]);
  }, 60_000);
});
