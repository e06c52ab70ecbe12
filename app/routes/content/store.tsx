import { Picture } from "#app/components/content/blocks.tsx";
import { Breadcrumbs } from "#app/components/listing/breadcrumbs.tsx";
import { pictureOf } from "#app/lib/content/blocks.ts";
import { getPage, SHOP_PAGE_SLUG } from "#app/lib/content/content.server.ts";
import { shopFactsData } from "#app/lib/content/shop-facts.server.ts";
import { factTexts, fillFacts, openingHoursRows } from "#app/lib/content/shop-facts.ts";
import { NOT_FOUND_MESSAGE } from "#app/lib/errors.ts";
import { PAGE_TYPES, type PageTypeHandle } from "#app/lib/page-type.ts";
import { canonicalUrl, jsonLd } from "#app/lib/seo.ts";
import { shopOrigin } from "#app/lib/server-context.ts";
import { organizationJsonLd, shopIdentity } from "#platform/shop-identity.ts";
import type { Route } from "./+types/store";
import { contentLinks, seoMetaFrom } from "./content-head.ts";

/**
 * The stores page, /magasin/: each store of the ordering service — the stores the order-mode
 * modal offers — with its address, phone, services and opening hours from the service's data, the
 * delivered area from the delivery zones, and the `shop_page` entry's title, prose (whose fact
 * tokens are filled, app/lib/content/shop-facts.ts) and pictures; GroceryStore JSON-LD for each store,
 * belonging to the shop's one Organization. The map is a link to OpenStreetMap, not an embed: a
 * page load sends no request off the machine.
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
  images?: unknown[];
  seoTitle?: string;
  seoDescription?: string;
};

/** A French phone number as a `tel:` link: +33 and the digits without the leading 0. */
function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("0") ? `+33${digits.slice(1)}` : digits}`;
}

/** `+33 1 42 68 10 10` → `01 42 68 10 10`, as French shoppers read a number. */
function nationalForm(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  if (!digits.startsWith("+33")) return phone;
  return `0${digits.slice(3)}`.replace(/(\d{2})(?=\d)/g, "$1 ");
}

const SCHEMA_DAYS: Record<string, string> = {
  Monday: "https://schema.org/Monday",
  Tuesday: "https://schema.org/Tuesday",
  Wednesday: "https://schema.org/Wednesday",
  Thursday: "https://schema.org/Thursday",
  Friday: "https://schema.org/Friday",
  Saturday: "https://schema.org/Saturday",
  Sunday: "https://schema.org/Sunday",
};

export async function loader({ context }: Route.LoaderArgs) {
  const [entry, data] = await Promise.all([getPage("shop_page", SHOP_PAGE_SLUG), shopFactsData()]);
  if (!entry) throw new Response(NOT_FOUND_MESSAGE, { status: 404, statusText: "Not Found" });
  const facts = factTexts(data);
  const fields = fillFacts(entry.fields, facts) as ShopFields;
  const title = fields.title?.trim() || "Nos magasins";
  const images = (fields.images ?? []).flatMap((asset) => pictureOf(asset) ?? []);
  const canonical = canonicalUrl(context, "/magasin/");
  const origin = shopOrigin(context);
  const identity = shopIdentity();
  const stores = data.stores
    .filter((store) => store.pickupEnabled || store.deliveryEnabled)
    .map((store, index) => ({
      id: `magasin-${index + 1}`,
      name: store.name,
      addressLines: [store.address.line1, `${store.address.postcode} ${store.address.city}`],
      phone: store.phone ? nationalForm(store.phone) : null,
      services: [
        ...(store.pickupEnabled ? ["Retrait en magasin"] : []),
        ...(store.deliveryEnabled ? ["Livraison à domicile"] : []),
      ],
      hours: openingHoursRows(store.openingHours),
      mapHref:
        store.latitude !== null && store.longitude !== null
          ? `https://www.openstreetmap.org/?mlat=${store.latitude}&mlon=${store.longitude}#map=17/${store.latitude}/${store.longitude}`
          : null,
      ld: {
        "@type": "GroceryStore",
        name: store.name,
        url: canonical,
        ...(store.phone ? { telephone: store.phone } : {}),
        address: {
          "@type": "PostalAddress",
          streetAddress: store.address.line1,
          postalCode: store.address.postcode,
          addressLocality: store.address.city,
          addressCountry: "FR",
        },
        ...(store.latitude !== null && store.longitude !== null
          ? {
              geo: {
                "@type": "GeoCoordinates",
                latitude: store.latitude,
                longitude: store.longitude,
              },
            }
          : {}),
        openingHoursSpecification: store.openingHours.map((period) => ({
          "@type": "OpeningHoursSpecification",
          dayOfWeek: SCHEMA_DAYS[period.day] ?? period.day,
          opens: period.start,
          closes: period.end,
        })),
        parentOrganization: organizationJsonLd(identity, origin),
        ...(images[0] ? { image: new URL(images[0].url, origin).toString() } : {}),
      },
    }));
  const delivers = data.stores.some((store) => store.deliveryEnabled);
  return {
    title,
    intro: fields.intro?.trim() || null,
    stores: stores.map(({ ld: _, ...store }) => store),
    delivery: delivers
      ? {
          area: facts["delivery.area"] ?? "",
          paris: facts["delivery.paris"] ?? "",
          suburbs: facts["delivery.suburbs"] ?? "",
          fees: facts["delivery.fees"] ?? "",
          thresholds: facts["delivery.thresholds"] ?? "",
          hours: facts["delivery.hours"] ?? "",
          leadTime: facts["order.leadTime"] ?? "",
          slotLength: facts["slot.length"] ?? "",
        }
      : null,
    images,
    storeLd: jsonLd({
      "@context": "https://schema.org",
      "@graph": stores.map((store) => store.ld),
    }),
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
        {data.stores.map((store) => (
          <section key={store.id} className="store__card" aria-labelledby={store.id}>
            <h2 id={store.id}>{store.name}</h2>
            <address>
              {store.addressLines.map((line) => (
                <span key={line} className="store__line">
                  {line}
                </span>
              ))}
              {store.phone && (
                <span className="store__line">
                  Téléphone : <a href={telHref(store.phone)}>{store.phone}</a>
                </span>
              )}
            </address>
            <p className="store__services">{store.services.join(" · ")}</p>
            <table className="store__hours">
              <caption className="visually-hidden">Horaires d'ouverture de {store.name}</caption>
              <tbody>
                {store.hours.map((row) => (
                  <tr key={row.days}>
                    <th scope="row">{row.days}</th>
                    <td>{row.hours}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {store.mapHref && (
              <p>
                <a
                  href={store.mapHref}
                  rel="noopener noreferrer"
                  className="button button--outline"
                >
                  Voir le plan
                  <span className="visually-hidden">
                    {" "}
                    de {store.name} (OpenStreetMap, nouveau site)
                  </span>
                </a>
              </p>
            )}
          </section>
        ))}
      </div>
      {data.delivery && (
        <section className="store__delivery" aria-labelledby="store-delivery">
          <h2 id="store-delivery">Livraison à domicile</h2>
          <p>
            Nous livrons {data.delivery.area} : {data.delivery.paris} et {data.delivery.suburbs}.
          </p>
          <p>
            Créneaux {data.delivery.slotLength} : {data.delivery.hours}. Commandez au plus tard{" "}
            {data.delivery.leadTime} avant votre créneau. Frais de livraison : {data.delivery.fees}.
          </p>
          <p>Minimum de commande et livraison offerte : {data.delivery.thresholds}.</p>
        </section>
      )}
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
