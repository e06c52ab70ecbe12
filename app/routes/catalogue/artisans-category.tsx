import { Link } from "react-router";
import { BrandTiles, brandLogo } from "#app/components/brand/brand-tiles.tsx";
import { Picture } from "#app/components/content/blocks.tsx";
import { Breadcrumbs } from "#app/components/listing/breadcrumbs.tsx";
import { ProductCard } from "#app/components/product/product-card.tsx";
import { brandProducts, vendorsOfCollection } from "#app/lib/catalogue/catalogue.server.ts";
import { ARCHIVE_TAG, toCardData } from "#app/lib/catalogue/product.ts";
import {
  type CatalogueReference,
  catalogueReference,
} from "#app/lib/catalogue/reference.server.ts";
import { pictureOf } from "#app/lib/content/blocks.ts";
import { getPage } from "#app/lib/content/content.server.ts";
import { compactRichText, RichText, richTextToPlainText } from "#app/lib/content/rich-text.tsx";
import { NOT_FOUND_MESSAGE } from "#app/lib/errors.ts";
import { artisanPath, brandPath } from "#app/lib/links.ts";
import { isProvinceVisitor } from "#app/lib/order-mode/province.ts";
import { PAGE_TYPES, type PageTypeHandle } from "#app/lib/page-type.ts";
import { canonicalUrl, seoMeta } from "#app/lib/seo.ts";
import catalogueStyles from "#app/styles/catalogue.css?url";
import contentStyles from "#app/styles/content.css?url";
import type { Route } from "./+types/artisans-category";

/**
 * /nos-artisans/c/{slug}/ (storefront.md §2, ordering-and-server.md §2 "Link building"): a
 * department's artisans when the slug is a category, else the artisan's own page — an artisan's
 * one address, which every link to an artisan takes (`artisanPath`). The artisan's page shows
 * the portrait of its `pageArtisan` entry and a few of its brand's products.
 */
export const handle: PageTypeHandle = { pageType: PAGE_TYPES["nos-artisans"] };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: catalogueStyles },
  { rel: "stylesheet", href: contentStyles },
];

/** Products an artisan's page shows before 'Voir tous ses produits'. */
const ARTISAN_PAGE_PRODUCTS = 8;

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  if (!data) return [];
  if (data.kind === "artisan") return seoMeta(data.seo);
  return seoMeta({
    title: `Nos artisans : ${data.category.title} | Comptoir`,
    description: `Les artisans partenaires du Comptoir au rayon ${data.category.title}.`,
    canonical: data.canonical,
  });
};

function notFound(): never {
  throw new Response(NOT_FOUND_MESSAGE, { status: 404, statusText: "Not Found" });
}

type ArtisanFields = {
  name?: string;
  region?: string;
  quote?: string;
  story?: unknown;
  image?: unknown;
  brand?: { fields?: { slug?: unknown } };
  seoTitle?: string;
  seoDescription?: string;
};

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ref = await catalogueReference();
  const slug = params.category;
  // A department's slug first: the artisans list of /nos-artisans/c/ leads there.
  const category = ref.categories.get(slug);
  if (category) return departmentArtisans(ref, category, context);
  return artisanPage(ref, slug, request, context);
}

async function departmentArtisans(
  ref: CatalogueReference,
  category: { title: string; handle: string },
  context: Route.LoaderArgs["context"],
) {
  const vendors = await vendorsOfCollection(category.handle);
  if (!vendors) notFound();
  const selling = new Set(vendors);
  return {
    kind: "department" as const,
    category: { title: category.title, handle: category.handle },
    artisans: ref.brands
      .filter((brand) => brand.isArtisan && selling.has(brand.name))
      .map((brand) => ({
        handle: brand.handle,
        name: brand.name,
        image: brandLogo(brand.image),
        isArtisan: false,
        href: artisanPath(brand.handle),
      })),
    canonical: canonicalUrl(context, `/nos-artisans/c/${encodeURIComponent(category.handle)}/`),
  };
}

/**
 * An artisan's page: its portrait (`pageArtisan`) and its brand's first products. The slug is
 * the artisan brand's handle; a page exists when either the portrait or the artisan brand does.
 */
async function artisanPage(
  ref: CatalogueReference,
  slug: string,
  request: Request,
  context: Route.LoaderArgs["context"],
) {
  const entry = await getPage("pageArtisan", slug);
  const fields = (entry?.fields ?? {}) as ArtisanFields;
  const brandHandle = text(fields.brand?.fields?.slug) ?? slug;
  const brand = ref.brands.find((item) => item.isArtisan && item.handle === brandHandle);
  if (!entry && !brand) notFound();
  const name = text(fields.name) ?? brand?.name ?? slug;
  const products = brand
    ? (
        await brandProducts(brand, {
          first: ARTISAN_PAGE_PRODUCTS,
          province: isProvinceVisitor(request),
        })
      ).products
        .filter((product) => !product.tags.includes(ARCHIVE_TAG))
        .map((product) => toCardData(product))
    : [];
  const path = artisanPath(slug);
  return {
    kind: "artisan" as const,
    name,
    path,
    region: text(fields.region),
    quote: text(fields.quote),
    story: compactRichText(fields.story),
    portrait: pictureOf(fields.image, ""),
    brandHref: brand ? brandPath(brand.handle) : null,
    products,
    seo: {
      title: text(fields.seoTitle) ?? `${name}, artisan partenaire | Comptoir`,
      description:
        text(fields.seoDescription) ??
        (richTextToPlainText(fields.story) ||
          `${name}, artisan partenaire du Comptoir, et ses produits.`),
      canonical: canonicalUrl(context, path),
    },
  };
}

export default function ArtisanCategoryPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "artisan") return <ArtisanPage artisan={loaderData} />;
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

type ArtisanData = Extract<Route.ComponentProps["loaderData"], { kind: "artisan" }>;

function ArtisanPage({ artisan }: { artisan: ArtisanData }) {
  return (
    <div className="content-page">
      <Breadcrumbs
        crumbs={[
          { label: "Nos artisans", href: "/nos-artisans/" },
          { label: artisan.name, href: artisan.path },
        ]}
      />
      <article className="content-article artisan-page">
        <header className="content-article__header">
          <h1>{artisan.name}</h1>
          {artisan.region && <p className="content-page__intro">{artisan.region}</p>}
        </header>
        {artisan.portrait && (
          <Picture
            image={artisan.portrait}
            sizes="(min-width: 992px) 800px, 100vw"
            priority
            className="content-article__image"
          />
        )}
        {artisan.quote && (
          <blockquote className="artisan-page__quote">
            <p>{artisan.quote}</p>
          </blockquote>
        )}
        <RichText document={artisan.story} />
      </article>
      {artisan.products.length > 0 && (
        <section className="related-products" aria-labelledby="artisan-products-title">
          <h2 id="artisan-products-title">Ses produits</h2>
          <ul className="related-products__list">
            {artisan.products.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {artisan.brandHref && (
        <p className="product-grid__more">
          <Link to={artisan.brandHref} className="button">
            Voir tous ses produits
          </Link>
        </p>
      )}
    </div>
  );
}
