import { describe, expect, it } from "vitest";
import { CONTENT_TYPES } from "#platform/content/index.ts";
import {
  artisanPath,
  brandPath,
  categoryPath,
  LINK_KIND_BY_CONTENT_TYPE,
  linkTo,
  normaliseLinkable,
  productPath,
  withTrailingSlash,
} from "./links.ts";

/** A Contentful-shaped entry, as the content service delivers it. */
function entry(type: string, fields: Record<string, unknown>) {
  return { sys: { id: `id-${type}`, contentType: { sys: { id: type } } }, fields };
}

describe("linkTo — the spec's table, one row per line", () => {
  it.each([
    ["cms", { type: "cms", slug: "livraison" }, "/cms/livraison/"],
    ["product", { type: "product", slug: "huile-d-olive" }, "/p/huile-d-olive/"],
    ["top category (pageCategorie)", { type: "pageCategorie", slug: "epicerie" }, "/c/epicerie/"],
    [
      "sub-category with both parents",
      { type: "subCategory", slug: "olive", category: "epicerie", subcategory: "huiles" },
      "/c/epicerie/huiles/olive/",
    ],
    ["sub-category without parents", { type: "subCategory", slug: "olive" }, "/c/olive/"],
    ["brand (pageMarque)", { type: "pageMarque", slug: "bordier" }, "/m/bordier/"],
    ["blog post", { type: "blogPost", slug: "recette-galette" }, "/b/recette-galette/"],
    ["blog category", { type: "blogCategory", slug: "recettes" }, "/b/recettes/"],
    ["artisan", { type: "artisan", slug: "maison-x" }, "/nos-artisans/c/maison-x/"],
    ["homepage type", { type: "homepage", slug: "noel" }, "/e/noel/"],
    [
      "call-to-action with an external link",
      { type: "callToAction", externalLink: "https://example.com/a?b=1", internalLink: "/cms/x/" },
      "https://example.com/a?b=1",
    ],
    ["call-to-action without one", { type: "callToAction", internalLink: "/cms/x" }, "/cms/x/"],
    [
      "banner with an external link",
      { type: "banner", externalLink: "https://example.com" },
      "https://example.com",
    ],
    ["banner without one", { type: "banner", internalLink: "c/epicerie" }, "/c/epicerie/"],
    [
      "an explicit url field wins",
      { type: "product", slug: "ignored", url: "/promo/noel" },
      "/promo/noel/",
    ],
    ["unknown type", { type: "recipeCard", slug: "galette" }, "/"],
  ])("%s", (_row, item, expected) => {
    expect(linkTo(item)).toBe(expected);
  });
});

describe("linkTo with content-service entries", () => {
  it("reads the type from sys.contentType.sys.id and the slug from fields", () => {
    expect(linkTo(entry("pageCategorie", { slug: "epicerie" }))).toBe("/c/epicerie/");
    expect(linkTo(entry("pageMarque", { slug: "bordier" }))).toBe("/m/bordier/");
    expect(linkTo(entry("artisan", { slug: "maison-x" }))).toBe("/nos-artisans/c/maison-x/");
  });

  it("builds a sub-category path from parent entries", () => {
    const item = entry("subCategory", {
      slug: "olive",
      category: entry("pageCategorie", { slug: "epicerie" }),
      subcategory: entry("subCategory", { slug: "huiles" }),
    });
    expect(linkTo(item)).toBe("/c/epicerie/huiles/olive/");
  });

  it("resolves a call-to-action's internal link entry through linkTo", () => {
    const cta = entry("callToAction", { internalLink: entry("pageMarque", { slug: "bordier" }) });
    expect(linkTo(cta)).toBe("/m/bordier/");
  });

  it("lets an explicit url win on an entry too", () => {
    expect(linkTo(entry("cms", { slug: "x", url: "https://example.com/x" }))).toBe(
      "https://example.com/x",
    );
  });

  it("prefers the entry's content type over a stray type field", () => {
    expect(linkTo(entry("cms", { slug: "x", type: "product" }))).toBe("/cms/x/");
  });

  it("gives / for an unresolved link (no content type, no fields)", () => {
    expect(linkTo({ sys: { id: "abc" } })).toBe("/");
  });
});

