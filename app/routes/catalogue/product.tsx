import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { island } from "#app/components/layout/island.tsx";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "#app/components/listing/breadcrumbs.tsx";
import { TrackListing, TrackProductView } from "#app/components/privacy/tracking.tsx";
import { AddToCartForm } from "#app/components/product/add-to-cart-form.tsx";
import { Price } from "#app/components/product/price.tsx";
import { SoldByWeightPurchase } from "#app/components/product/sold-by-weight-purchase.tsx";
import {
  type ProductDetails,
  productByHandle,
  relatedProducts,
} from "#app/lib/catalogue/catalogue.server.ts";
import {
  AGE_LIMIT_TAG,
  ARCHIVE_TAG,
  alcoholNotice,
  cardState,
  quantityLabelOf,
  toCardData,
} from "#app/lib/catalogue/product.ts";
import { catalogueReference, deepestLineage } from "#app/lib/catalogue/reference.server.ts";
import { recordViewedProduct } from "#app/lib/catalogue/viewed-products.ts";
import { NOT_FOUND_MESSAGE } from "#app/lib/errors.ts";
import { plainText } from "#app/lib/format.ts";
import { categoryTrailPath, productPath } from "#app/lib/links.ts";
import { PAGE_TYPES, type PageTypeHandle } from "#app/lib/page-type.ts";
import { canonicalUrl, jsonLd } from "#app/lib/seo.ts";
import { shopOrigin } from "#app/lib/server-context.ts";
import productStyles from "#app/styles/product.css?url";
import { NUTRITION_ROWS } from "#platform/nutrition.ts";
import { catalogueStylesWith, seoMetaFrom } from "../content/content-head.ts";
import type { Route } from "./+types/product";

/**
 * The related products' cards sit below the fold: their code (the card, its cart, favourite and
 * list buttons) loads and hydrates when the row nears the viewport (decision 020).
 */
const RelatedRow = island(
  () => import("#app/components/product/product-card-row.tsx").then((m) => m.ProductCardRow),
  { near: "[aria-labelledby='related-title']" },
);

/**
 * The favourite heart and « Ajouter à une liste » show as the server wrote them; their code
 * comes once the page is idle, or at the shopper's first touch (a click on them is replayed).
 */
const ProductActions = island(
  () => import("#app/components/favourites/product-actions.tsx").then((m) => m.ProductActions),
  { idle: true },
);

/** The gallery's pictures show as the server wrote them; their thumbnails and zoom can wait. */
const ProductGallery = island(
  () => import("#app/components/product/product-gallery.tsx").then((m) => m.ProductGallery),
  { idle: true },
);

/** Renders nothing on the server; reads a cookie and fetches its cards once the page is idle. */
const RecentlyViewed = island(
  () => import("#app/components/product/recently-viewed.tsx").then((m) => m.RecentlyViewed),
  { idle: true },
);

/** The product page, /p/{handle}/ (storefront.md §2, issue: product page). */
export const handle: PageTypeHandle = { pageType: PAGE_TYPES["p-slug"] };

export const links: Route.LinksFunction = catalogueStylesWith(productStyles);

