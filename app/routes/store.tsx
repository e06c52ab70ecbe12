import { Picture } from "#app/components/content/blocks.tsx";
import { Breadcrumbs } from "#app/components/listing/breadcrumbs.tsx";
import { getPage, SHOP_PAGE_SLUG } from "#app/lib/content.server.ts";
import { pictureOf } from "#app/lib/content-blocks.ts";
import { NOT_FOUND_MESSAGE } from "#app/lib/errors.ts";
import { PAGE_TYPES, type PageTypeHandle } from "#app/lib/page-type.ts";
import { canonicalUrl, jsonLd } from "#app/lib/seo.ts";
import { shopOrigin } from "#app/lib/server-context.ts";
import type { Route } from "./+types/store";
import { contentLinks, seoMetaFrom } from "./content-head.ts";

/**
 * The store page, /magasin/: address, phone, e-mail, opening hours, how to get there, a map
 * link and pictures, from the `shop_page` entry; Store JSON-LD for search engines. The map is
 * a link to OpenStreetMap, not an embed: a page load sends no request off the machine.
 */
export const handle: PageTypeHandle = { pageType: PAGE_TYPES.magasin };

export const links: Route.LinksFunction = contentLinks;

export const meta: Route.MetaFunction = seoMetaFrom((data) => ({
  ...data.seo,
  image: data.images[0]?.url ?? null,
}));

type ShopFields = {
  title?: string;
  intro?: string;
  address?: string;
  phone?: string;
  email?: string;
  openingHours?: { days?: string; hours?: string }[];
  access?: { mode?: string; text?: string }[];
  location?: { lat?: number; lon?: number };
  images?: unknown[];
  seoTitle?: string;
  seoDescription?: string;
};

/** A French phone number as a `tel:` link: +33 and the digits without the leading 0. */
function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("0") ? `+33${digits.slice(1)}` : digits}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const entry = await getPage("shop_page", SHOP_PAGE_SLUG);
  if (!entry) throw new Response(NOT_FOUND_MESSAGE, { status: 404, statusText: "Not Found" });
  const fields = entry.fields as ShopFields;
  const title = fields.title?.trim() || "Le magasin";
  const addressLines = (fields.address ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const hours = (fields.openingHours ?? []).filter((row): row is { days: string; hours: string } =>
    Boolean(row.days && row.hours),
  );
  const access = (fields.access ?? []).filter((row): row is { mode: string; text: string } =>
    Boolean(row.mode && row.text),
  );
  const { lat, lon } = fields.location ?? {};
  const hasLocation = typeof lat === "number" && typeof lon === "number";
  const images = (fields.images ?? []).flatMap((asset) => pictureOf(asset) ?? []);
  const canonical = canonicalUrl(context, "/magasin/");
  const [street, ...rest] = addressLines;
  const postal = /^(\d{5})\s+(.+)$/.exec(rest.join(" "));
  const storeLd = {
    "@context": "https://schema.org",
    "@type": "GroceryStore",
    name: `Comptoir – ${title}`,
    url: canonical,
    ...(fields.phone ? { telephone: fields.phone } : {}),
    ...(fields.email ? { email: fields.email } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: street ?? "",
      ...(postal ? { postalCode: postal[1], addressLocality: postal[2] } : {}),
      addressCountry: "FR",
    },
    ...(hasLocation ? { geo: { "@type": "GeoCoordinates", latitude: lat, longitude: lon } } : {}),
    ...(images[0] ? { image: new URL(images[0].url, shopOrigin(context)).toString() } : {}),
  };
  return {
    title,
    intro: fields.intro?.trim() || null,
    addressLines,
    phone: fields.phone?.trim() || null,
    email: fields.email?.trim() || null,
    hours,
    access,
    mapHref: hasLocation
      ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`
      : null,
    images,
    storeLd: jsonLd(storeLd),
    seo: {
      title: fields.seoTitle?.trim() || `${title} | Comptoir`,
      description: fields.seoDescription?.trim() || fields.intro?.trim() || title,
      canonical,
    },
  };
}

export default function StorePage({ loaderData: data }: Route.ComponentProps) {
  return (
    <div className="content-page store">
      <Breadcrumbs crumbs={[{ label: "Le magasin", href: "/magasin/" }]} />
      <header className="content-article__header">
        <h1>{data.title}</h1>
        {data.intro && <p className="content-page__intro">{data.intro}</p>}
      </header>
      <div className="store__grid">
        <section className="store__card" aria-labelledby="store-address">
          <h2 id="store-address">Adresse et contact</h2>
          <address>
            {data.addressLines.map((line) => (
              <span key={line} className="store__line">
                {line}
              </span>
            ))}
            {data.phone && (
              <span className="store__line">
                Téléphone : <a href={telHref(data.phone)}>{data.phone}</a>
              </span>
            )}
            {data.email && (
              <span className="store__line">
                E-mail : <a href={`mailto:${data.email}`}>{data.email}</a>
              </span>
            )}
          </address>
          {data.mapHref && (
            <p>
              <a href={data.mapHref} rel="noopener noreferrer" className="button button--outline">
                Voir le plan<span className="visually-hidden"> (OpenStreetMap, nouveau site)</span>
              </a>
            </p>
          )}
        </section>
        {data.hours.length > 0 && (
          <section className="store__card" aria-labelledby="store-hours">
            <h2 id="store-hours">Horaires d'ouverture</h2>
            <table className="store__hours">
              <tbody>
                {data.hours.map((row) => (
                  <tr key={row.days}>
                    <th scope="row">{row.days}</th>
                    <td>{row.hours}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {data.access.length > 0 && (
          <section className="store__card" aria-labelledby="store-access">
            <h2 id="store-access">Venir au magasin</h2>
            <dl className="store__access">
              {data.access.map((row) => (
                <div key={row.mode}>
                  <dt>{row.mode}</dt>
                  <dd>{row.text}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
      </div>
      {data.images.length > 0 && (
        <section aria-labelledby="store-pictures" className="store__pictures">
          <h2 id="store-pictures">Le magasin en images</h2>
          <ul>
            {data.images.map((image, index) => (
              <li key={image.url}>
                <figure className="content-picture">
                  <Picture
                    image={image}
                    sizes="(min-width: 992px) 400px, 100vw"
                    priority={index === 0}
                  />
                  <figcaption>{image.alt}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      )}
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, escaped by jsonLd()
        dangerouslySetInnerHTML={{ __html: data.storeLd }}
      />
    </div>
  );
}
