import { describe, expect, it } from "vitest";
import { isCursor, pageOf } from "./catalogue.server.ts";
import { excludedAllergens, type Facet, filterView, toProductFilters } from "./filters.ts";
import { readListingParams } from "./listing.ts";
import type { ApiProduct } from "./product.ts";
import { type CatalogueReference, type CategoryNode, categoryLineage } from "./reference.server.ts";

const eur = (amount: string) => ({ amount, currencyCode: "EUR" as const });
const gid = (id: number) => `gid://shopify/Metaobject/${id}`;

function product(id: number, allergens: number[] = []): ApiProduct {
  return {
    id: `gid://shopify/Product/${id}`,
    handle: `produit-${id}`,
    title: `Produit ${id}`,
    vendor: "Maison A",
    tags: [],
    availableForSale: true,
    createdAt: "2024-01-01T00:00:00Z",
    featuredImage: null,
    priceRange: { minVariantPrice: eur("10.0"), maxVariantPrice: eur("10.0") },
    compareAtPriceRange: { minVariantPrice: eur("0.0"), maxVariantPrice: eur("0.0") },
    variants: { nodes: [] },
    metafields: [{ key: "allergens", value: JSON.stringify(allergens.map(gid)), reference: null }],
  };
}

function connection(products: ApiProduct[], hasNextPage: boolean) {
  return {
    pageInfo: { hasNextPage, endCursor: products.length ? `c${products.length}` : null },
    edges: products.map((node, index) => ({ cursor: `c${index + 1}`, node })),
  };
}

const category = (
  handle: string,
  parent: string | null,
  children: string[] = [],
): CategoryNode => ({
  id: `gid://shopify/Collection/${handle}`,
  handle,
  title: handle.toUpperCase(),
  parent,
  grandParent: null,
  children,
  archived: false,
  hasPush: false,
});

const reference: CatalogueReference = {
  categories: new Map([
    ["cave", category("cave", null, ["vins"])],
    ["vins", category("vins", "cave", ["bordeaux"])],
    ["bordeaux", category("bordeaux", "vins")],
  ]),
  brands: [],
  allergens: [
    { id: gid(1), handle: "lait", title: "Lait" },
    { id: gid(2), handle: "gluten", title: "Céréales contenant du gluten" },
  ],
  regimes: [{ id: gid(10), handle: "vegan", title: "Vegan" }],
  labels: [{ id: gid(20), handle: "aop", title: "AOP" }],
};

describe("pageOf", () => {
  it("keeps a whole page and continues after its last product", () => {
    const page = pageOf(connection([product(1), product(2), product(3)], true), 3, []);
    expect(page.products.map((p) => p.handle)).toEqual(["produit-1", "produit-2", "produit-3"]);
    expect(page).toMatchObject({ hasNextPage: true, endCursor: "c3" });
  });

  it("leaves out products with an excluded allergen and fills the page from the larger batch", () => {
    const batch = [
      product(1, [1]),
      product(2),
      product(3, [2, 1]),
      product(4),
      product(5),
      product(6),
    ];
    const page = pageOf(connection(batch, false), 2, [gid(1)]);
    expect(page.products.map((p) => p.handle)).toEqual(["produit-2", "produit-4"]);
    // The next page starts after the last product shown, not after the batch.
    expect(page).toMatchObject({ hasNextPage: true, endCursor: "c4" });
  });

  it("continues after the whole batch when it ran out before filling the page", () => {
    const page = pageOf(connection([product(1, [1]), product(2)], true), 5, [gid(1)]);
    expect(page.products).toHaveLength(1);
    expect(page).toMatchObject({ hasNextPage: true, endCursor: "c2" });
  });

  it("says there is no next page at the end of the listing", () => {
    const page = pageOf(connection([product(1)], false), 5, []);
    expect(page.hasNextPage).toBe(false);
  });
});

describe("filters from the URL", () => {
  const params = readListingParams(
    new URLSearchParams(
      "marque=Maison+A&regime=vegan&label=aop&label=inconnu&sans=lait&dispo=1&prix_max=20",
    ),
  );

  it("become the API's filters: brand by name, diet and label by GID, availability, price", () => {
    expect(toProductFilters(params, reference)).toEqual([
      { productVendor: "Maison A" },
      { productMetafield: { namespace: "custom", key: "regimes", value: gid(10) } },
      { productMetafield: { namespace: "custom", key: "labelsDetails", value: gid(20) } },
      { available: true },
      { price: { max: 20 } },
    ]);
  });

  it("turn excluded allergens into GIDs, never into an inclusive filter", () => {
    expect(excludedAllergens(params, reference)).toEqual([gid(1)]);
    expect(JSON.stringify(toProductFilters(params, reference))).not.toContain("allergens");
  });
});

describe("filterView", () => {
  const facets: Facet[] = [
    {
      id: "filter.v.availability",
      label: "Disponibilité",
      type: "LIST",
      values: [
        { id: "a1", label: "En stock", count: 8, input: '{"available":true}' },
        { id: "a0", label: "Bientôt disponible", count: 2, input: '{"available":false}' },
      ],
    },
    {
      id: "filter.v.price",
      label: "Prix",
      type: "PRICE_RANGE",
      values: [{ id: "p", label: "Prix", count: 0, input: '{"price":{"min":0,"max":42}}' }],
    },
    {
      id: "filter.p.vendor",
      label: "Marque",
      type: "LIST",
      values: [{ id: "v", label: "Maison A", count: 10, input: '{"productVendor":"Maison A"}' }],
    },
    {
      id: "filter.p.m.custom.allergens",
      label: "Allergènes",
      type: "LIST",
      values: [
        {
          id: "m",
          label: "Lait",
          count: 4,
          input: JSON.stringify({
            productMetafield: { namespace: "custom", key: "allergens", value: gid(1) },
          }),
        },
      ],
    },
  ];

  it("lists brands and allergens to exclude, checked from the URL, with the total", () => {
    const view = filterView(
      facets,
      readListingParams(new URLSearchParams("marque=Maison+A")),
      reference,
    );
    expect(view.groups.map((group) => group.legend)).toEqual(["Marques", "Sans allergènes"]);
    expect(view.groups[0]?.options[0]).toEqual({
      value: "Maison A",
      label: "Maison A",
      count: 10,
      checked: true,
    });
    expect(view.groups[1]?.options[0]).toEqual({
      value: "lait",
      label: "Lait",
      count: null,
      checked: false,
    });
    expect(view).toMatchObject({ total: 10, price: { bound: 42 }, activeCount: 1 });
  });

  it("counts only products in stock when availability is chosen, and none with an exclusion", () => {
    expect(
      filterView(facets, readListingParams(new URLSearchParams("dispo=1")), reference).total,
    ).toBe(8);
    expect(
      filterView(facets, readListingParams(new URLSearchParams("sans=lait")), reference).total,
    ).toBeNull();
  });
});

describe("categoryLineage and isCursor", () => {
  it("gives a category's ancestors, top first", () => {
    expect(categoryLineage(reference, "bordeaux").map((node) => node.handle)).toEqual([
      "cave",
      "vins",
      "bordeaux",
    ]);
    expect(categoryLineage(reference, "inconnue")).toEqual([]);
  });

  it("accepts the API's cursors only", () => {
    const cursor = Buffer.from(JSON.stringify({ v: [3], id: 42 })).toString("base64url");
    expect(isCursor(cursor)).toBe(true);
    expect(isCursor("pas-un-curseur")).toBe(false);
    expect(isCursor(null)).toBe(false);
  });
});
