import { describe, expect, it } from "vitest";
import { cardState, type ProductCardData } from "../catalogue/product.ts";
import {
  bannerBlock,
  carouselBlock,
  formatPublishDate,
  pageBlocks,
  pictureOf,
  productNeeds,
} from "./blocks.ts";

const entry = (id: string, type: string, fields: Record<string, unknown>) => ({
  sys: { id, contentType: { sys: { id: type } } },
  fields,
});
const asset = (id: string, url: string, width = 1600, height = 900) => ({
  sys: { id, type: "Asset" },
  fields: {
    title: `Image ${id}`,
    description: "",
    file: { url, details: { image: { width, height } } },
  },
});
const product = (slug: string) => entry(`product-${slug}`, "product", { name: slug, slug });

function card(handle: string): ProductCardData {
  return {
    id: `gid://shopify/Product/${handle}`,
    handle,
    title: handle,
    brand: "Maison",
    image: null,
    quantityLabel: null,
    priceUnit: null,
    discountLabel: null,
    gamme: null,
    variantId: null,
    state: cardState({
      tags: [],
      variants: [],
      max_quantity: 10,
      priceMin: 100,
      compareAtPriceMin: 0,
    }),
  };
}

describe("pictureOf", () => {
  it("asks the image service for webp at 450, 700 and 950 px high", () => {
    const picture = pictureOf(asset("a", "/cdn/images/content/a.svg", 1600, 900), "");
    expect(picture).toEqual({
      url: "/cdn/images/content/a.svg?height=450",
      srcSet:
        "/cdn/images/content/a.svg?height=450 800w, /cdn/images/content/a.svg?height=700 1244w, /cdn/images/content/a.svg?height=950 1689w",
      alt: "",
      width: 1600,
      height: 900,
    });
  });

  it("uses other URLs as they are and the asset's title as alternative text", () => {
    const picture = pictureOf(asset("b", "https://example.com/b.jpg"));
    expect(picture?.url).toBe("https://example.com/b.jpg");
    expect(picture?.srcSet).toBeNull();
    expect(picture?.alt).toBe("Image b");
    expect(pictureOf(undefined)).toBeNull();
  });
});

describe("blocks", () => {
  it("keep the page's order and drop unknown types and empty carousels", () => {
    const blocks = pageBlocks([
      entry("b1", "banner", { title: "Bannière", external_link: "/nos-artisans/" }),
      entry("x", "mystery", { title: "?" }),
      entry("c1", "callToAction", {
        title: "Retrait",
        label: "Comment ça marche ?",
        internal_link: entry("cms", "cms", { slug: "livraison" }),
      }),
      entry("k1", "carousel", { title: "Vide", kind: "product", products: [product("absent")] }),
    ]);
    expect(blocks.map((block) => block.type)).toEqual(["banner", "cta"]);
    expect(blocks[1]).toMatchObject({ href: "/cms/livraison/", label: "Comment ça marche ?" });
  });

  it("link a banner only when it has a target", () => {
    expect(bannerBlock(entry("b", "banner", { title: "Sans lien" }))?.href).toBeNull();
    expect(
      bannerBlock(
        entry("b", "banner", {
          title: "Avec",
          internal_link: entry("c", "pageCategorie", { slug: "cave" }),
        }),
      )?.href,
    ).toBe("/c/cave/");
  });

  it("fill product carousels with the commerce cards in the carousel's order", () => {
    const carousel = entry("k", "carousel", {
      title: "Coups de cœur",
      kind: "news",
      products: [product("b"), product("archived"), product("a")],
    });
    expect(productNeeds([carousel])).toEqual({ handles: ["b", "archived", "a"], collections: [] });
    const block = carouselBlock(
      carousel,
      new Map([
        ["a", [card("a")]],
        ["b", [card("b")]],
      ]),
    );
    expect(block?.slides.map((slide) => slide.key)).toEqual([
      "gid://shopify/Product/b",
      "gid://shopify/Product/a",
    ]);
  });

  it("take a collection's products when a product carousel lists none", () => {
    const carousel = entry("k", "carousel", {
      title: "Fromages",
      kind: "product",
      collection: "fromagerie",
    });
    expect(productNeeds([carousel])).toEqual({ handles: [], collections: ["fromagerie"] });
    const block = carouselBlock(carousel, new Map([["collection:fromagerie", [card("c")]]]));
    expect(block?.slides).toHaveLength(1);
  });

  it("shape each other kind's slides from its items or images", () => {
    const discovery = carouselBlock(
      entry("d", "carousel", {
        title: "Rayons",
        kind: "discovery",
        items: [
          entry("c", "pageCategorie", {
            title: "Cave",
            slug: "cave",
            image: asset("i", "/cdn/images/c.svg"),
          }),
        ],
      }),
      new Map(),
    );
    expect(discovery?.slides[0]).toMatchObject({ type: "link", title: "Cave", href: "/c/cave/" });

    const brands = carouselBlock(
      entry("m", "carousel", {
        title: "Artisans",
        kind: "brand",
        items: [entry("m1", "pageMarque", { name: "Maison Dubois", slug: "maison-dubois" })],
        external_link: "/nos-artisans/",
      }),
      new Map(),
    );
    expect(brands?.slides[0]).toMatchObject({ title: "Maison Dubois", href: "/m/maison-dubois/" });
    expect(brands?.seeAll).toBe("/nos-artisans/");

    const articles = carouselBlock(
      entry("a", "carousel", {
        title: "Blog",
        kind: "article-gallery",
        items: [
          entry("p", "blogpost", {
            title: "Recette",
            slug: "recette",
            excerpt: "Court",
            publishDate: "2026-01-12",
            category: entry("bc", "blog_category", { title: "Recettes", slug: "recettes" }),
          }),
        ],
      }),
      new Map(),
    );
    expect(articles?.slides[0]).toMatchObject({
      type: "article",
      href: "/b/recette/",
      date: "12 janvier 2026",
      category: "Recettes",
    });

    const pictures = carouselBlock(
      entry("i", "carousel", {
        title: "En images",
        kind: "product-images",
        products: [product("comte")],
        images: [asset("img", "/cdn/images/p.svg")],
      }),
      new Map(),
    );
    expect(pictures?.slides[0]).toMatchObject({
      type: "picture",
      caption: "comte",
      href: "/p/comte/",
    });

    const argument = carouselBlock(
      entry("r", "carousel", {
        title: "Engagements",
        kind: "argument",
        items: [entry("r1", "reassurance_item", { title: "Fraîcheur", text: "Au froid" })],
      }),
      new Map(),
    );
    expect(argument?.slides[0]).toMatchObject({ type: "link", title: "Fraîcheur", href: "" });
  });
});

describe("formatPublishDate", () => {
  it("writes dates as French readers do", () => {
    expect(formatPublishDate("2026-11-01")).toBe("1 novembre 2026");
    expect(formatPublishDate("hier")).toBeNull();
    expect(formatPublishDate(undefined)).toBeNull();
  });
});
