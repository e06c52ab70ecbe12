import { describe, expect, it, vi } from "vitest";
import {
  cookieValue,
  DEFAULT_COPYRIGHT,
  debounce,
  EMPTY_FOOTER,
  modeLabel,
  nextHeaderScroll,
  normaliseFooter,
  normaliseMenu,
  oncePerEntry,
  predictiveTerm,
  richTextParagraphs,
  searchPageHref,
} from "#app/lib/layout/site-layout.ts";

const entry = (type: string, id: string, fields: Record<string, unknown>) => ({
  sys: { id, type: "Entry", contentType: { sys: { id: type } } },
  fields,
});

describe("nextHeaderScroll", () => {
  it("minifies only when moving down past 130 px", () => {
    const full = { minified: false, y: 0 };
    expect(nextHeaderScroll(full, 130)).toEqual({ minified: false, y: 130 });
    expect(nextHeaderScroll(full, 131)).toEqual({ minified: true, y: 131 });
    // Landing past 130 while moving up (from further down) does not minify.
    expect(nextHeaderScroll({ minified: false, y: 500 }, 400).minified).toBe(false);
  });

  it("restores only when moving up above 66 px, keeping the state in between", () => {
    const mini = { minified: true, y: 400 };
    expect(nextHeaderScroll(mini, 100).minified).toBe(true);
    expect(nextHeaderScroll(mini, 66).minified).toBe(true);
    expect(nextHeaderScroll(mini, 65)).toEqual({ minified: false, y: 65 });
    expect(nextHeaderScroll({ minified: true, y: 20 }, 50).minified).toBe(true);
  });
});