describe("linkTo — sub-category with only one parent known", () => {
  it("uses the known top category as the only parent", () => {
    expect(linkTo({ type: "subCategory", slug: "olive", category: "epicerie" })).toBe(
      "/c/epicerie/olive/",
    );
  });

  it("uses the known middle category as the only parent", () => {
    expect(linkTo({ type: "subCategory", slug: "olive", subcategory: "huiles" })).toBe(
      "/c/huiles/olive/",
    );
  });

  it("ignores a parent entry that has no slug", () => {
    const item = { type: "subCategory", slug: "olive", category: entry("pageCategorie", {}) };
    expect(linkTo(item)).toBe("/c/olive/");
  });
});

describe("linkTo — missing or odd input", () => {
  it.each([
    ["a missing slug", { type: "product" }],
    ["an empty slug", { type: "cms", slug: "  " }],
    ["an entry without fields", entry("pageCategorie", {})],
    ["a call-to-action with no link at all", { type: "banner" }],
    ["null", null],
    ["undefined", undefined],
    ["an object with no type", { slug: "x" }],
  ])("gives / for %s", (_case, item) => {
    expect(linkTo(item)).toBe("/");
  });

  it("accepts a storefront product's handle as its slug", () => {
    expect(linkTo({ type: "product", handle: "miel-de-lavande" })).toBe("/p/miel-de-lavande/");
  });

  it("uses slugs as given, only percent-encoding them", () => {
    expect(linkTo({ type: "cms", slug: "Qui Sommes-Nous" })).toBe("/cms/Qui%20Sommes-Nous/");
    expect(linkTo({ type: "product", slug: "a/b?c" })).toBe("/p/a%2Fb%3Fc/");
    expect(linkTo({ type: "pageMarque", slug: "crème" })).toBe("/m/cr%C3%A8me/");
  });

  it("matches content type ids whatever their separators or case", () => {
    expect(linkTo({ type: "call-to-action", internalLink: "/faq" })).toBe("/faq/");
    expect(linkTo({ type: "PAGE_MARQUE", slug: "bordier" })).toBe("/m/bordier/");
  });

  it("keeps external urls and other schemes untouched", () => {
    expect(linkTo({ type: "cms", url: "mailto:contact@comptoir.fr" })).toBe(
      "mailto:contact@comptoir.fr",
    );
    expect(linkTo({ url: "//cdn.example.com/a" })).toBe("//cdn.example.com/a");
    expect(linkTo({ type: "banner", externalLink: "https://example.com/x#top" })).toBe(
      "https://example.com/x#top",
    );
  });

  it("keeps the query string and fragment of an internal url after the trailing slash", () => {
    expect(linkTo({ url: "/c/epicerie?page=2" })).toBe("/c/epicerie/?page=2");
    expect(linkTo({ type: "banner", internalLink: "/cms/faq#livraison" })).toBe(
      "/cms/faq/#livraison",
    );
    expect(linkTo({ url: "/c/epicerie/?page=2#top" })).toBe("/c/epicerie/?page=2#top");
  });

  it("stops following call-to-action links that point at each other", () => {
    const a: { type: string; internalLink?: unknown } = { type: "callToAction" };
    a.internalLink = { type: "banner", internalLink: a };
    expect(linkTo(a)).toBe("/");
  });
});

describe("productPath and categoryPath", () => {
  it("builds the storefront product path from a handle", () => {
    expect(productPath("miel-de-lavande")).toBe("/p/miel-de-lavande/");
    expect(productPath("")).toBe("/");
    expect(productPath(undefined)).toBe("/");
  });

  it("builds the storefront category path with and without a collection", () => {
    expect(categoryPath("epicerie", "huiles")).toBe("/c/epicerie/huiles/");
    expect(categoryPath("epicerie")).toBe("/c/epicerie/");
    expect(categoryPath("epicerie", "")).toBe("/c/epicerie/");
    expect(categoryPath(undefined, "huiles")).toBe("/");
  });
});

