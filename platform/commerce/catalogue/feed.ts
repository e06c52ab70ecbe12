import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { CUSTOM_NAMESPACE } from "#platform/commerce/catalogue/metafields.ts";
import {
  commerceImage,
  commerceMetafield,
  commerceMetaobject,
  commerceProduct,
  commerceVariant,
} from "#platform/commerce/catalogue/schema.ts";

/**
 * The product feed for marketplaces and ads: a CSV for the office (Excel-friendly) and a
 * Google-Merchant-style RSS feed. Archived products and those hidden from search are left out.
 * Both are streamed: products are read in batches by id (keyset), so a 100 000-product catalogue
 * never sits in memory at once, and the first bytes leave before the last products are read.
 */

/** Products read per query. */
export const FEED_BATCH_SIZE = 500;
/** Merchant feeds take at most 5 000 characters of description. */
const MAX_DESCRIPTION = 5000;

export type FeedItem = {
  id: number;
  handle: string;
  title: string;
  description: string;
  brand: string;
  sku: string | null;
  gtin: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  available: boolean;
  /** Path under the shop, e.g. `/cdn/images/products/x-1.svg`, or null. */
  imageUrl: string | null;
};

type FeedRow = {
  id: number;
  handle: string;
  title: string;
  vendor: string;
  description_html: string;
  available_for_sale: boolean;
  sku: string | null;
  barcode: string | null;
  price_cents: number | null;
  compare_at_price_cents: number | null;
  image_url: string | null;
  brand: string | null;
};

/** One batch of the feed's products after the id `after`, by id. */
async function feedBatch(db: Db, after: number, size: number): Promise<FeedItem[]> {
  const result = await db.execute(sql`
    select p.id, p.handle, p.title, p.vendor, p.description_html, p.available_for_sale,
      v.sku, v.barcode, v.price_cents, v.compare_at_price_cents,
      (select i.url from ${commerceImage} i where i.product_id = p.id
        order by i.position, i.id limit 1) as image_url,
      (select f.value ->> 'value'
        from ${commerceMetafield} m
          join ${commerceMetaobject} o
            on o.id::text = substring(m.value from '/Metaobject/([0-9]+)$')
          cross join lateral jsonb_array_elements(o.fields) as f(value)
        where m.owner_type = 'PRODUCT' and m.owner_id = p.id and m.namespace = ${CUSTOM_NAMESPACE}
          and m.key = 'marque' and f.value ->> 'key' = 'name'
        limit 1) as brand
    from ${commerceProduct} p
      left join lateral (
        select sku, barcode, price_cents, compare_at_price_cents from ${commerceVariant}
        where product_id = p.id order by position, id limit 1
      ) v on true
    where p.id > ${after} and not p.archived and not p.hide_in_search
    order by p.id
    limit ${size}`);
  return (result as unknown as { rows: FeedRow[] }).rows.map((row) => ({
    id: Number(row.id),
    handle: row.handle,
    title: row.title,
    description: plainText(row.description_html).slice(0, MAX_DESCRIPTION),
    brand: row.brand || row.vendor,
    sku: row.sku,
    gtin: row.barcode,
    priceCents: Number(row.price_cents ?? 0),
    compareAtPriceCents:
      row.compare_at_price_cents === null ? null : Number(row.compare_at_price_cents),
    available: Boolean(row.available_for_sale),
    imageUrl: row.image_url,
  }));
}

/** Every product of the feed, batch after batch. */
export async function* feedItems(
  db: Db,
  options: { batchSize?: number } = {},
): AsyncGenerator<FeedItem[]> {
  const size = options.batchSize ?? FEED_BATCH_SIZE;
  let after = 0;
  for (;;) {
    const batch = await feedBatch(db, after, size);
    if (batch.length > 0) yield batch;
    if (batch.length < size) return;
    after = batch[batch.length - 1]?.id ?? after;
  }
}

