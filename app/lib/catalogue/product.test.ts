import { describe, expect, it } from "vitest";
import type { CatalogueProductQuery } from "../storefront.generated.ts";
import {
  type ApiProduct,
  addableQuantity,
  alcoholNotice,
  cardState,
  imageAtHeight,
  localImageUrl,
  maxQuantityMessage,
  maxQuantityOf,
  normaliseProduct,
  type StorefrontProduct,
  toCardData,
} from "./product.ts";

const eur = (amount: string) => ({ amount, currencyCode: "EUR" as const });
const image = (name: string) => ({
  altText: null,
  width: 800,
  height: 1000,
  small: `/cdn/images/${name}?height=450&format=webp`,
  medium: `/cdn/images/${name}?height=700&format=webp`,
  large: `/cdn/images/${name}?height=950&format=webp`,
});

function apiProduct(
  overrides: {
    tags?: string[];
    images?: { nodes: ReturnType<typeof image>[] };
    metafields?: NonNullable<CatalogueProductQuery["product"]>["metafields"];
  } = {},
): ApiProduct {
  return {
    id: "gid://shopify/Product/42",
    handle: "comte-aop-18-mois",
    title: "Comté AOP 18 mois",
    vendor: "Fromagerie des Hautes-Combes",
    tags: ["isProvince"],
    availableForSale: true,
    createdAt: "2024-10-01T09:00:00.000Z",
    featuredImage: image("comte-1.svg"),
    images: { nodes: [image("comte-1.svg"), image("comte-2.svg")] },
    priceRange: { minVariantPrice: eur("12.5"), maxVariantPrice: eur("24.0") },
    compareAtPriceRange: { minVariantPrice: eur("15.0"), maxVariantPrice: eur("0.0") },
    variants: {
      nodes: [
        {
          id: "gid://shopify/ProductVariant/7",
          title: "250 g",
          sku: "CPT-1",
          barcode: null,
          availableForSale: true,
          price: eur("12.5"),
          compareAtPrice: eur("15.0"),
          unitPrice: eur("50.0"),
          unitPriceMeasurement: { referenceUnit: "KG", referenceValue: 1 },
        },
      ],
    },
    metafields: [
      { key: "discountLabel", value: "-17 %", reference: null, references: null },
      { key: "unit", value: "g", reference: null, references: null },
      { key: "quantity", value: "250", reference: null, references: null },
      { key: "max_quantity", value: "3", reference: null, references: null },
      {
        key: "marque",
        value: "gid://shopify/Metaobject/1",
        reference: {
          __typename: "Metaobject" as const,
          id: "gid://shopify/Metaobject/1",
          handle: "fromagerie-des-hautes-combes",
          fields: [
            { key: "name", value: "Fromagerie des Hautes-Combes" },
            { key: "slug", value: "fromagerie-des-hautes-combes" },
            { key: "is_artisan", value: "true" },
            { key: "image", value: "/cdn/images/brands/x.svg" },
          ],
        },
        references: null,
      },
      {
        key: "allergens",
        value: '["gid://shopify/Metaobject/90"]',
        reference: null,
        references: {
          nodes: [
            {
              __typename: "Metaobject" as const,
              id: "gid://shopify/Metaobject/90",
              handle: "lait",
              fields: [{ key: "title", value: "Lait" }],
            },
          ],
        },
      },
      null,
    ],
    ...overrides,
  };
}