export const meta: Route.MetaFunction = seoMetaFrom((data) => ({ ...data.seo, type: "product" }));

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = params.slug ? await productByHandle(params.slug) : null;
  if (!found || found.product.tags.includes(ARCHIVE_TAG)) {
    throw new Response(NOT_FOUND_MESSAGE, { status: 404, statusText: "Not Found" });
  }
  const { product, details, descriptionHtml, seo } = found;
  const origin = shopOrigin(context);
  const path = productPath(product.handle);
  // Accueil / department / category… / the product: the deepest of the product's categories.
  const [reference, related] = await Promise.all([
    catalogueReference(),
    relatedProducts(found.relatedIds),
  ]);
  const lineage = deepestLineage(reference, found.collections);
  const crumbs: Crumb[] = [
    ...lineage.map((node, index) => ({
      label: node.title,
      href: categoryTrailPath(lineage.slice(0, index + 1).map((item) => item.handle)),
    })),
    { label: product.title, href: path },
  ];
  const canonical = canonicalUrl(context, path);
  const state = cardState(product);
  const pricePerKg = product.pricePerKg;
  const description = plainText(descriptionHtml);
  const brandName = product.marque?.name ?? product.vendor;
  const structured = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description,
    image: product.images.map((image) => new URL(image.url, origin).toString()),
    sku: product.variants[0]?.sku ?? undefined,
    gtin13: product.variants[0]?.barcode ?? undefined,
    brand: { "@type": "Brand", name: brandName },
    offers: {
      "@type": "Offer",
      url: canonical,
      priceCurrency: product.currency,
      price: (state.price / 100).toFixed(2),
      availability: state.available
        ? "https://schema.org/InStock"
        : "https://schema.org/OutOfStock",
      // Sold by weight: the lightest weight's price, and the price of a kilogram.
      ...(pricePerKg !== null && {
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: (pricePerKg / 100).toFixed(2),
          priceCurrency: product.currency,
          referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "KGM" },
        },
      }),
    },
  };
  return {
    product,
    details,
    descriptionHtml,
    state,
    quantityLabel: quantityLabelOf(product),
    cutBy: pricePerKg !== null ? cutByOf(lineage[0]?.handle) : null,
    ageLimit: product.tags.includes(AGE_LIMIT_TAG),
    related: related.map((item) => toCardData(item)),
    productLd: jsonLd(structured),
    crumbs,
    breadcrumbLd: jsonLd(breadcrumbJsonLd(crumbs, origin)),
    seo: {
      title: seo.title ?? `${product.title} – ${brandName} | Comptoir`,
      description: seo.description ?? description ?? product.title,
      canonical,
      image: product.featuredImage ? new URL(product.featuredImage.url, origin).toString() : null,
    },
  };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, details, state } = loaderData;
  const brand = product.marque;
  // A view counts once the page is shown; the "recently viewed" row, an island, reads it later.
  useEffect(() => recordViewedProduct(product.handle), [product.handle]);
  return (
    <article className="product-page">
      <Breadcrumbs crumbs={loaderData.crumbs} />
      <div className="product-page__top">
        <ProductGallery images={product.images} title={product.title} />
        <div className="product-page__summary">
          {brand ? (
            <Link to={`/m/${encodeURIComponent(brand.handle)}/`} className="product-page__brand">
              {brand.name}
            </Link>
          ) : (
            <p className="product-page__brand">{product.vendor}</p>
          )}
          <h1 className="product-page__title">{product.title}</h1>
          {(product.discountLabel || product.gamme || product.labels.length > 0) && (
            <ul className="product-page__badges" aria-label="Particularités">
              {product.discountLabel && (
                <li className="badge badge--accent">{product.discountLabel}</li>
              )}
              {product.gamme && <li className="badge">{product.gamme}</li>}
              {product.labels.map((label) => (
                <li key={label.handle} className="badge">
                  {label.title}
                </li>
              ))}
            </ul>
          )}
          {product.pricePerKg !== null ? (
            <SoldByWeightPurchase
              variants={product.variants}
              state={state}
              maxQuantity={product.max_quantity}
              title={product.title}
              card={toCardData(product)}
              pricePerKg={product.pricePerKg}
              cutBy={loaderData.cutBy ?? CUT_AT_THE_COUNTER}
            />
          ) : (
            <>
              <Price
                price={state.price}
                previousPrice={state.previousPrice}
                struck={state.unavailable}
                className="price product-page__price"
              />
              {(loaderData.quantityLabel || product.price_unit) && (
                <p className="product-page__unit">
                  {[loaderData.quantityLabel, product.price_unit].filter(Boolean).join(" · ")}
                </p>
              )}
              <AddToCartForm
                variants={product.variants}
                state={state}
                maxQuantity={product.max_quantity}
                title={product.title}
                card={toCardData(product)}
              />
            </>
          )}
          <ProductActions
            productId={product.id}
            title={product.title}
            className="product-page__actions"
          />
          {product.alcohol && (
            <p className="product-page__notice">{alcoholNotice(product.alcohol)}</p>
          )}
          {loaderData.ageLimit && (
            <p className="product-page__notice">
              La vente d'alcool est interdite aux mineurs de moins de 18 ans.
            </p>
          )}
        </div>
      </div>

      <div className="product-page__details">
        {loaderData.descriptionHtml && (
          <Section title="Description">
            <div
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeRichHtml in catalogue.server.ts
              dangerouslySetInnerHTML={{ __html: loaderData.descriptionHtml }}
            />
          </Section>
        )}
        {details.origin && (
          <Section title="Origine">
            <p>{details.origin}</p>
          </Section>
        )}
        {(details.ingredients || loaderData.quantityLabel) && (
          <Section title="Ingrédients et composition">
            {details.ingredients && (
              <p className="product-page__multiline">{emphasiseAllergens(details.ingredients)}</p>
            )}
            {product.pricePerKg !== null ? (
              <p>{`Quantité nette : le poids choisi (${weightList(product.variants.map((variant) => variant.title))})`}</p>
            ) : (
              loaderData.quantityLabel && <p>Quantité nette : {loaderData.quantityLabel}</p>
            )}
          </Section>
        )}
        <NutritionTable
          nutrition={details.nutrition}
          exemption={details.nutritionExemption}
          per={liquid(product.unit) ? "100 ml" : "100 g"}
        />
        {(product.allergens.length > 0 || details.allergenAlert) && (
          <Section title="Allergènes">
            {product.allergens.length > 0 && (
              <ul className="product-page__list">
                {product.allergens.map((allergen) => (
                  <li key={allergen.handle}>{allergen.title}</li>
                ))}
              </ul>
            )}
            {details.allergenAlert && <p>{details.allergenAlert}</p>}
          </Section>
        )}
        {(product.labels.length > 0 || product.regimes.length > 0) && (
          <Section title="Labels et régimes">
            <ul className="product-page__list">
              {[...product.labels, ...product.regimes].map((item) => (
                <li key={item.id}>{item.title}</li>
              ))}
            </ul>
          </Section>
        )}
        {(details.conservation || details.durability) && (
          <Section title="Conservation">
            {details.conservation && (
              <p className="product-page__multiline">{details.conservation}</p>
            )}
            {details.durability && <p className="product-page__multiline">{details.durability}</p>}
          </Section>
        )}
      </div>

      {loaderData.related.length > 0 && (
        <section className="related-products" aria-labelledby="related-title">
          <h2 id="related-title">Vous aimerez aussi</h2>
          <RelatedRow products={loaderData.related} />
        </section>
      )}
      <RecentlyViewed handle={product.handle} />
      <TrackProductView product={{ ...product, brand: brand?.name ?? product.vendor, state }} />
      <TrackListing
        list="produits-associes"
        products={loaderData.related}
        within="[aria-labelledby='related-title']"
      />
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, escaped by jsonLd()
        dangerouslySetInnerHTML={{ __html: loaderData.productLd }}
      />
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, escaped by jsonLd()
        dangerouslySetInnerHTML={{ __html: loaderData.breadcrumbLd }}
      />
    </article>
  );
}

