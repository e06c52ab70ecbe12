import { Link } from "react-router";
import { BrandTiles, brandLogo } from "#app/components/brand/brand-tiles.tsx";
import { Breadcrumbs } from "#app/components/listing/breadcrumbs.tsx";
import { catalogueReference } from "#app/lib/catalogue/reference.server.ts";
import { artisanPath } from "#app/lib/links.ts";
import { PAGE_TYPES, type PageTypeHandle } from "#app/lib/page-type.ts";
import { canonicalUrl, seoMeta } from "#app/lib/seo.ts";
import catalogueStyles from "#app/styles/catalogue.css?url";
import type { Route } from "./+types/artisans";

/** The artisans, /nos-artisans/: the brands marked `is_artisan`, each to its own page. */
export const handle: PageTypeHandle = { pageType: PAGE_TYPES["nos-artisans"] };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  seoMeta({
    title: "Nos artisans | Comptoir",
    description:
      "Fromagers, chocolatiers, boulangers, vignerons : les artisans partenaires du Comptoir et leurs produits.",
    canonical: data?.canonical ?? "/nos-artisans/",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const ref = await catalogueReference();
  return {
    artisans: ref.brands
      .filter((brand) => brand.isArtisan)
      .map((brand) => ({
        handle: brand.handle,
        name: brand.name,
        image: brandLogo(brand.image),
        isArtisan: false,
        href: artisanPath(brand.handle),
      })),
    canonical: canonicalUrl(context, "/nos-artisans/"),
  };
}

export default function ArtisansPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="listing-page">
      <Breadcrumbs crumbs={[{ label: "Nos artisans", href: "/nos-artisans/" }]} />
      <header className="listing-page__header">
        <h1>Nos artisans</h1>
        <p>
          <Link to="/nos-artisans/c/">Voir les artisans par catégorie</Link>
        </p>
      </header>
      <BrandTiles brands={loaderData.artisans} label="Nos artisans partenaires" />
    </div>
  );
}
