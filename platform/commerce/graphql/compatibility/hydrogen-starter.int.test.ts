import { parse, validate } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  type DocumentResult,
  KNOWN_DOCUMENTS,
  runHydrogenStarter,
  STARTER_API_VERSION,
  verdict,
} from "#platform/commerce/graphql/compatibility/hydrogen-starter.ts";
import {
  generatedStarterDocuments,
  hydrogenStarterDocuments,
  starterRouteDocuments,
} from "#platform/commerce/graphql/compatibility/hydrogen-starter-source.ts";
import {
  demoVisit,
  type Send,
} from "#platform/commerce/graphql/compatibility/hydrogen-starter-visit.ts";
import { officialStorefrontSchema } from "#platform/commerce/graphql/compatibility/official-schema.ts";
import { PUBLIC_HEADERS, postGraphql, testStorefrontApi } from "#platform/commerce/testing.ts";
import { SEED_NOW } from "#seed/index.ts";
import { pickupModeAttributes, servedStorefrontOptions } from "#server/storefront-api-testing.ts";

/**
 * The ratchet of issue 21 ("the official Hydrogen starter is the test"): the starter's documents
 * that our Storefront API answers today, with what their page shows. Every other document is
 * asserted to fail still, so that one that starts passing says so: then add it here, and it can
 * never regress. `npm run compat:hydrogen` prints the whole table and this list.
 */
const PASSING = [
  "Header",
  "Footer",
  "FeaturedCollection",
  "RecommendedProducts",
  "Article",
  "Blog",
  "Blogs",
  "Collection",
  "StoreCollections",
  "Catalog",
  "Page",
  "Policy",
  "Policies",
  "Product",
  "RegularSearch",
  "PredictiveSearch",
  "ShopData",
  "cartCreate",
  "CartQuery",
  "cartLinesAdd",
  "cartLinesUpdate",
  "cartDiscountCodesUpdate",
  "cartGiftCardCodesUpdate",
  "cartGiftCardCodesAdd",
  "cartGiftCardCodesRemove",
  "cartBuyerIdentityUpdate",
  "cartNoteUpdate",
  "cartAttributesUpdate",
  "cartSelectedDeliveryOptionsUpdate",
  "cartMetafieldsSet",
  "cartMetafieldDelete",
  "cartDeliveryAddressesAdd",
  "cartDeliveryAddressesUpdate",
  "cartDeliveryAddressesRemove",
  "cartDeliveryAddressesReplace",
  "cartLinesRemove",
  "redirects",
  "SitemapIndex",
  "SitemapProducts",
  "SitemapCollections",
  "SitemapPages",
  "SitemapBlogs",
  "SitemapArticles",
  "SitemapMetaobjects",
];

const documents = hydrogenStarterDocuments();

describe("the Hydrogen starter's Storefront API documents", () => {
  it("are all found: the starter's 16 and the 28 Hydrogen sends for it, each named once", () => {
    expect(starterRouteDocuments()).toHaveLength(16);
    expect(documents).toHaveLength(44);
    expect(new Set(documents.map((document) => document.name)).size).toBe(44);
  });

  it("are read from the source exactly as the starter's own codegen saw them", () => {
    const read = starterRouteDocuments().map((document) => document.text);
    expect(read.sort()).toEqual(generatedStarterDocuments().sort());
  });

  it("leave out the Customer Account API's (app/graphql/customer-account/)", () => {
    const origins = documents.map((document) => document.origin);
    expect(origins.filter((origin) => origin.startsWith("app/graphql/"))).toEqual([]);
    expect(documents.map((document) => document.name)).not.toContain("CustomerDetails");
  });

  it("each parse and validate against Shopify's official schema", () => {
    const official = officialStorefrontSchema();
    const invalid = documents.flatMap((document) =>
      validate(official, parse(document.text)).map((error) => `${document.name}: ${error.message}`),
    );
    expect(invalid).toEqual([]);
  });

  it("each have the variables the starter sends, and the ratchet names only them", () => {
    const names = documents.map((document) => document.name);
    expect(names.filter((name) => !KNOWN_DOCUMENTS.includes(name))).toEqual([]);
    expect(PASSING.filter((name) => !names.includes(name))).toEqual([]);
  });
});

describe(`the Hydrogen starter against our Storefront API ${STARTER_API_VERSION}, on the demo data`, () => {
  let database: Database;
  const results = new Map<string, DocumentResult>();

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: true });
    const api = testStorefrontApi(database.db, {
      // Menus, pages, the blog and search, as the server wires them (server/platform.ts).
      ...servedStorefrontOptions(database.db),
      now: () => SEED_NOW,
      exposeErrors: true,
      logging: { debug() {}, info() {}, warn() {}, error() {} },
    });
    const send: Send = (query, variables) =>
      postGraphql(api, query, variables, PUBLIC_HEADERS, STARTER_API_VERSION);
    const visit = await demoVisit(send);
    visit.orderMode = await pickupModeAttributes(database.db, SEED_NOW);
    for (const result of await runHydrogenStarter(send, visit, documents)) {
      results.set(result.name, result);
    }
  });
  afterAll(() => database.close());

  it.each(documents.map((document) => document.name))("%s", (name) => {
    const result = results.get(name);
    expect(result).toBeDefined();
    if (!result) return;
    if (PASSING.includes(name)) {
      expect(result.errors).toEqual([]);
      expect(result.missing).toEqual([]);
      expect(result.ok, verdict(result)).toBe(true);
    } else {
      expect(result.ok, `${name} passes now: add it to PASSING in this file`).toBe(false);
    }
  });
});
