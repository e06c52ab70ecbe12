import { createStorefrontApiClient } from "@shopify/storefront-api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import {
  commerceCollection,
  commerceCollectionProduct,
  commerceImage,
  commerceMetafield,
  commerceMetaobject,
  commerceProduct,
  commerceProductFilterValue,
  commerceVariant,
} from "#platform/commerce/catalogue/schema.ts";
import { toGid } from "#platform/commerce/gid.ts";
import { commerceShop } from "#platform/commerce/schema.ts";
import {
  openTestShop,
  PRIVATE_TOKEN,
  PUBLIC_HEADERS,
  PUBLIC_TOKEN,
  postGraphql,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";

let database: Database;
let api: TestStorefrontApi;

/** A small catalogue: 12 cheeses in one collection, with a brand and allergens. */
async function seedCatalogue(db: Database["db"]) {
  await db.insert(commerceShop).values({ name: "Comptoir", primaryDomainUrl: "http://shop.test" });
  const [brand, lait, noix] = await db
    .insert(commerceMetaobject)
    .values([
      {
        type: "produit_marque",
        handle: "fromagerie-dubois",
        fields: [
          { key: "name", type: "single_line_text_field", value: "Fromagerie Dubois" },
          { key: "is_artisan", type: "boolean", value: "true" },
        ],
      },
      {
        type: "produit_allergenes",
        handle: "lait",
        fields: [{ key: "title", type: "single_line_text_field", value: "Lait" }],
      },
      {
        type: "produit_allergenes",
        handle: "fruits-a-coque",
        fields: [{ key: "title", type: "single_line_text_field", value: "Fruits à coque" }],
      },
    ])
    .returning();
  const [collection] = await db
    .insert(commerceCollection)
    .values({ handle: "fromagerie", title: "Fromagerie", descriptionHtml: "<p>Nos fromages.</p>" })
    .returning();
  const products = await db
    .insert(commerceProduct)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        handle: `fromage-${i + 1}`,
        title: `Fromage n°${i + 1}`,
        vendor: i % 2 === 0 ? "Fromagerie Dubois" : "Maison Martin",
        descriptionHtml: `<p>Un fromage <strong>affiné</strong> numéro ${i + 1}.</p>`,
        tags: i === 11 ? ["Archive"] : i % 3 === 0 ? ["isProvince"] : [],
        priceMinCents: 500 + ((i * 370) % 2000),
        priceMaxCents: 500 + ((i * 370) % 2000),
        compareAtMinCents: i === 1 ? 2500 : null,
        compareAtMaxCents: i === 1 ? 2500 : null,
        availableForSale: i !== 4,
        archived: i === 11,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
      })),
    )
    .returning();
  for (const [i, product] of products.entries()) {
    await db.insert(commerceVariant).values({
      productId: product.id,
      title: "Default Title",
      sku: `FRO-${i + 1}`,
      priceCents: product.priceMinCents,
      compareAtPriceCents: product.compareAtMinCents,
      availableForSale: product.availableForSale,
    });
    await db.insert(commerceImage).values({
      productId: product.id,
      url: `/cdn/images/products/${product.handle}-1.svg`,
      altText: product.title,
      width: 800,
      height: 1000,
    });
    await db.insert(commerceCollectionProduct).values({
      collectionId: collection?.id ?? 0,
      productId: product.id,
      position: 12 - i,
    });
    const allergens = i % 2 === 0 ? [lait] : [lait, noix];
    await db.insert(commerceMetafield).values([
      {
        ownerType: "PRODUCT",
        ownerId: product.id,
        namespace: "custom",
        key: "allergens",
        type: "list.metaobject_reference",
        value: JSON.stringify(allergens.map((a) => toGid("Metaobject", a?.id ?? 0))),
      },
      {
        ownerType: "PRODUCT",
        ownerId: product.id,
        namespace: "custom",
        key: "marque",
        type: "metaobject_reference",
        value: toGid("Metaobject", brand?.id ?? 0),
      },
    ]);
    await db.insert(commerceProductFilterValue).values(
      allergens.map((a) => ({
        productId: product.id,
        namespace: "custom",
        key: "allergens",
        value: toGid("Metaobject", a?.id ?? 0),
      })),
    );
  }
  return { products, brand, lait, noix };
}

