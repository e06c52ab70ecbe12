import { type BrandTile, BrandTiles, brandLogo } from "#app/components/brand/brand-tiles.tsx";
import { Breadcrumbs } from "#app/components/listing/breadcrumbs.tsx";
import { catalogueReference } from "#app/lib/catalogue/reference.server.ts";
import { PAGE_TYPES, type PageTypeHandle } from "#app/lib/page-type.ts";
import { canonicalUrl, seoMeta } from "#app/lib/seo.ts";
import catalogueStyles from "#app/styles/catalogue.css?url";
import type { Route } from "./+types/brands";

/** The brand list, /nos-marques/: every brand from A to Z, with its logo. */
export const handle: PageTypeHandle = { pageType: PAGE_TYPES["nos-marques"] };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  seoMeta({
    title: "Nos marques | Comptoir",
    description:
      "Toutes les maisons, producteurs et artisans de l'épicerie fine du Comptoir, de A à Z.",
    canonical: data?.canonical ?? "/nos-marques/",
  });

/** The letter a brand files under: accents dropped, digits and symbols under '#'. */
export function initialOf(name: string): string {
  const letter = name.normalize("NFD").replace(/\p{M}/gu, "").charAt(0).toUpperCase();
  return /[A-Z]/.test(letter) ? letter : "#";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ref = await catalogueReference();
  const groups = new Map<string, BrandTile[]>();
  for (const brand of ref.brands) {
    const letter = initialOf(brand.name);
    groups.set(letter, [
      ...(groups.get(letter) ?? []),
      {
        handle: brand.handle,
        name: brand.name,
        image: brandLogo(brand.image),
        isArtisan: brand.isArtisan,
      },
    ]);
  }
  return {
    groups: [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([letter, brands]) => ({ letter, brands })),
    canonical: canonicalUrl(context, "/nos-marques/"),
  };
}

export default function BrandsPage({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  return (
    <div className="listing-page">
      <Breadcrumbs crumbs={[{ label: "Nos marques", href: "/nos-marques/" }]} />
      <header className="listing-page__header">
        <h1>Nos marques</h1>
      </header>
      <nav aria-label="Marques par lettre" className="letter-nav">
        <ul>
          {groups.map((group) => (
            <li key={group.letter}>
              <a href={`#lettre-${group.letter}`}>{group.letter}</a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map((group) => (
        <section
          key={group.letter}
          id={`lettre-${group.letter}`}
          aria-labelledby={`titre-${group.letter}`}
          className="brand-group"
        >
          <h2 id={`titre-${group.letter}`}>{group.letter}</h2>
          <BrandTiles brands={group.brands} label={`Marques en ${group.letter}`} />
        </section>
      ))}
    </div>
  );
}
