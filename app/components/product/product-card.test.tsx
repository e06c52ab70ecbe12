import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import {
  cardState,
  type ProductCardData,
  type StorefrontProduct,
} from "#app/lib/catalogue/product.ts";
import { ProductCard } from "./product-card.tsx";

const base: Pick<
  StorefrontProduct,
  "tags" | "variants" | "max_quantity" | "priceMin" | "compareAtPriceMin"
> = {
  tags: [],
  max_quantity: 10,
  priceMin: 1250,
  compareAtPriceMin: 1500,
  variants: [
    {
      id: "gid://shopify/ProductVariant/7",
      title: "Default Title",
      sku: null,
      barcode: null,
      availableForSale: true,
      price: 1250,
      compareAtPrice: 1500,
      currency: "EUR",
      unitPrice: null,
    },
  ],
};

function card(tags: string[]): ProductCardData {
  return {
    id: "gid://shopify/Product/1",
    handle: "comte-aop",
    title: "Comté AOP",
    brand: "Fromagerie Vautrin",
    image: null,
    quantityLabel: "250 g",
    priceUnit: "50,00\u00a0€/kg",
    discountLabel: "-17 %",
    gamme: null,
    variantId: "gid://shopify/ProductVariant/7",
    state: cardState({ ...base, tags }),
  };
}

// A data router: the card's heart and list button use fetchers (the visitor's state).
const render = (product: ProductCardData) => {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <ProductCard product={product} /> },
  ]);
  return renderToString(<Stub initialEntries={["/"]} />);
};

describe("ProductCard", () => {
  it("available: links to the product, shows price, previous price and the add button", () => {
    const html = render(card([]));
    expect(html).toContain('href="/p/comte-aop/"');
    expect(html).toContain("12,50\u00a0€");
    expect(html).toMatch(/<s class="price__previous">.*15,00\u00a0€<\/s>/);
    expect(html).toContain('action="/cart/add"');
    expect(html).toContain("250 g · 50,00\u00a0€/kg");
    expect(html).toContain("-17 %");
  });

  it("unavailable: struck price, 'Bientôt disponible !', no add button", () => {
    const html = render(card(["unavailable"]));
    expect(html).toMatch(/<s class="price__current price__current--struck">.*12,50\u00a0€<\/s>/);
    expect(html).toContain("Bientôt disponible !");
    expect(html).not.toContain('action="/cart/add"');
  });

  it("archived: an overlay and no link to the product", () => {
    const html = render(card(["Archive"]));
    expect(html).toContain("Produit archivé");
    expect(html).toContain('aria-disabled="true"');
    expect(html).not.toContain('href="/p/comte-aop/"');
    expect(html).not.toContain('action="/cart/add"');
  });
});
