import type { TreeNode } from "#seed/catalogue/tree.ts";
import type { ContentBuilder, Link } from "#seed/content/builder.ts";
import { artisanId, categoryId, cmsId, entryLink } from "#seed/content/catalogue-entries.ts";
import {
  ALCOHOL_DISCLAIMER,
  COPYRIGHT,
  FOOTER_LEGAL_TEXT,
  HEALTH_DISCLAIMER,
  SOCIAL_LINKS,
  TITLE_COLORS,
} from "#seed/content/editorial.ts";
import { CMS_PAGES } from "#seed/content/legal.ts";
import { richText } from "#seed/content/rich-text.ts";

/**
 * The demo content's menu and footer.
 */

// ---------------------------------------------------------------------------------------------
// Menu and footer

export function addMenu(
  content: ContentBuilder,
  {
    tree,
    pushes,
    brandSlugs,
  }: {
    tree: readonly TreeNode[];
    pushes: Map<string, Link>;
    brandSlugs: Map<string, { slug: string; top: string; artisan: boolean }>;
  },
) {
  const items = tree.map((root) => {
    const children = root.children.map((child) =>
      content.entry(`menu-${child.handle}`, "menu_item", {
        title: child.node.title,
        internal_link: entryLink(categoryId(child.handle)),
        categories: child.children.map((grandChild) => entryLink(categoryId(grandChild.handle))),
        parent_category: entryLink(categoryId(root.handle)),
        isEcom: true,
      }),
    );
    const artisans = [...brandSlugs.values()]
      .filter((brand) => brand.top === root.handle && brand.artisan)
      .map((brand) => entryLink(artisanId(brand.slug)));
    return content.entry(`menu-${root.handle}`, "menu_item", {
      title: root.node.title,
      label: `Tout le rayon ${root.node.title.toLowerCase()}`,
      internal_link: entryLink(categoryId(root.handle)),
      titleColor: TITLE_COLORS[root.handle],
      categories: root.children.map((child) => entryLink(categoryId(child.handle))),
      links: artisans,
      child: children,
      push: pushes.get(root.handle),
      isEcom: true,
    });
  });
  const page = (id: string, title: string, path: string, titleColor?: string) =>
    content.entry(id, "menu_item", { title, external_link: path, titleColor, isEcom: false });
  content.entry("main-menu", "main_menu", {
    title: "Menu principal",
    items: [
      ...items,
      page("menu-marques", "Nos marques", "/nos-marques/"),
      page("menu-artisans", "Nos artisans", "/nos-artisans/", "#15803d"),
      page("menu-blog", "Le blog", "/blog/"),
      page("menu-magasin", "Le magasin", "/magasin/"),
    ],
  });
}

export function addFooter(
  content: ContentBuilder,
  {
    reassurance,
    seasonal,
    cta,
  }: {
    reassurance: Link[];
    seasonal: Link[];
    cta: (id: string, fields: Record<string, unknown>) => Link;
  },
) {
  const path = (id: string, title: string, target: string) =>
    cta(id, { title, label: title, external_link: target });
  const menus = [
    content.entry("footer-menu-comptoir", "link_menu", {
      title: "Le Comptoir",
      links: [
        path("footer-magasin", "Le magasin", "/magasin/"),
        path("footer-artisans", "Nos artisans", "/nos-artisans/"),
        path("footer-marques", "Nos marques", "/nos-marques/"),
        path("footer-blog", "Le blog", "/blog/"),
      ],
    }),
    content.entry("footer-menu-aide", "link_menu", {
      title: "Besoin d'aide ?",
      links: [
        path("footer-faq", "Questions fréquentes", "/faq/"),
        entryLink(cmsId("livraison-et-retrait")),
        path("footer-compte", "Mon compte", "/compte/"),
        path("footer-contact", "Nous écrire", "mailto:contact@comptoir.example"),
      ],
    }),
    content.entry("footer-menu-legal", "link_menu", {
      title: "Informations légales",
      links: CMS_PAGES.filter((page) => page.slug !== "livraison-et-retrait").map((page) =>
        entryLink(cmsId(page.slug)),
      ),
    }),
  ];
  const social = SOCIAL_LINKS.map((item) =>
    content.entry(`social-${item.network}`, "social_link", { ...item }),
  );
  content.entry("footer", "footer", {
    title: "Pied de page",
    reassurance,
    link_menus: menus,
    social_links: social,
    seasonal_pages: seasonal,
    legal_text: richText(FOOTER_LEGAL_TEXT),
    health_disclaimer: HEALTH_DISCLAIMER,
    alcohol_disclaimer: ALCOHOL_DISCLAIMER,
    copyright: COPYRIGHT,
  });
}