/** How many products the feed holds. */
export async function feedSize(db: Db): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as total from ${commerceProduct} where not archived and not hide_in_search`,
  );
  return Number((result as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0);
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** Plain text of a description: tags dropped, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith("#")) {
        const code =
          name[1]?.toLowerCase() === "x"
            ? Number.parseInt(name.slice(2), 16)
            : Number(name.slice(1));
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff
          ? String.fromCodePoint(code)
          : " ";
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}

// ---------------------------------------------------------------------------------------------
// CSV

export const CSV_HEADERS = [
  "Identifiant",
  "Handle",
  "Titre",
  "Description",
  "Marque",
  "SKU",
  "GTIN",
  "Prix",
  "Prix barré",
  "Disponibilité",
  "Lien",
  "Image",
];

/**
 * One CSV cell: quoted when it holds the separator, a quote or a line break, and defused when
 * it starts like a spreadsheet formula (`=`, `+`, `-`, `@`, tab, CR) so opening the file in
 * Excel never runs one (OWASP CSV injection).
 */
export function csvCell(value: string): string {
  const safe =
    /^[=+\-@\t\r]/.test(value) && !/^-?\d+(?:[.,]\d+)?$/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** `1250` → `12,50`: the decimal comma a French Excel reads as a number. */
const frenchAmount = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

function saleCents(item: FeedItem): number | null {
  return item.compareAtPriceCents !== null && item.compareAtPriceCents > item.priceCents
    ? item.compareAtPriceCents
    : null;
}

function csvLine(item: FeedItem, origin: string): string {
  const compareAt = saleCents(item);
  return `${[
    String(item.id),
    item.handle,
    item.title,
    item.description,
    item.brand,
    item.sku ?? "",
    item.gtin ?? "",
    frenchAmount(item.priceCents),
    compareAt === null ? "" : frenchAmount(compareAt),
    item.available ? "en stock" : "épuisé",
    `${origin}/p/${item.handle}/`,
    item.imageUrl ? `${origin}${item.imageUrl}?height=950` : "",
  ]
    .map(csvCell)
    .join(";")}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// XML

// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters.
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text as XML content or attribute: the five special characters escaped, forbidden ones dropped. */
export function xmlText(value: string): string {
  return value
    .replace(XML_FORBIDDEN, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** `1250` → `12.50 EUR`, as Merchant Center reads prices. */
const merchantPrice = (cents: number) => `${(cents / 100).toFixed(2)} EUR`;

function xmlItem(item: FeedItem, origin: string): string {
  const compareAt = saleCents(item);
  const fields: [string, string | null][] = [
    ["g:id", String(item.id)],
    ["g:title", item.title],
    ["g:description", item.description],
    ["g:link", `${origin}/p/${item.handle}/`],
    ["g:image_link", item.imageUrl ? `${origin}${item.imageUrl}?height=950` : null],
    ["g:availability", item.available ? "in_stock" : "out_of_stock"],
    // With a compare-at price, it is the regular price and the current one is the sale price.
    ["g:price", merchantPrice(compareAt ?? item.priceCents)],
    ["g:sale_price", compareAt === null ? null : merchantPrice(item.priceCents)],
    ["g:brand", item.brand || null],
    ["g:gtin", item.gtin],
    ["g:mpn", item.sku],
    ["g:condition", "new"],
  ];
  const body = fields
    .filter((field): field is [string, string] => field[1] !== null && field[1] !== "")
    .map(([name, value]) => `<${name}>${xmlText(value)}</${name}>`)
    .join("");
  return `<item>${body}</item>\n`;
}

function xmlHead(origin: string, shopName: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    "<channel>",
    `<title>${xmlText(shopName)}</title>`,
    `<link>${xmlText(`${origin}/`)}</link>`,
    "<description>Flux produits</description>",
    "",
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// Streams

export type FeedFormat = "csv" | "xml";

export const FEED_CONTENT_TYPES: Record<FeedFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xml: "application/xml; charset=utf-8",
};

/**
 * The feed as a byte stream, read from the database as the consumer pulls it. `origin` makes
 * the links absolute (`https://shop.example`, no trailing slash).
 */
export function feedStream(
  db: Db,
  format: FeedFormat,
  options: { origin: string; shopName?: string; batchSize?: number },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const origin = options.origin.replace(/\/+$/, "");
  const batches = feedItems(db, { batchSize: options.batchSize });
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // The BOM tells Excel the CSV is UTF-8 (accents would be garbled otherwise).
        const head =
          format === "csv"
            ? `\ufeff${CSV_HEADERS.map(csvCell).join(";")}\r\n`
            : xmlHead(origin, options.shopName ?? "Comptoir");
        controller.enqueue(encoder.encode(head));
        return;
      }
      const next = await batches.next();
      if (next.done) {
        if (format === "xml") controller.enqueue(encoder.encode("</channel>\n</rss>\n"));
        controller.close();
        return;
      }
      const line = format === "csv" ? csvLine : xmlItem;
      controller.enqueue(encoder.encode(next.value.map((item) => line(item, origin)).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/** The download name of a feed: `produits-2026-11-22.csv`. */
export function feedFileName(format: FeedFormat, now: Date): string {
  return `produits-${now.toISOString().slice(0, 10)}.${format}`;
}

/** The feed as a download, streamed: shared by the API and the admin area's export screen. */
export function feedResponse(
  deps: { database: { db: Db } },
  format: FeedFormat,
  origin: string,
  now = new Date(),
): Response {
  return new Response(feedStream(deps.database.db, format, { origin }), {
    headers: {
      "Content-Type": FEED_CONTENT_TYPES[format],
      "Content-Disposition": `attachment; filename="${feedFileName(format, now)}"`,
      "Cache-Control": "no-store",
    },
  });
}