/** Who cuts a product sold by weight, by its department. */
const CUT_AT_THE_COUNTER = "Coupé à la demande au comptoir.";
const CUT_BY: Record<string, string> = {
  fromagerie: "Coupé à la demande par notre fromager.",
  "boucherie-charcuterie": "Coupé à la demande par notre boucher.",
};

function cutByOf(department: string | undefined): string {
  return (department && CUT_BY[department]) || CUT_AT_THE_COUNTER;
}

/** `250 g, 500 g ou 1 kg`. */
function weightList(titles: readonly string[]): string {
  if (titles.length < 2) return titles.join("");
  return `${titles.slice(0, -1).join(", ")} ou ${titles.at(-1)}`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="product-page__section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** Centilitres and litres are volumes: their declaration is per 100 ml. */
function liquid(unit: string | null) {
  return unit === "cl" || unit === "l" || unit === "ml";
}

/** The list of ingredients with its allergens, written `_blé_`, in bold (INCO, article 21). */
function emphasiseAllergens(ingredients: string): ReactNode[] {
  let offset = 0;
  return ingredients.split(/_([^_\n]+)_/).map((part, index) => {
    const emphasised = index % 2 === 1;
    const at = offset;
    offset += part.length + (emphasised ? 2 : 0);
    return emphasised ? <strong key={at}>{part}</strong> : part;
  });
}

function NutritionTable({
  nutrition,
  exemption,
  per,
}: {
  nutrition: ProductDetails["nutrition"];
  exemption: string | null;
  per: string;
}) {
  const rows = NUTRITION_ROWS.filter(({ key }) => nutrition[key]);
  if (rows.length === 0) {
    return exemption ? (
      <Section title="Valeurs nutritionnelles">
        <p>{exemption}</p>
      </Section>
    ) : null;
  }
  return (
    <Section title="Valeurs nutritionnelles">
      <table className="nutrition-table">
        <caption>{`Valeurs moyennes pour ${per}`}</caption>
        <tbody>
          {rows.map(({ key, label }) => (
            <tr
              key={key}
              className={label.startsWith("dont ") ? "nutrition-table__part" : undefined}
            >
              <th scope="row">{label}</th>
              <td>{nutrition[key]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