describe("brandPath and artisanPath", () => {
  it("give a brand's page and an artisan's, the same as linkTo for their entries", () => {
    expect(brandPath("maison-x")).toBe("/m/maison-x/");
    expect(artisanPath("maison-x")).toBe("/nos-artisans/c/maison-x/");
    expect(artisanPath("maison-x")).toBe(linkTo(entry("pageArtisan", { slug: "maison-x" })));
    expect(brandPath("maison-x")).toBe(linkTo(entry("pageMarque", { slug: "maison-x" })));
    expect(artisanPath("l'atelier")).toBe("/nos-artisans/c/l'atelier/");
    expect(artisanPath(" ")).toBe("/");
    expect(brandPath(undefined)).toBe("/");
  });
});

describe("helpers", () => {
  it("withTrailingSlash adds the leading and trailing slash only where missing", () => {
    expect(withTrailingSlash("faq")).toBe("/faq/");
    expect(withTrailingSlash("/faq/")).toBe("/faq/");
    expect(withTrailingSlash("/")).toBe("/");
    expect(withTrailingSlash("?q=miel")).toBe("/?q=miel");
    expect(withTrailingSlash("https://example.com")).toBe("https://example.com");
  });

  it("normaliseLinkable merges an entry's fields and finds its kind", () => {
    expect(normaliseLinkable(entry("pageMarque", { slug: "bordier" }))).toMatchObject({
      kind: "brand",
      fields: { slug: "bordier" },
    });
    expect(normaliseLinkable("nope")).toEqual({ kind: undefined, fields: {} });
  });
});

describe("linkTo with the content model's real type ids", () => {
  it.each([
    ["cms", { slug: "cgv" }, "/cms/cgv/"],
    ["product", { slug: "terrine-de-campagne" }, "/p/terrine-de-campagne/"],
    ["pageCategorie", { slug: "cave" }, "/c/cave/"],
    [
      "subCategory",
      {
        slug: "vins-rouges",
        category: entry("pageCategorie", { slug: "cave" }),
        subcategory: entry("subCategory", { slug: "vins" }),
      },
      "/c/cave/vins/vins-rouges/",
    ],
    ["pageMarque", { slug: "rucher-des-quatre-vents" }, "/m/rucher-des-quatre-vents/"],
    ["pageArtisan", { slug: "huilerie-castagnol" }, "/nos-artisans/c/huilerie-castagnol/"],
    ["blogpost", { slug: "la-galette-des-rois" }, "/b/la-galette-des-rois/"],
    ["blog_category", { slug: "recettes" }, "/b/recettes/"],
    ["homepage", { slug: "accueil" }, "/e/accueil/"],
    ["callToAction", { internal_link: entry("cms", { slug: "cgv" }) }, "/cms/cgv/"],
    [
      "banner",
      { external_link: "https://example.com", internal_link: "/c/cave" },
      "https://example.com",
    ],
    ["carousel", { internal_link: entry("blog_category", { slug: "recettes" }) }, "/b/recettes/"],
    ["menu_item", { internal_link: entry("pageCategorie", { slug: "cave" }) }, "/c/cave/"],
    ["reassurance_item", { internal_link: entry("cms", { slug: "livraison" }) }, "/cms/livraison/"],
    [
      "social_link",
      { url: "https://www.instagram.com/comptoir" },
      "https://www.instagram.com/comptoir",
    ],
    ["faq_question", { question: "Comment commander ?" }, "/"],
  ])("%s", (type, fields, expected) => {
    expect(linkTo(entry(type, fields))).toBe(expected);
  });

  it("knows only ids the content model has", () => {
    const ids = new Set(CONTENT_TYPES.map((type) => type.id));
    for (const id of Object.keys(LINK_KIND_BY_CONTENT_TYPE)) expect(ids).toContain(id);
  });

  it("links every page type of the model to the path the model documents", () => {
    for (const type of CONTENT_TYPES.filter((candidate) => candidate.path)) {
      const fields = {
        slug: "x",
        category: entry("pageCategorie", { slug: "a" }),
        subcategory: entry("subCategory", { slug: "b" }),
      };
      const expected = type.path?.replace("{category}", "a").replace("{subcategory}", "b");
      expect(linkTo(entry(type.id, fields))).toBe(expected?.replace("{slug}", "x"));
    }
  });

  it("does not take inherited object keys for content types", () => {
    expect(linkTo({ type: "constructor", slug: "x" })).toBe("/");
    expect(linkTo(entry("toString", { slug: "x" }))).toBe("/");
  });
});