describe("normaliseProduct", () => {
  const product = normaliseProduct(apiProduct());

  it("reads money into cents and keeps the currency", () => {
    expect(product).toMatchObject({
      priceMin: 1250,
      priceMax: 2400,
      compareAtPriceMin: 1500,
      compareAtPriceMax: 0,
      currency: "EUR",
    });
    expect(product.variants[0]).toMatchObject({ price: 1250, compareAtPrice: 1500 });
  });

  it("reads the custom fields by name, with the brand and allergens resolved", () => {
    expect(product).toMatchObject({
      discountLabel: "-17 %",
      unit: "g",
      quantity: "250",
      max_quantity: 3,
      gamme: null,
      marque: { name: "Fromagerie des Hautes-Combes", isArtisan: true },
      allergens: [{ handle: "lait", title: "Lait" }],
      isProvince: true,
      hideInSearch: false,
    });
  });

  it("gives every image an alt text and a srcset of the three webp heights", () => {
    expect(product.images).toHaveLength(2);
    expect(product.featuredImage?.altText).toBe("Comté AOP 18 mois");
    expect(product.featuredImage?.srcSet).toBe(
      "/cdn/images/comte-1.svg?height=450&format=webp 360w, /cdn/images/comte-1.svg?height=700&format=webp 560w, /cdn/images/comte-1.svg?height=950&format=webp 760w",
    );
  });

  it("reads a product sold by weight: its price per kilogram, each variant's unit price, and a card that says « À la coupe »", () => {
    const field = (key: string, value: string) => ({
      key,
      value,
      reference: null,
      references: null,
    });
    const base = apiProduct() as NonNullable<CatalogueProductQuery["product"]>;
    const weighed = normaliseProduct(
      apiProduct({
        metafields: [
          ...base.metafields,
          field("sold_by_weight", "true"),
          field("price_per_kg", "50.00"),
        ],
      }),
    );
    expect(weighed.pricePerKg).toBe(5000);
    expect(weighed.variants[0]?.unitPrice).toBe(5000);
    expect(toCardData(weighed)).toMatchObject({
      soldByWeight: true,
      quantityLabel: "À la coupe",
      // The price per kilogram itself, not a label that could lag behind it.
      priceUnit: "50,00\u00a0€/kg",
    });
    expect(product.pricePerKg).toBeNull();
    expect(toCardData(product)).toMatchObject({ quantityLabel: "250 g" });
    expect(toCardData(product).soldByWeight).toBeUndefined();
    // A price per kilogram without the flag means nothing.
    const lone = normaliseProduct(
      apiProduct({ metafields: [...base.metafields, field("price_per_kg", "50.00")] }),
    );
    expect(lone.pricePerKg).toBeNull();
  });

  it("prints the unit price the API computed from the price and the net quantity, not a stored label", () => {
    expect(product.price_unit).toBe("50,00\u00a0€/kg");
    expect(toCardData(product)).toMatchObject({
      quantityLabel: "250 g",
      priceUnit: "50,00\u00a0€/kg",
    });
    const base = apiProduct() as NonNullable<CatalogueProductQuery["product"]>;
    const unmeasured = normaliseProduct({
      ...base,
      variants: {
        nodes: base.variants.nodes.map((variant) => ({
          ...variant,
          unitPrice: null,
          unitPriceMeasurement: null,
        })),
      },
    });
    expect(unmeasured.price_unit).toBeNull();
  });

  it("prints a hand-typed unit price only when staff set one deliberately (price_unit_override)", () => {
    const base = apiProduct() as NonNullable<CatalogueProductQuery["product"]>;
    const typed = normaliseProduct(
      apiProduct({
        metafields: [
          ...base.metafields,
          { key: "price_unit_override", value: "3,20 €/botte", reference: null, references: null },
        ],
      }),
    );
    expect(typed.price_unit).toBe("3,20 €/botte");
    expect(toCardData(typed).priceUnit).toBe("3,20 €/botte");
  });

  it("keeps at most ten images and ten variants", () => {
    const many = normaliseProduct(
      apiProduct({
        images: { nodes: Array.from({ length: 12 }, (_, i) => image(`${i}.svg`)) },
      }),
    );
    expect(many.images).toHaveLength(10);
  });
});

describe("max quantity and addable", () => {
  it.each([
    ["3", 3],
    [6, 6],
    [null, 10],
    ["", 10],
    ["0", 10],
    ["-2", 10],
    ["abc", 10],
  ])("max_quantity %s gives a cap of %s (default 10)", (value, cap) => {
    expect(maxQuantityOf(value)).toBe(cap);
  });

  it.each([
    [10, 0, 10],
    [10, 4, 6],
    [3, 3, 0],
    [3, 5, 0],
    [3, -1, 3],
  ])("cap %s with %s in the cart leaves %s addable (minimum 0)", (cap, inCart, addable) => {
    expect(addableQuantity({ max_quantity: cap }, inCart)).toBe(addable);
  });

  it("says the cap when it is reached", () => {
    expect(maxQuantityMessage(3)).toBe("Quantité maximale atteinte pour ce produit (3)");
  });
});

