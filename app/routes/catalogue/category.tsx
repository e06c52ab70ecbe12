import { Link } from "react-router";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "#app/components/listing/breadcrumbs.tsx";
import { ListingFilters } from "#app/components/listing/listing-filters.tsx";
import { ProductGrid } from "#app/components/listing/product-grid.tsx";
import { TrackListing } from "#app/components/privacy/tracking.tsx";
import { collectionPage } from "#app/lib/catalogue/catalogue.server.ts";
import { excludedAllergens, filterView, toProductFilters } from "#app/lib/catalogue/filters.ts";
import {
  categoryPageSize,
  listingView,
  PARAM,
  readListingParams,
} from "#app/lib/catalogue/listing.ts";
import { imageAtHeight, localImageUrl } from "#app/lib/catalogue/product.ts";
import {
  type CatalogueReference,
  type CategoryNode,
  catalogueReference,
  categoryLineage,
} from "#app/lib/catalogue/reference.server.ts";
import { getPage } from "#app/lib/content/content.server.ts";
import { NOT_FOUND_MESSAGE } from "#app/lib/errors.ts";
import { categoryTrailPath, linkTo } from "#app/lib/links.ts";
import { isProvinceVisitor } from "#app/lib/order-mode/province.ts";
import { categoryPageType, type PageTypeHandle } from "#app/lib/page-type.ts";
import { pageUrl } from "#app/lib/page-url.ts";
import { canonicalUrl, jsonLd, seoMeta } from "#app/lib/seo.ts";
import { shopOrigin } from "#app/lib/server-context.ts";
import catalogueStyles from "#app/styles/catalogue.css?url";
import type { Route } from "./+types/category";

/**
 * Category pages at three levels: /c/{top}/, /c/{top}/{sub}/, /c/{top}/{sub}/{subsub}/. Each
 * segment is a collection handle; the last one is the page's collection, the others must be its
 * ancestors (collection metafields `category_parent`, `category_grand_parent`).
 */
export const handle: PageTypeHandle = { pageType: categoryPageType };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data
    ? seoMeta({
        title: data.seo.title,
        description: data.seo.description,
        canonical: data.seo.canonical,
        image: data.category.image?.url ?? null,
      })
    : [];

function notFound(): never {
  throw new Response(NOT_FOUND_MESSAGE, { status: 404, statusText: "Not Found" });
}

function categoryUrl(handles: string[]): string {
  return categoryTrailPath(handles);
}

/**
 * Push blocks shown in the grid (each takes two products' room): the category page's `push`
 * banner from the content service, else the collection's own push fields.
 */
