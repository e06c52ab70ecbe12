import { afterEach, describe, expect, it } from "vitest";
import {
  consentEvent,
  itemListEvent,
  PRODUCT_EVENT_LABELS,
  pageViewEvent,
  productEvent,
  productHandleOf,
  productViewEvent,
  searchEvent,
  type TrackableProduct,
  toTrackedItem,
  track,
  trackAddToCart,
  trackProductClick,
  trackRemoveFromCart,
} from "./tracking-events.ts";

const comte: TrackableProduct = {
  id: "gid://shopify/Product/12",
  title: "Comté AOP 18 mois",
  brand: "Fromagerie Marcel Petite",
  state: { price: 1290, previousPrice: 1590 },
};

const miel: TrackableProduct = {
  id: "gid://shopify/Product/40",
  title: "Miel de lavande",
  brand: "Les Ruchers",
  state: { price: 850, previousPrice: null },
};

describe("toTrackedItem", () => {
  it("describes the product in euros with its discount", () => {
    expect(toTrackedItem(comte, { index: 3, quantity: 2 })).toEqual({
      index: 3,
      item_id: "gid://shopify/Product/12",
      item_name: "Comté AOP 18 mois",
      item_brand: "Fromagerie Marcel Petite",
      price: 12.9,
      discount: 3,
      quantity: 2,
    });
  });

  it("has index 0, quantity 1 and no discount by default or without a previous price", () => {
    expect(toTrackedItem(miel)).toMatchObject({ index: 0, quantity: 1, price: 8.5, discount: 0 });
  });

  it("never reports a negative discount", () => {
    const cheaperBefore = { ...miel, state: { price: 850, previousPrice: 700 } };
    expect(toTrackedItem(cheaperBefore).discount).toBe(0);
  });
});

describe("productEvent", () => {
  it("carries category, the product name as action, the label and the item", () => {
    expect(productEvent(PRODUCT_EVENT_LABELS.add, comte, { index: 1, list: "categorie" })).toEqual({
      event: "ajout-rapide-produit",
      category: "ecommerce",
      action: "Comté AOP 18 mois",
      label: "ajout-rapide-produit",
      item: toTrackedItem(comte, { index: 1 }),
      list: "categorie",
    });
  });

  it("has the specification's three labels", () => {
    expect(Object.values(PRODUCT_EVENT_LABELS)).toEqual([
      "ajout-rapide-produit",
      "retrait-panier-produit",
      "produit-clic-CTA",
    ]);
  });
});

describe("other events", () => {
  it("page views carry the page-type label", () => {
    expect(pageViewEvent("fiche-produit", "/p/comte/")).toEqual({
      event: "page_view",
      page_type: "fiche-produit",
      page_path: "/p/comte/",
    });
    expect(pageViewEvent(undefined, "/x/").page_type).toBe("autre");
  });

  it("a product view and a list of products", () => {
    expect(productViewEvent(comte)).toMatchObject({
      event: "view_item",
      action: "Comté AOP 18 mois",
      label: "fiche-produit",
    });
    const list = itemListEvent("categorie", [comte, miel], "Fromages");
    expect(list).toMatchObject({ event: "view_item_list", action: "Fromages", label: "categorie" });
    expect(list.items.map((item) => [item.index, item.item_name])).toEqual([
      [0, "Comté AOP 18 mois"],
      [1, "Miel de lavande"],
    ]);
  });

  it("a search with its trimmed term and result count", () => {
    expect(searchEvent("  comté ", 7)).toEqual({
      event: "search",
      category: "recherche",
      action: "comté",
      label: "suggestions",
      search_term: "comté",
      results: 7,
    });
  });

  it("consent in the tag manager's words", () => {
    expect(consentEvent({ analytics: true, marketing: false })).toEqual({
      event: "consent_update",
      analytics_storage: "granted",
      ad_storage: "denied",
    });
  });
});

describe("productHandleOf", () => {
  it("reads product page links only", () => {
    expect(productHandleOf("/p/comte-aop-18-mois/")).toBe("comte-aop-18-mois");
    expect(productHandleOf("/p/comte/?x=1")).toBe("comte");
    expect(productHandleOf("/c/fromages/")).toBeNull();
    expect(productHandleOf("/p/")).toBeNull();
    expect(productHandleOf("https://example.com/p/comte/")).toBeNull();
  });
});

describe("track", () => {
  const holder = globalThis as { window?: { dataLayer?: unknown[] } };
  afterEach(() => {
    delete holder.window;
  });

  it("does nothing without a window (server rendering)", () => {
    expect(() => track(pageViewEvent("homepage", "/"))).not.toThrow();
  });

  it("creates the data layer and pushes every event onto it", () => {
    holder.window = {};
    trackAddToCart(comte, { quantity: 1 });
    trackRemoveFromCart(comte);
    trackProductClick(miel, { index: 4, list: "marque" });
    expect(holder.window.dataLayer?.map((event) => (event as { event: string }).event)).toEqual([
      "ajout-rapide-produit",
      "retrait-panier-produit",
      "produit-clic-CTA",
    ]);
    expect(holder.window.dataLayer?.[2]).toMatchObject({ item: { index: 4 } });
  });
});