describe("cardState", () => {
  const base: StorefrontProduct = normaliseProduct(apiProduct({ tags: [] }));
  const withVariant = (availableForSale: boolean, compareAt: number | null = null) => ({
    ...base,
    variants: [
      {
        ...(base.variants[0] as StorefrontProduct["variants"][0]),
        availableForSale,
        compareAtPrice: compareAt,
      },
    ],
  });

  it("Archive: overlay and disabled link, never available", () => {
    const state = cardState({ ...base, tags: ["Archive", "unavailable"] });
    expect(state).toMatchObject({ archived: true, available: false, showAdd: false });
    expect(state.unavailable).toBe(false);
  });

  it("unavailable: struck price and 'Bientôt disponible !'", () => {
    const state = cardState({ ...base, tags: ["unavailable"] });
    expect(state).toMatchObject({
      unavailable: true,
      unavailableMessage: "Bientôt disponible !",
      available: false,
      showAdd: false,
    });
  });

  it("unavailable: the configured message wins when there is one", () => {
    const state = cardState({ ...base, tags: ["unavailable"] }, { unavailableMessage: "En cave" });
    expect(state.unavailableMessage).toBe("En cave");
  });

  it.each([
    [true, true],
    [false, false],
  ])(
    "otherwise available when the first variant's availableForSale is %s",
    (forSale, available) => {
      expect(cardState(withVariant(forSale)).available).toBe(available);
    },
  );

  it("a product without variants is not available", () => {
    expect(cardState({ ...base, variants: [] }).available).toBe(false);
  });

  it.each([
    [0, true, false],
    [2, true, true],
    [3, false, true],
  ])("with %s in the cart (cap 3): add %s, remove %s", (inCart, add, remove) => {
    const state = cardState(base, { inCart });
    expect(state.showAdd).toBe(add);
    expect(state.showRemove).toBe(remove);
  });

  it("no add button when the product is not available, even with room", () => {
    expect(cardState(withVariant(false)).showAdd).toBe(false);
  });

  it.each([
    [1500, 1500],
    [1250, null],
    [1000, null],
    [0, null],
    [null, null],
  ])("compare-at %s on a 12,50 € variant shows a previous price of %s", (compareAt, shown) => {
    expect(cardState(withVariant(true, compareAt)).previousPrice).toBe(shown);
  });
});

describe("localImageUrl", () => {
  it.each([
    ["http://commerce.embedded/cdn/images/p/x.svg?height=450", "/cdn/images/p/x.svg?height=450"],
    ["https://shop.example/cdn/images/a.svg", "/cdn/images/a.svg"],
    ["/cdn/images/a.svg", "/cdn/images/a.svg"],
    ["https://elsewhere.example/photo.jpg", "https://elsewhere.example/photo.jpg"],
  ])("%s is served from %s", (url, local) => {
    expect(localImageUrl(url)).toBe(local);
  });
});

describe("imageAtHeight", () => {
  it("asks the image service for a height, keeping other parameters", () => {
    expect(imageAtHeight("/cdn/images/a.svg", 450)).toBe("/cdn/images/a.svg?height=450");
    expect(imageAtHeight("/cdn/images/a.svg?format=webp&height=700", 950)).toBe(
      "/cdn/images/a.svg?format=webp&height=950",
    );
  });
});

describe("alcoholNotice", () => {
  it("ends the alcohol content once when the data already ends it (« 13,5 % vol. »)", () => {
    expect(alcoholNotice("13,5 % vol.")).toBe(
      "Teneur en alcool : 13,5 % vol. L'abus d'alcool est dangereux pour la santé, à consommer avec modération.",
    );
    expect(alcoholNotice("12 %")).toBe(
      "Teneur en alcool : 12 %. L'abus d'alcool est dangereux pour la santé, à consommer avec modération.",
    );
  });
});
