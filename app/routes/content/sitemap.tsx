import { Link } from "react-router";
import { Breadcrumbs } from "#app/components/listing/breadcrumbs.tsx";
import { catalogueReference } from "#app/lib/catalogue/reference.server.ts";
import { getBlogPosts, getPageList, HOME_PAGE_SLUG } from "#app/lib/content/content.server.ts";
import {
  brandLinks,
  categoryTree,
  entryLinks,
  FIXED_PAGES,
  type SitemapLink,
} from "#app/lib/layout/sitemap-links.ts";
import type { PageTypeHandle } from "#app/lib/page-type.ts";
import { canonicalUrl } from "#app/lib/seo.ts";
import type { Route } from "./+types/sitemap";
import { contentLinks, seoMetaFrom } from "./content-head.ts";

/**
 * The HTML sitemap, /sitemap/: the shop's pages, every category of the tree, brands, artisans,
 * seasonal pages, CMS pages and blog posts — every page a visitor can reach, in one place.
 */
// Not in the specification's page-type table: the site map.
export const handle: PageTypeHandle = { pageType: "plan-du-site" };

export const links: Route.LinksFunction = contentLinks;

export const meta: Route.MetaFunction = seoMetaFrom((data) => ({
  title: "Plan du site | Comptoir",
  description:
    "Toutes les pages du Comptoir : rayons, marques, artisans, pages d'information et articles du blog.",
  canonical: data.canonical,
}));

export async function loader({ request, context }: Route.LoaderArgs) {
  const [ref, cms, seasonal, posts] = await Promise.all([
    catalogueReference().catch(() => null),
    getPageList("cms"),
    getPageList("homepage"),
    getBlogPosts(),
  ]);
  const { brands, artisans } = brandLinks(ref?.brands ?? []);
  const sections: { id: string; title: string; links: SitemapLink[] }[] = [
    { id: "pages", title: "Le Comptoir", links: [...FIXED_PAGES] },
    { id: "rayons", title: "Nos rayons", links: ref ? categoryTree(ref.categories) : [] },
    { id: "temps-forts", title: "Temps forts", links: entryLinks(seasonal, [HOME_PAGE_SLUG]) },
    { id: "marques", title: "Nos marques", links: brands },
    { id: "artisans", title: "Nos artisans", links: artisans },
    { id: "informations", title: "Informations", links: entryLinks(cms) },
    {
      id: "blog",
      title: "Le blog",
      // Newest first, as the blog lists them.
      links: posts.flatMap((post) => entryLinks([post])),
    },
  ];
  return {
    sections: sections.filter((section) => section.links.length > 0),
    canonical: canonicalUrl(context, "/sitemap/"),
  };
}

function LinkList({ links }: { links: SitemapLink[] }) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.href}>
          <Link to={link.href}>{link.title}</Link>
          {link.children && <LinkList links={link.children} />}
        </li>
      ))}
    </ul>
  );
}

export default function SitemapPage({ loaderData }: Route.ComponentProps) {
  const { sections } = loaderData;
  return (
    <div className="content-page sitemap">
      <Breadcrumbs crumbs={[{ label: "Plan du site", href: "/sitemap/" }]} />
      <header className="content-article__header">
        <h1>Plan du site</h1>
      </header>
      <nav aria-label="Sections du plan du site" className="faq__themes">
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sitemap__sections">
        {sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="sitemap__section"
          >
            <h2 id={`${section.id}-title`}>{section.title}</h2>
            <LinkList links={section.links} />
          </section>
        ))}
      </div>
    </div>
  );
}