function pushCountOf(node: CategoryNode | undefined, contentPush: Push | null): number {
  return contentPush || node?.hasPush ? 1 : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function textField(fields: Record<string, unknown>, name: string): string | null {
  const value = fields[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

function assetUrlOf(value: unknown): string | null {
  if (!isRecord(value) || !isRecord(value.fields) || !isRecord(value.fields.file)) return null;
  const url = value.fields.file.url;
  return typeof url === "string" && url !== "" ? localImageUrl(url) : null;
}

/**
 * The push banner of a top category's content page (`pageCategorie.push`, docs/content.md), or
 * null. Sub-category pages have no push in the content model.
 */
async function contentPushOf(node: CategoryNode | undefined, handle: string): Promise<Push | null> {
  if (node?.parent) return null;
  const page = await getPage("pageCategorie", handle);
  const banner = page?.fields.push;
  if (!isRecord(banner) || !isRecord(banner.fields)) return null;
  const title = textField(banner.fields, "title");
  if (!title) return null;
  const link = linkTo(banner as Parameters<typeof linkTo>[0]);
  return {
    title,
    subtitle: textField(banner.fields, "subtitle"),
    text: textField(banner.fields, "text"),
    link: link === "/" ? null : link,
    image: assetUrlOf(banner.fields.image),
    mobileImage: assetUrlOf(banner.fields.mobile_image),
  };
}

/** Links to the category's children, or to its siblings when it has none. */
function subcategoryLinks(ref: CatalogueReference, lineage: CategoryNode[]) {
  const current = lineage.at(-1);
  if (!current) return [];
  const own = current.children.length > 0;
  const base = own ? lineage : lineage.slice(0, -1);
  const parent = base.at(-1);
  if (!parent) return [];
  return parent.children.flatMap((childHandle) => {
    const child = ref.categories.get(childHandle);
    if (!child) return [];
    return [
      {
        title: child.title,
        href: categoryUrl([...base.map((node) => node.handle), child.handle]),
        current: child.handle === current.handle,
      },
    ];
  });
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const handles = [params.slug, params.subcat, params.subsubcat].filter((value): value is string =>
    Boolean(value),
  );
  const handle = handles.at(-1);
  if (!handle) notFound();
  // The page's address, not the data request's: listing links are built from it.
  const url = pageUrl(request);
  const listingParams = readListingParams(url.searchParams);
  const ref = await catalogueReference();
  const node = ref.categories.get(handle);
  const contentPush = await contentPushOf(node, handle);
  const size = categoryPageSize(pushCountOf(node, contentPush));
  const page = await collectionPage(handle, {
    first: size,
    after: listingParams.after,
    filters: toProductFilters(listingParams, ref),
    excludeAllergens: excludedAllergens(listingParams, ref),
    sort: listingParams.sort,
    province: isProvinceVisitor(request),
  });
  if (!page) notFound();
  const fields = page.collection.metafields;
  // A deeper URL must name the collection's real ancestors; /c/{handle}/ alone is accepted.
  if (handles.length > 1) {
    const expected = [fields.category_grand_parent ?? null, fields.category_parent ?? null]
      .filter(Boolean)
      .concat(handle);
    if (expected.join("/") !== handles.join("/")) notFound();
  }

  const lineage = node ? categoryLineage(ref, handle) : [];
  const lineageHandles = lineage.length > 0 ? lineage.map((item) => item.handle) : handles;
  const path = categoryUrl(lineageHandles);
  const crumbs: Crumb[] = (lineage.length > 0 ? lineage : []).map((item, index) => ({
    label: item.title,
    href: categoryUrl(lineageHandles.slice(0, index + 1)),
  }));
  if (crumbs.length === 0) crumbs.push({ label: page.collection.title, href: path });

  const firstPage = !listingParams.after;
  const push: Push | null = !firstPage
    ? null
    : (contentPush ??
      (pushCountOf(node, null) > 0 && fields.push_title
        ? {
            title: fields.push_title,
            subtitle: fields.push_subtitle ?? null,
            text: fields.push_text ?? null,
            link: fields.push_link ?? null,
            image: fields.push_image ? localImageUrl(fields.push_image) : null,
            mobileImage: fields.push_mobile_image ? localImageUrl(fields.push_mobile_image) : null,
          }
        : null));
  const stateSearch = new URLSearchParams(url.searchParams);
  stateSearch.delete(PARAM.after);
  const canonical = canonicalUrl(context, path);
  return {
    category: {
      title: page.collection.title,
      descriptionHtml: page.collection.descriptionHtml,
      image: page.collection.image
        ? { url: localImageUrl(page.collection.image.url), altText: page.collection.image.altText }
        : null,
      archivedText:
        fields.category_archived === "true" ? (fields.category_archived_text ?? "") : null,
    },
    crumbs,
    breadcrumbLd: jsonLd(breadcrumbJsonLd(crumbs, shopOrigin(context))),
    subcategories: node ? subcategoryLinks(ref, lineage) : [],
    push,
    filters: filterView(page.facets, listingParams, ref),
    stateKey: `${url.pathname}?${stateSearch}`,
    resetHref: url.pathname,
    listing: listingView(page, url),
    seo: {
      title: page.collection.seo.title ?? `${page.collection.title} | Comptoir`,
      description:
        page.collection.seo.description ?? page.collection.descriptionHtml ?? page.collection.title,
      canonical,
    },
  };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, crumbs, subcategories, push, filters, listing } = loaderData;
  return (
    <div className="listing-page">
      <Breadcrumbs crumbs={crumbs} />
      <header className="listing-page__header">
        <h1>{category.title}</h1>
        {category.descriptionHtml && (
          <div
            className="listing-page__intro"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeRichHtml in catalogue.server.ts
            dangerouslySetInnerHTML={{ __html: category.descriptionHtml }}
          />
        )}
      </header>
      {category.archivedText !== null && (
        <p className="listing-page__archived" role="status">
          {category.archivedText || "Cette catégorie n'est plus disponible."}
        </p>
      )}
      {subcategories.length > 0 && (
        <nav aria-label="Sous-catégories" className="subcategories">
          <ul>
            {subcategories.map((sub) => (
              <li key={sub.href}>
                <Link to={sub.href} aria-current={sub.current ? "page" : undefined}>
                  {sub.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <ListingFilters
        view={filters}
        resetHref={loaderData.resetHref}
        stateKey={loaderData.stateKey}
      />
      {listing.products.length === 0 ? (
        <EmptyListing resetHref={loaderData.resetHref} filtered={filters.activeCount > 0} />
      ) : (
        <ProductGrid
          key={loaderData.stateKey}
          listing={listing}
          label={`Produits : ${category.title}`}
          push={push ? <PushBlock push={push} /> : undefined}
        />
      )}
      <TrackListing list="categorie" title={category.title} products={listing.products} />
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, escaped by jsonLd()
        dangerouslySetInnerHTML={{ __html: loaderData.breadcrumbLd }}
      />
    </div>
  );
}

function EmptyListing({ resetHref, filtered }: { resetHref: string; filtered: boolean }) {
  return (
    <div className="listing-empty" role="status">
      <p>Aucun produit ne correspond à votre sélection.</p>
      {filtered && (
        <Link to={resetHref} className="button button--outline">
          Réinitialiser les filtres
        </Link>
      )}
    </div>
  );
}

type Push = {
  title: string;
  subtitle: string | null;
  text: string | null;
  link: string | null;
  image: string | null;
  mobileImage: string | null;
};

function PushBlock({ push }: { push: Push }) {
  const content = (
    <>
      {push.image && (
        <picture>
          {push.mobileImage && (
            <source media="(max-width: 991px)" srcSet={imageAtHeight(push.mobileImage, 450)} />
          )}
          <img
            src={imageAtHeight(push.image, 450)}
            alt=""
            width={800}
            height={450}
            // First in the grid, at the top of the page: the likely LCP image, fetched first and
            // painted with the first frame that can show it (as the product page's main image).
            fetchPriority="high"
            decoding="sync"
          />
        </picture>
      )}
      <span className="push-block__text">
        <span className="push-block__title">{push.title}</span>
        {push.subtitle && <span className="push-block__subtitle">{push.subtitle}</span>}
        {push.text && <span className="push-block__body">{push.text}</span>}
      </span>
    </>
  );
  return (
    <aside className="push-block" aria-label={push.title}>
      {push.link ? (
        <a href={push.link} className="push-block__link">
          {content}
        </a>
      ) : (
        content
      )}
    </aside>
  );
}