let fixture: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  ({ database, api, fixture } = await openTestShop({ seed: seedCatalogue }));
});
afterAll(() => database.close());

const graphql = (
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = PUBLIC_HEADERS,
  version = "2024-01",
) => postGraphql(api, query, variables, headers, version);

const PRODUCT = `#graphql
  query ProductByHandle($handle: String!) {
    product(handle: $handle) {
      id title handle vendor tags availableForSale
      description(truncateAt: 20)
      priceRange { minVariantPrice { amount currencyCode } }
      compareAtPriceRange { maxVariantPrice { amount } }
      featuredImage { url(transform: { maxHeight: 450, preferredContentType: WEBP }) altText }
      images(first: 10) { nodes { url width height } }
      variants(first: 10) { nodes { id sku price { amount } compareAtPrice { amount } } }
      allergens: metafield(namespace: "custom", key: "allergens") {
        type references(first: 10) { nodes { ... on Metaobject { handle title: field(key: "title") { value } } } }
      }
      marque: metafield(namespace: "custom", key: "marque") {
        reference { ... on Metaobject { handle name: field(key: "name") { value } } }
      }
    }
  }`;

describe("the Storefront API endpoint", () => {
  it("returns a product by handle with images, variants, prices and resolved references", async () => {
    const { status, body } = await graphql(PRODUCT, { handle: "fromage-2" });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const product = body.data.product;
    expect(product).toMatchObject({
      id: toGid("Product", fixture.products[1]?.id ?? 0),
      title: "Fromage n°2",
      vendor: "Maison Martin",
      description: "Un fromage affiné…",
      priceRange: { minVariantPrice: { amount: "8.7", currencyCode: "EUR" } },
      compareAtPriceRange: { maxVariantPrice: { amount: "25.0" } },
      featuredImage: {
        url: "http://shop.test/cdn/images/products/fromage-2-1.svg?height=450&format=webp",
        altText: "Fromage n°2",
      },
    });
    expect(product.variants.nodes).toEqual([
      expect.objectContaining({
        sku: "FRO-2",
        price: { amount: "8.7" },
        compareAtPrice: { amount: "25.0" },
      }),
    ]);
    expect(product.allergens.references.nodes.map((n: { handle: string }) => n.handle)).toEqual([
      "lait",
      "fruits-a-coque",
    ]);
    expect(product.marque.reference).toEqual({
      handle: "fromagerie-dubois",
      name: { value: "Fromagerie Dubois" },
    });
  });

  it("refuses a request without a token, or with a wrong one, as Shopify does", async () => {
    const missing = await graphql(PRODUCT, { handle: "fromage-2" }, {});
    expect(missing.status).toBe(401);
    expect(missing.body.errors[0].extensions.code).toBe("UNAUTHORIZED");
    const wrong = await graphql(
      PRODUCT,
      { handle: "fromage-2" },
      {
        "X-Shopify-Storefront-Access-Token": "nope",
      },
    );
    expect(wrong.status).toBe(401);
  });

  it("accepts the private token for server calls and every supported version", async () => {
    for (const version of ["2023-01", "2024-01", "2026-10", "unstable"]) {
      const { status, body } = await graphql(
        "{ shop { name } }",
        {},
        { "Shopify-Storefront-Private-Token": PRIVATE_TOKEN },
        version,
      );
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
    }
    // A retired version falls forward (versions.int.test.ts); a malformed one is not found.
    expect((await graphql("{ shop { name } }", {}, undefined, "2019-01")).status).toBe(200);
    expect((await graphql("{ shop { name } }", {}, undefined, "2019-02")).status).toBe(404);
  });

  it("never shows an archived product", async () => {
    const { body } = await graphql(PRODUCT, { handle: "fromage-12" });
    expect(body.data.product).toBeNull();
  });

  it("pages through a collection with cursors in its manual order", async () => {
    const PAGE = `#graphql
      query CollectionPage($after: String) {
        collection(handle: "fromagerie") {
          products(first: 5, after: $after) {
            nodes { handle }
            pageInfo { hasNextPage hasPreviousPage endCursor }
          }
        }
      }`;
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const { body } = await graphql(PAGE, { after });
      const products = body.data.collection.products;
      seen.push(...products.nodes.map((n: { handle: string }) => n.handle));
      expect(products.pageInfo.hasPreviousPage).toBe(page > 0);
      if (!products.pageInfo.hasNextPage) break;
      after = products.pageInfo.endCursor;
    }
    // Positions run 12 → 1 in creation order, so the manual order is the reverse; 12 is archived.
    expect(seen).toEqual(Array.from({ length: 11 }, (_, i) => `fromage-${11 - i}`));
  });

  it("sorts collections by title as a French reader does, paged both ways", async () => {
    await database.db.insert(commerceCollection).values(
      ["Zestes", "Épicerie salée", "boissons", "Cave", "Épicerie sucrée"].map((title) => ({
        handle: `tri-${title
          .normalize("NFD")
          .replace(/[^a-z]/gi, "")
          .toLowerCase()}`,
        title,
      })),
    );
    const titles = async (args: string) => {
      const { body } = await graphql(
        `{ collections(${args}, sortKey: TITLE) { nodes { title } pageInfo { endCursor } } }`,
      );
      expect(body.errors).toBeUndefined();
      const page = body.data.collections;
      return {
        titles: page.nodes.map((node: { title: string }) => node.title),
        end: page.pageInfo.endCursor,
      };
    };
    const first = await titles("first: 3");
    expect(first.titles).toEqual(["boissons", "Cave", "Épicerie salée"]);
    const second = await titles(`first: 3, after: "${first.end}"`);
    expect(second.titles).toEqual(["Épicerie sucrée", "Fromagerie", "Zestes"]);
    expect((await titles("first: 2, reverse: true")).titles).toEqual(["Zestes", "Fromagerie"]);
  });

  it("sorts by price both ways and by creation date, newest first", async () => {
    const SORTED = `#graphql
      query Sorted($sortKey: ProductCollectionSortKeys, $reverse: Boolean) {
        collection(handle: "fromagerie") {
          products(first: 20, sortKey: $sortKey, reverse: $reverse) {
            nodes { handle priceRange { minVariantPrice { amount } } createdAt }
          }
        }
      }`;
    const prices = async (reverse: boolean) =>
      (
        await graphql(SORTED, { sortKey: "PRICE", reverse })
      ).body.data.collection.products.nodes.map(
        (n: { priceRange: { minVariantPrice: { amount: string } } }) =>
          Number(n.priceRange.minVariantPrice.amount),
      );
    const ascending = await prices(false);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(await prices(true)).toEqual([...ascending].reverse());

    const recent = (await graphql(SORTED, { sortKey: "CREATED", reverse: true })).body.data
      .collection.products.nodes;
    expect(recent[0].handle).toBe("fromage-11");
    expect(recent.at(-1).handle).toBe("fromage-1");
  });

  it("filters by vendor, tag, price and metafield, with facet counts", async () => {
    const FILTERED = `#graphql
      query Filtered($filters: [ProductFilter!]) {
        collection(handle: "fromagerie") {
          products(first: 50, filters: $filters) {
            nodes { handle vendor }
            filters { id label type values { label count input } }
          }
        }
      }`;
    const handles = async (filters: unknown[]) => {
      const { body } = await graphql(FILTERED, { filters });
      expect(body.errors).toBeUndefined();
      return body.data.collection.products;
    };
    const dubois = await handles([{ productVendor: "Fromagerie Dubois" }]);
    expect(dubois.nodes.every((n: { vendor: string }) => n.vendor === "Fromagerie Dubois")).toBe(
      true,
    );
    expect(dubois.nodes).toHaveLength(6);

    expect(
      (await handles([{ tag: "isProvince" }])).nodes.map((n: { handle: string }) => n.handle),
    ).toEqual(["fromage-10", "fromage-7", "fromage-4", "fromage-1"]);
    const cheap = await handles([{ price: { min: 5, max: 10 } }]);
    expect(cheap.nodes.length).toBeGreaterThan(0);

    const nutFree = await handles([
      {
        productMetafield: {
          namespace: "custom",
          key: "allergens",
          value: toGid("Metaobject", fixture.noix?.id ?? 0),
        },
      },
    ]);
    expect(nutFree.nodes).toHaveLength(5); // odd-numbered cheeses, 12 archived excluded

    const vendorFacet = dubois.filters.find((f: { id: string }) => f.id === "filter.p.vendor");
    expect(vendorFacet.values).toEqual([
      expect.objectContaining({ label: "Fromagerie Dubois", count: 6 }),
      expect.objectContaining({ label: "Maison Martin", count: 5 }),
    ]);
    const allergenFacet = dubois.filters.find(
      (f: { id: string }) => f.id === "filter.p.m.custom.allergens",
    );
    expect(allergenFacet.values).toEqual(
      expect.arrayContaining([expect.objectContaining({ label: "Lait", count: 6 })]),
    );
  });

  it("refuses first above 250 in Shopify's error shape", async () => {
    const { body } = await graphql(`{ products(first: 251) { nodes { id } } }`);
    expect(body.errors[0].message).toMatch(/first must be between 0 and 250/);
    expect(body.data).toBeNull();
  });

  it("refuses an over-deep query, or one computing too many facets, before running it", async () => {
    const wide = await graphql(
      `{ products(first: 250) { nodes { collections(first: 250) { nodes { products(first: 250) { nodes { id } } } } } } }`,
    );
    expect(wide.body.errors[0].extensions.code).toBe("MAX_COST_EXCEEDED");
    const deep = await graphql(
      `{ product(handle: "fromage-1") { variants(first: 1) { nodes { product { variants(first: 1) { nodes { product { variants(first: 1) { nodes { product { variants(first: 1) { nodes { product { variants(first: 1) { nodes { product { id } } } } } } } } } } } } } } } } }`,
    );
    expect(deep.body.errors[0].extensions.code).toBe("MAX_DEPTH_EXCEEDED");
  });

  it("refuses a request body over 100 kB", async () => {
    const { status } = await graphql(`{ shop { name } } # ${"x".repeat(101 * 1024)}`);
    expect(status).toBe(413);
  });

  it("resolves node, nodes and metaobjects", async () => {
    const id = toGid("Product", fixture.products[0]?.id ?? 0);
    const { body } = await graphql(
      `query ($id: ID!, $ids: [ID!]!) {
        node(id: $id) { id ... on Product { handle } }
        nodes(ids: $ids) { id }
        metaobjects(type: "produit_allergenes", first: 10) { nodes { handle } }
        metaobject(handle: { type: "produit_marque", handle: "fromagerie-dubois" }) { type handle }
      }`,
      { id, ids: [id, "gid://shopify/Product/999999"] },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.node).toEqual({ id, handle: "fromage-1" });
    expect(body.data.nodes).toEqual([{ id }, null]);
    expect(body.data.metaobjects.nodes.map((n: { handle: string }) => n.handle)).toEqual([
      "lait",
      "fruits-a-coque",
    ]);
    expect(body.data.metaobject).toEqual({ type: "produit_marque", handle: "fromagerie-dubois" });
  });

  it("gives a collection's picture an id, as a product's", async () => {
    await database.db
      .update(commerceCollection)
      .set({ imageUrl: "/cdn/images/collections/fromagerie.svg", imageAlt: "Fromages" });
    const { body } =
      await graphql(`{ collection(handle: "fromagerie") { id image { id url altText } }
      product(handle: "fromage-1") { images(first: 1) { nodes { id } } } }`);
    expect(body.errors).toBeUndefined();
    const { collection, product } = body.data;
    expect(collection.image.id).toBe(collection.id.replace("/Collection/", "/CollectionImage/"));
    expect(collection.image.altText).toBe("Fromages");
    expect(product.images.nodes[0].id).toMatch(/^gid:\/\/shopify\/ProductImage\/\d+$/);
    await database.db.update(commerceCollection).set({ imageUrl: null, imageAlt: null });
  });

  it("answers Shopify's official client", async () => {
    const client = createStorefrontApiClient({
      storeDomain: "http://shop.test",
      apiVersion: "2024-01",
      publicAccessToken: PUBLIC_TOKEN,
      customFetchApi: (url, init) => Promise.resolve(api.request(String(url), init as RequestInit)),
    });
    const { data, errors } = await client.request(PRODUCT, { variables: { handle: "fromage-3" } });
    expect(errors).toBeUndefined();
    expect(data?.product?.title).toBe("Fromage n°3");

    const { data: page } = await client.request(
      `query { collection(handle: "fromagerie") { products(first: 4) { nodes { handle } pageInfo { hasNextPage } } } }`,
    );
    expect(page?.collection?.products?.nodes).toHaveLength(4);
    expect(page?.collection?.products?.pageInfo?.hasNextPage).toBe(true);
  });
});
