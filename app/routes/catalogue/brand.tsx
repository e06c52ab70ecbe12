import { Link } from "react-router";
import { brandLogo } from "#app/components/brand/brand-tiles.tsx";
import { Breadcrumbs } from "#app/components/listing/breadcrumbs.tsx";
import { ProductGrid } from "#app/components/listing/product-grid.tsx";
import { SortForm } from "#app/components/listing/sort-form.tsx";
import { TrackListing } from "#app/components/privacy/tracking.tsx";
import { brandProducts, productByHandle } from "#app/lib/catalogue/catalogue.server.ts";
import {
  BRAND_PAGE_SIZE,
  listingView,
  PARAM,
  readListingParams,
} from "#app/lib/catalogue/listing.ts";
import { ARCHIVE_TAG, type StorefrontProduct } from "#app/lib/catalogue/product.ts";
import { catalogueReference } from "#app/lib/catalogue/reference.server.ts";
import { getPage } from "#app/lib/content/content.server.ts";
import { NOT_FOUND_MESSAGE } from "#app/lib/errors.ts";
import { isProvinceVisitor } from "#app/lib/order-mode/province.ts";
import { PAGE_TYPES, type PageTypeHandle } from "#app/lib/page-type.ts";
import { pageUrl } from "#app/lib/page-url.ts";
import { canonicalUrl, seoMeta } from "#app/lib/seo.ts";
import catalogueStyles from "#app/styles/catalogue.css?url";
import type { Route } from "./+types/brand";

/** A brand's page, /m/{handle}/: its header and its products, 48 a page. */
export const handle: PageTypeHandle = { pageType: PAGE_TYPES["m-slug"] };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data
    ? seoMeta({
        title: `${data.brand.name} | Comptoir`,
        description: `Tous les produits ${data.brand.name} au Comptoir, épicerie fine parisienne : livrés chez vous ou à retirer en boutique.`,
        canonical: data.canonical,
      })
    : [];

/**
 * The brand's merchandised products: the `selected_products` of its content page
 * (`pageMarque`), in the merchandiser's order, archived ones left out.
 */
async function merchandisedProducts(handle: string): Promise<StorefrontProduct[]> {
  const page = await getPage("pageMarque", handle);
  const selected = page?.fields.selected_products;
  if (!Array.isArray(selected)) return [];
  const handles = [
    ...new Set(
      selected.flatMap((entry: { fields?: { slug?: unknown } }) =>
        typeof entry?.fields?.slug === "string" ? [entry.fields.slug] : [],
      ),
    ),
  ].slice(0, BRAND_PAGE_SIZE);
  const found = await Promise.all(handles.map((item) => productByHandle(item)));
  return found.flatMap((item) =>
    item && !item.product.tags.includes(ARCHIVE_TAG) ? [item.product] : [],
  );
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ref = await catalogueReference();
  const brand = ref.brands.find((item) => item.handle === params.handle);
  if (!brand) throw new Response(NOT_FOUND_MESSAGE, { status: 404, statusText: "Not Found" });
  // The page's address, not the data request's: listing links are built from it.
  const url = pageUrl(request);
  const listingParams = readListingParams(url.searchParams);
  // Merchandised products open page 1 of the default order (ordering-and-server.md §9); the
  // API's pages leave them out so each product shows once over the pages.
  const merchandised =
    listingParams.sort === "default" ? await merchandisedProducts(brand.handle) : [];
  const firstPage = !listingParams.after;
  const apiPage = await brandProducts(brand, {
    first: firstPage ? Math.max(1, BRAND_PAGE_SIZE - merchandised.length) : BRAND_PAGE_SIZE,
    after: listingParams.after,
    sort: listingParams.sort,
    province: isProvinceVisitor(request),
  });
  const merchandisedIds = new Set(merchandised.map((product) => product.id));
  const page = {
    ...apiPage,
    products: [
      ...(firstPage ? merchandised : []),
      ...apiPage.products.filter((product) => !merchandisedIds.has(product.id)),
    ],
  };
  const stateSearch = new URLSearchParams(url.searchParams);
  stateSearch.delete(PARAM.after);
  return {
    brand: {
      name: brand.name,
      handle: brand.handle,
      isArtisan: brand.isArtisan,
      logo: brandLogo(brand.image),
    },
    sort: listingParams.sort,
    stateKey: `${url.pathname}?${stateSearch}`,
    canonical: canonicalUrl(context, `/m/${encodeURIComponent(brand.handle)}/`),
    listing: listingView(page, url),
  };
}

export default function BrandPage({ loaderData }: Route.ComponentProps) {
  const { brand, listing } = loaderData;
  return (
    <div className="listing-page">
      <Breadcrumbs
        crumbs={[
          brand.isArtisan
            ? { label: "Nos artisans", href: "/nos-artisans/" }
            : { label: "Nos marques", href: "/nos-marques/" },
          { label: brand.name, href: `/m/${brand.handle}/` },
        ]}
      />
      <header className="brand-header">
        {brand.logo && (
          <img src={brand.logo} alt="" width={320} height={180} className="brand-header__logo" />
        )}
        <div>
          <h1>{brand.name}</h1>
          {brand.isArtisan && (
            <p className="brand-header__tag">
              Artisan partenaire — <Link to="/nos-artisans/">découvrir nos artisans</Link>
            </p>
          )}
        </div>
      </header>
      <SortForm sort={loaderData.sort} />
      {listing.products.length === 0 ? (
        <p className="listing-empty" role="status">
          Aucun produit de cette marque n'est disponible pour le moment.
        </p>
      ) : (
        <ProductGrid key={loaderData.stateKey} listing={listing} label={`Produits ${brand.name}`} />
      )}
      <TrackListing list="marque" title={brand.name} products={listing.products} />
    </div>
  );
}
