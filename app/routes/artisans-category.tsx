import { BrandTiles, brandLogo } from "#app/components/brand/brand-tiles.tsx";
import { Breadcrumbs } from "#app/components/listing/breadcrumbs.tsx";
import { vendorsOfCollection } from "#app/lib/catalogue.server.ts";
import { catalogueReference } from "#app/lib/catalogue-reference.server.ts";
import { NOT_FOUND_MESSAGE } from "#app/lib/errors.ts";
import { PAGE_TYPES, type PageTypeHandle } from "#app/lib/page-type.ts";
import { canonicalUrl, seoMeta } from "#app/lib/seo.ts";
import catalogueStyles from "#app/styles/catalogue.css?url";
import type { Route } from "./+types/artisans-category";

/** /nos-artisans/c/{category}/: the artisans whose products the category holds. */
export const handle: PageTypeHandle = { pageType: PAGE_TYPES["nos-artisans"] };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data
    ? seoMeta({
        title: `Nos artisans : ${data.category.title} | Comptoir`,
        description: `Les artisans partenaires du Comptoir au rayon ${data.category.title}.`,
        canonical: data.canonical,
      })
    : [];

function notFound(): never {
  throw new Response(NOT_FOUND_MESSAGE, { status: 404, statusText: "Not Found" });
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ref = await catalogueReference();
  const category = params.category ? ref.categories.get(params.category) : undefined;
  if (!category) notFound();
  const vendors = await vendorsOfCollection(category.handle);
  if (!vendors) notFound();
  const selling = new Set(vendors);
  return {
    category: { title: category.title, handle: category.handle },
    artisans: ref.brands
      .filter((brand) => brand.isArtisan && selling.has(brand.name))
      .map((brand) => ({
        handle: brand.handle,
        name: brand.name,
        image: brandLogo(brand.image),
        isArtisan: false,
      })),
    canonical: canonicalUrl(context, `/nos-artisans/c/${encodeURIComponent(category.handle)}/`),
  };
}

export default function ArtisanCategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, artisans } = loaderData;
  return (
    <div className="listing-page">
      <Breadcrumbs
        crumbs={[
          { label: "Nos artisans", href: "/nos-artisans/" },
          { label: "Par catégorie", href: "/nos-artisans/c/" },
          { label: category.title, href: `/nos-artisans/c/${category.handle}/` },
        ]}
      />
      <header className="listing-page__header">
        <h1>Nos artisans : {category.title}</h1>
      </header>
      {artisans.length === 0 ? (
        <p className="listing-empty" role="status">
          Aucun artisan partenaire dans cette catégorie pour le moment.
        </p>
      ) : (
        <BrandTiles brands={artisans} label={`Artisans : ${category.title}`} />
      )}
    </div>
  );
}
