import { describe, expect, it } from "vitest";
import type { CategoryNode } from "../catalogue/reference.server.ts";
import {
  brandLinks,
  categoryHref,
  categoryTree,
  entryLinks,
  flattenLinks,
  sitemapXml,
} from "./sitemap-links.ts";

const node = (
  handle: string,
  title: string,
  parent: string | null,
  grandParent: string | null,
  children: string[] = [],
  archived = false,
): CategoryNode => ({
  id: handle,
  handle,
  title,
  parent,
  grandParent,
  children,
  archived,
  hasPush: false,
});

describe("sitemap links", () => {
  it("build a category's path from its ancestors", () => {
    expect(categoryHref(node("comte", "Comté", "pates-pressees", "fromagerie"))).toBe(
      "/c/fromagerie/pates-pressees/comte/",
    );
    expect(categoryHref(node("cave", "Cave", null, null))).toBe("/c/cave/");
  });

  it("nest the category tree, in title order, without archived categories", () => {
    const categories = new Map(
      [
        node("fromagerie", "Fromagerie", null, null, ["pates", "vieux"]),
        node("pates", "Pâtes pressées", "fromagerie", null, ["comte"]),
        node("comte", "Comté", "pates", "fromagerie"),
        node("vieux", "Ancien rayon", "fromagerie", null, [], true),
        node("cave", "Cave", null, null),
      ].map((n) => [n.handle, n]),
    );
    expect(categoryTree(categories)).toEqual([
      { title: "Cave", href: "/c/cave/" },
      {
        title: "Fromagerie",
        href: "/c/fromagerie/",
        children: [
          {
            title: "Pâtes pressées",
            href: "/c/fromagerie/pates/",
            children: [{ title: "Comté", href: "/c/fromagerie/pates/comte/" }],
          },
        ],
      },
    ]);
  });

  it("split brands and artisans, an artisan at its own address", () => {
    const brand = (handle: string, name: string, isArtisan: boolean) => ({
      id: handle,
      handle,
      name,
      isArtisan,
      image: null,
    });
    expect(
      brandLinks([
        brand("z", "Zèbre", false),
        brand("a", "Atelier", true),
        brand("b", "Bonne Maman", false),
      ]),
    ).toEqual({
      brands: [
        { title: "Bonne Maman", href: "/m/b/" },
        { title: "Zèbre", href: "/m/z/" },
      ],
      artisans: [{ title: "Atelier", href: "/nos-artisans/c/a/" }],
    });
  });

  it("link content entries through the link builder, leaving out the ones asked", () => {
    const entry = (type: string, slug: string, title: string) => ({
      sys: { contentType: { sys: { id: type } } },
      fields: { slug, title },
    });
    expect(
      entryLinks(
        [entry("homepage", "noel", "Noël"), entry("homepage", "accueil", "Accueil")],
        ["accueil"],
      ),
    ).toEqual([{ title: "Noël", href: "/e/noel/" }]);
    expect(entryLinks([entry("cms", "cgv", "CGV"), { fields: { title: "Sans slug" } }])).toEqual([
      { title: "CGV", href: "/cms/cgv/" },
    ]);
  });
});

describe("sitemapXml", () => {
  it("writes each address once, escaped, with its day of last change", () => {
    const xml = sitemapXml([
      { loc: "https://shop.example/c/a&b/", lastmod: "2026-01-02T10:00:00Z" },
      { loc: "https://shop.example/c/a&b/" },
      { loc: "https://shop.example/", lastmod: "hier" },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      "<url><loc>https://shop.example/c/a&amp;b/</loc><lastmod>2026-01-02</lastmod></url>",
    );
    expect(xml).toContain("<url><loc>https://shop.example/</loc></url>");
    expect(xml.match(/<url>/g)).toHaveLength(2);
  });

  it("flattens nested links depth first", () => {
    expect(
      flattenLinks([
        { title: "a", href: "/a/", children: [{ title: "b", href: "/a/b/" }] },
        { title: "c", href: "/c/" },
      ]).map((link) => link.href),
    ).toEqual(["/a/", "/a/b/", "/c/"]);
  });
});
