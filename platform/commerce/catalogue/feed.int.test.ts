import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { insertMetaobjects, insertProducts } from "#platform/commerce/catalogue/catalogue.ts";
import { feedSize, feedStream } from "#platform/commerce/catalogue/feed.ts";
import type { ProductInput } from "#platform/commerce/catalogue/input.ts";
import { exportRoutes } from "#server/api/exports.ts";
import { testApiDependencies } from "#server/api/testing.ts";
import { testEnv } from "#server/test-env.ts";

let database: Database;
const ORIGIN = "https://comptoir.example";

const simple = (handle: string, extra: Partial<ProductInput> = {}): ProductInput => ({
  handle,
  title: `Produit ${handle}`,
  vendor: "Maison",
  variants: [{ priceCents: 500 }],
  ...extra,
});

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.transaction(async (tx) => {
    const [brand] = await insertMetaobjects(tx, [
      { type: "produit_marque", handle: "ruchers", fields: { name: "Les Ruchers & Fils" } },
    ]);
    await insertProducts(tx, [
      simple("miel-de-lavande", {
        title: "Miel de lavande",
        descriptionHtml: "<p>Un miel <strong>doux</strong> &amp; floral.</p>",
        variants: [
          {
            priceCents: 1190,
            compareAtPriceCents: 1250,
            sku: "MIEL-250",
            barcode: "3760000000017",
          },
        ],
        images: [{ url: "/cdn/images/products/miel-1.svg" }],
        metafields: { marque: brand?.gid },
      }),
      simple("pate-maison", {
        title: '=HYPERLINK("x") Pâté "maison" & <co>; bon',
        descriptionHtml: "Ligne 1\nLigne 2 \u0001 caché",
        variants: [{ priceCents: 850, availableForSale: false }],
      }),
      simple("archive", { tags: ["Archive"] }),
      simple("cache", { metafields: { hideInSearch: true } }),
      simple("c-1"),
      simple("c-2"),
      simple("c-3"),
    ]);
  });
});
afterAll(() => database?.close());

async function read(format: "csv" | "xml", batchSize = 2): Promise<string> {
  const bytes = await new Response(
    feedStream(database.db, format, { origin: `${ORIGIN}/`, batchSize }),
  ).arrayBuffer();
  // `Response.text()` would drop the byte-order mark this test wants to see.
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

/** Splits `;`-separated CSV with quoted cells (RFC 4180 quoting). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ";") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += char;
  }
  return rows;
}

/**
 * A well-formedness check for the feed's XML (no parser among the dependencies): every tag
 * closed in order, no raw `<` or `&` in text, only the five XML entities.
 */
function assertWellFormed(xml: string) {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, "");
  const stack: string[] = [];
  for (const token of body.split(/(<[^>]*>)/).filter(Boolean)) {
    if (token.startsWith("</")) {
      expect(stack.pop()).toBe(token.slice(2, -1));
    } else if (token.startsWith("<")) {
      expect(token).toMatch(/^<[a-z:_]+(?: [a-z:_]+="[^"<&]*")*>$/);
      stack.push(/^<([a-z:_]+)/.exec(token)?.[1] ?? "");
    } else {
      expect(token).not.toMatch(/<|&(?!(amp|lt|gt|quot|apos);)/);
    }
  }
  expect(stack).toEqual([]);
}

describe("the product feed", () => {
  it("writes an Excel-friendly CSV, escaping quotes, separators and formulas", async () => {
    const text = await read("csv");
    expect(text.startsWith("\ufeffIdentifiant;Handle;Titre;")).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toHaveLength(12);
    const handles = rows.slice(1).map((row) => row[1]);
    expect(handles).toEqual(["miel-de-lavande", "pate-maison", "c-1", "c-2", "c-3"]);
    expect(rows[1]).toEqual([
      expect.any(String),
      "miel-de-lavande",
      "Miel de lavande",
      "Un miel doux & floral.",
      "Les Ruchers & Fils",
      "MIEL-250",
      "3760000000017",
      "11,90",
      "12,50",
      "en stock",
      `${ORIGIN}/p/miel-de-lavande/`,
      `${ORIGIN}/cdn/images/products/miel-1.svg?height=950`,
    ]);
    const pate = rows[2] ?? [];
    expect(pate[2]).toBe(`'=HYPERLINK("x") Pâté "maison" & <co>; bon`);
    expect(pate[3]).toBe("Ligne 1 Ligne 2 \u0001 caché");
    expect(pate.slice(7, 10)).toEqual(["8,50", "", "épuisé"]);
  });

  it("writes a well-formed Merchant-style XML feed with sale prices", async () => {
    const xml = await read("xml");
    assertWellFormed(xml);
    expect(xml).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">');
    expect(xml.match(/<item>/g)).toHaveLength(5);
    expect(xml).toContain(
      "<g:title>=HYPERLINK(&quot;x&quot;) Pâté &quot;maison&quot; &amp; &lt;co&gt;; bon</g:title>",
    );
    expect(xml).not.toContain("\u0001");
    expect(xml).toContain(`<g:link>${ORIGIN}/p/miel-de-lavande/</g:link>`);
    expect(xml).toContain("<g:price>12.50 EUR</g:price><g:sale_price>11.90 EUR</g:sale_price>");
    expect(xml).toContain(
      "<g:brand>Les Ruchers &amp; Fils</g:brand><g:gtin>3760000000017</g:gtin>",
    );
    expect(xml).toContain(
      "<g:availability>out_of_stock</g:availability><g:price>8.50 EUR</g:price>",
    );
    expect(xml).not.toContain("archive");
    expect(xml).not.toContain("/p/cache/");
    expect(await feedSize(database.db)).toBe(5);
  });

  it("is served to scripts only with the verify secret", async () => {
    const env = testEnv({ PUBLIC_URL: ORIGIN });
    const api = exportRoutes(testApiDependencies(env, database));
    expect((await api.request("/export/products")).status).toBe(401);
    expect((await api.request("/export/fb/products")).status).toBe(401);
    const csv = await api.request("/export/products", {
      headers: { "x-comptoir-verify": env.ADMIN_VERIFY_SECRET },
    });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="produits-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect((await csv.text()).split("\r\n")).toHaveLength(7);
    const xml = await api.request(`/export/fb/products?password=${env.ADMIN_VERIFY_SECRET}`);
    expect(xml.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    assertWellFormed(await xml.text());
  });
});