describe("debounce", () => {
  it("runs only the last call of a burst, after the delay", () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn();
      const search = debounce(run, 300);
      search.call("cho");
      vi.advanceTimersByTime(200);
      search.call("choc");
      vi.advanceTimersByTime(299);
      expect(run).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledExactlyOnceWith("choc");
    } finally {
      vi.useRealTimers();
    }
  });

  it("drops the waiting call when cancelled", () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn();
      const scroll = debounce(run, 200);
      scroll.call();
      scroll.cancel();
      vi.advanceTimersByTime(1000);
      expect(run).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("predictiveTerm and searchPageHref", () => {
  it("asks nothing under three characters", () => {
    expect(predictiveTerm("ch")).toBeNull();
    expect(predictiveTerm("  ch   ")).toBeNull();
    expect(predictiveTerm(" cho ")).toBe("cho");
    expect(predictiveTerm("pâte   à tartiner")).toBe("pâte à tartiner");
  });

  it("links the results page with the query", () => {
    expect(searchPageHref(" pâte à tartiner ")).toBe("/search/?q=p%C3%A2te+%C3%A0+tartiner");
    expect(searchPageHref("  ")).toBe("/search/");
  });
});

describe("modeLabel and cookieValue", () => {
  it("labels the mode cookie's values", () => {
    expect(modeLabel("1")).toBe("Livraison");
    expect(modeLabel("2")).toBe("Retrait en magasin");
    expect(modeLabel(undefined)).toBe("Livraison ou retrait");
    expect(modeLabel("7")).toBe("Livraison ou retrait");
  });

  it("reads one cookie of document.cookie", () => {
    expect(cookieValue("cartId=abc; mode=2; modeX=1", "mode")).toBe("2");
    expect(cookieValue("modeX=1", "mode")).toBeUndefined();
  });
});

describe("normaliseMenu", () => {
  const category = entry("pageCategorie", "cat-epicerie", {
    title: "Épicerie salée",
    slug: "epicerie-salee",
  });
  const sub = entry("subCategory", "cat-conserves", {
    title: "Conserves",
    slug: "conserves",
    category,
  });
  const subSub = entry("subCategory", "cat-sardines", {
    title: "Sardines",
    slug: "sardines",
    category,
    subcategory: sub,
  });
  const menu = entry("main_menu", "main-menu", {
    title: "Menu principal",
    items: [
      entry("menu_item", "menu-epicerie", {
        title: "Épicerie salée",
        label: "Tout le rayon épicerie salée",
        internal_link: category,
        titleColor: "#9a3412",
        categories: [sub],
        links: [entry("pageArtisan", "artisan-x", { name: "Maison X", slug: "maison-x" })],
        child: [
          entry("menu_item", "menu-conserves", {
            title: "Conserves",
            internal_link: sub,
            categories: [subSub],
          }),
        ],
        push: entry("banner", "push-1", {
          title: "Les sardines millésimées",
          image: { sys: { id: "a" }, fields: { file: { url: "/cdn/images/push.webp" } } },
          internal_link: subSub,
        }),
      }),
      entry("menu_item", "menu-blog", { title: "Le blog", external_link: "/blog/" }),
      entry("menu_item", "menu-untitled", { external_link: "/nowhere/" }),
    ],
  });

  it("keeps items in order with their links, colour, children, links and push", () => {
    const [epicerie, blog, ...rest] = normaliseMenu(menu);
    expect(rest).toEqual([]);
    expect(epicerie).toEqual({
      id: "menu-epicerie",
      title: "Épicerie salée",
      href: "/c/epicerie-salee/",
      label: "Tout le rayon épicerie salée",
      color: "#9a3412",
      groups: [
        {
          title: "Conserves",
          href: "/c/epicerie-salee/conserves/",
          links: [{ title: "Sardines", href: "/c/epicerie-salee/conserves/sardines/" }],
        },
      ],
      links: [{ title: "Maison X", href: "/nos-artisans/c/maison-x/" }],
      push: {
        title: "Les sardines millésimées",
        subtitle: undefined,
        image: "/cdn/images/push.webp",
        href: "/c/epicerie-salee/conserves/sardines/",
      },
    });
    expect(blog).toMatchObject({ title: "Le blog", href: "/blog/", groups: [], links: [] });
    expect(blog?.push).toBeUndefined();
  });

  it("groups an item's categories under it when it has no children", () => {
    const only = entry("main_menu", "m", {
      items: [
        entry("menu_item", "i", { title: "Cave", internal_link: category, categories: [sub] }),
      ],
    });
    expect(normaliseMenu(only)[0]?.groups).toEqual([
      {
        title: "Cave",
        href: "/c/epicerie-salee/",
        links: [{ title: "Conserves", href: "/c/epicerie-salee/conserves/" }],
      },
    ]);
  });

  it("gives an empty menu without an entry", () => {
    expect(normaliseMenu(null)).toEqual([]);
    expect(normaliseMenu({ fields: { items: "nope" } })).toEqual([]);
  });
});

describe("normaliseFooter", () => {
  it("gives the empty footer the root layout shows without content", () => {
    expect(normaliseFooter(null)).toEqual(EMPTY_FOOTER);
    expect(normaliseFooter({ fields: {} })).toEqual(EMPTY_FOOTER);
  });

  const legal = {
    nodeType: "document",
    data: {},
    content: [
      {
        nodeType: "paragraph",
        data: {},
        content: [
          { nodeType: "text", value: "Comptoir SAS, ", marks: [], data: {} },
          { nodeType: "text", value: "Paris.", marks: [{ type: "bold" }], data: {} },
        ],
      },
      { nodeType: "paragraph", data: {}, content: [] },
    ],
  };

  it("brings the footer entry to what the footer shows", () => {
    const footer = normaliseFooter(
      entry("footer", "footer", {
        reassurance: [
          entry("reassurance_item", "r1", {
            title: "Livraison à domicile",
            text: "À Paris.",
            external_link: "/cms/livraison-et-retrait/",
          }),
        ],
        link_menus: [
          entry("link_menu", "l1", {
            title: "Informations légales",
            links: [entry("cms", "cgv", { title: "CGV", slug: "cgv" })],
          }),
        ],
        social_links: [
          entry("social_link", "s1", {
            network: "instagram",
            label: "Instagram",
            url: "https://x",
          }),
          entry("social_link", "s2", { network: "broken" }),
        ],
        seasonal_pages: [entry("homepage", "noel", { title: "Noël", slug: "noel" })],
        legal_text: legal,
        health_disclaimer: "Mangez cinq fruits et légumes.",
        alcohol_disclaimer: "L'abus d'alcool est dangereux.",
        copyright: "© 2021 Comptoir",
      }),
    );
    expect(footer).toEqual({
      reassurance: [
        {
          title: "Livraison à domicile",
          text: "À Paris.",
          icon: undefined,
          href: "/cms/livraison-et-retrait/",
        },
      ],
      menus: [{ title: "Informations légales", links: [{ title: "CGV", href: "/cms/cgv/" }] }],
      social: [{ network: "instagram", label: "Instagram", url: "https://x" }],
      seasonal: [{ title: "Noël", href: "/e/noel/" }],
      legal: ["Comptoir SAS, Paris."],
      healthDisclaimer: "Mangez cinq fruits et légumes.",
      alcoholDisclaimer: "L'abus d'alcool est dangereux.",
      copyright: "© 2021 Comptoir",
    });
  });

  it("falls back on a bare footer with the 2021 copyright", () => {
    expect(normaliseFooter(null)).toMatchObject({
      menus: [],
      legal: [],
      copyright: DEFAULT_COPYRIGHT,
    });
    expect(DEFAULT_COPYRIGHT).toBe("© 2021 Comptoir");
    expect(richTextParagraphs("not a document")).toEqual([]);
  });
});

describe("oncePerEntry", () => {
  it("shapes an entry object once, a new entry again, and anything else every time", () => {
    const shape = vi.fn((value: unknown) => ({ shaped: value }));
    const shaped = oncePerEntry(shape);
    const menu = entry("main_menu", "m1", { items: [] });
    expect(shaped(menu)).toBe(shaped(menu));
    expect(shape).toHaveBeenCalledTimes(1);
    const changed = entry("main_menu", "m1", { items: [] });
    expect(shaped(changed)).not.toBe(shaped(menu));
    expect(shape).toHaveBeenCalledTimes(2);
    shaped(null);
    shaped(null);
    expect(shape).toHaveBeenCalledTimes(4);
  });
});
