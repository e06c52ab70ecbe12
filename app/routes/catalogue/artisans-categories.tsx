import { Link } from "react-router";
import { Breadcrumbs } from "#app/components/listing/breadcrumbs.tsx";
import { catalogueReference } from "#app/lib/catalogue/reference.server.ts";
import { PAGE_TYPES, type PageTypeHandle } from "#app/lib/page-type.ts";
import { canonicalUrl, seoMeta } from "#app/lib/seo.ts";
import catalogueStyles from "#app/styles/catalogue.css?url";
import type { Route } from "./+types/artisans-categories";

/** /nos-artisans/c/: the top categories, each leading to its artisans. */
export const handle: PageTypeHandle = { pageType: PAGE_TYPES["nos-artisans"] };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  seoMeta({
    title: "Nos artisans par catégorie | Comptoir",
    description: "Les artisans partenaires du Comptoir, rayon par rayon.",
    canonical: data?.canonical ?? "/nos-artisans/c/",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const ref = await catalogueReference();
  return {
    categories: [...ref.categories.values()]
      .filter((category) => category.parent === null && !category.archived)
      .map((category) => ({ handle: category.handle, title: category.title })),
    canonical: canonicalUrl(context, "/nos-artisans/c/"),
  };
}

export default function ArtisanCategoriesPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="listing-page">
      <Breadcrumbs
        crumbs={[
          { label: "Nos artisans", href: "/nos-artisans/" },
          { label: "Par catégorie", href: "/nos-artisans/c/" },
        ]}
      />
      <header className="listing-page__header">
        <h1>Nos artisans par catégorie</h1>
      </header>
      <ul className="category-links">
        {loaderData.categories.map((category) => (
          <li key={category.handle}>
            <Link to={`/nos-artisans/c/${encodeURIComponent(category.handle)}/`}>
              {category.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
