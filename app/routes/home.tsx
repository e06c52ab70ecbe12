import { Blocks } from "#app/components/content/blocks.tsx";
import { getHomePage } from "#app/lib/content/content.server.ts";
import { blocksPageData } from "#app/lib/content/pages.server.ts";
import { shopFactTexts } from "#app/lib/content/shop-facts.server.ts";
import { fillFactsOnce } from "#app/lib/content/shop-facts.ts";
import { PAGE_TYPES, type PageTypeHandle } from "#app/lib/page-type.ts";
import { canonicalUrl, jsonLd, seoMeta } from "#app/lib/seo.ts";
import { shopOrigin } from "#app/lib/server-context.ts";
import catalogueStyles from "#app/styles/catalogue.css?url";
import contentStyles from "#app/styles/content.css?url";
import { organizationJsonLd, shopIdentity } from "#platform/shop-identity.ts";
import type { Route } from "./+types/home";

/**
 * The home page, /: the blocks of the content service's `homepage` entry `accueil` — hero
 * banner, calls to action and carousels of every kind — with the commerce service's prices on
 * its product cards. Without that entry (content service down) a plain welcome shows.
 */
export const handle: PageTypeHandle = { pageType: PAGE_TYPES.index };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: catalogueStyles },
  { rel: "stylesheet", href: contentStyles },
];

const FALLBACK = {
  title: "Comptoir — épicerie fine en ligne",
  description:
    "Épicerie fine, cave, fromagerie et traiteur d'un grand magasin parisien, livrés chez vous ou à retirer en boutique.",
};

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data
    ? seoMeta({
        title: data.page?.seoTitle ?? FALLBACK.title,
        description: data.page?.seoDescription ?? FALLBACK.description,
        canonical: data.canonical,
        image: data.page?.image ?? null,
      })
    : [];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [entry, facts] = await Promise.all([getHomePage(), shopFactTexts()]);
  const canonical = canonicalUrl(context, "/");
  const origin = shopOrigin(context);
  return {
    // The blocks' texts name the stores, zones and identity as the data has them (facts): the
    // entry's fields are filled once per kept entry and facts, before the cards are added.
    page: entry
      ? await blocksPageData({ fields: fillFactsOnce(entry.fields, facts) }, FALLBACK)
      : null,
    canonical,
    organizationLd: jsonLd({
      "@context": "https://schema.org",
      ...organizationJsonLd(shopIdentity(), origin),
    }),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <div className="content-page content-page--blocks">
      {page ? (
        <>
          {/* The blocks open with a banner: the page's title is for screen readers and search. */}
          <h1 className="visually-hidden">Bienvenue au Comptoir</h1>
          <Blocks blocks={page.blocks} />
        </>
      ) : (
        <section className="home-hero" aria-labelledby="home-title">
          <h1 id="home-title">Bienvenue au Comptoir</h1>
          <p>
            Épicerie fine, cave, fromagerie et traiteur : le meilleur de la table française, livré
            chez vous ou à retirer en boutique.
          </p>
        </section>
      )}
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, escaped by jsonLd()
        dangerouslySetInnerHTML={{ __html: loaderData.organizationLd }}
      />
    </div>
  );
}
