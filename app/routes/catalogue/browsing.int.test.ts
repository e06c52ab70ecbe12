import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainText } from "#app/lib/format.ts";
import { type ComposedStorefront, composeStorefront } from "#app/testing/composed-storefront.ts";
import { applyPriceChange } from "#platform/commerce/index.ts";
import { perKgLabel, weightPriceCents } from "#platform/sold-by-weight.ts";

/**
 * The browsing pages through the composed server (storefront, rules, commerce service) on the
 * seeded demo catalogue: what a shopper's first request gets, before any JavaScript runs.
 */
let composed: ComposedStorefront;
let request: ComposedStorefront["request"];
let app: ComposedStorefront["app"];
let rows: ComposedStorefront["rows"];

beforeAll(async () => {
  composed = await composeStorefront();
  ({ app, request, rows } = composed);
}, 180_000);

afterAll(() => composed?.close());

/** A price as the pages print it: `9,88 €`, a no-break space before the euro sign. */
const formatted = (cents: number) =>
  `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}\u00a0€`;

async function page(path: string) {
  const response = await request(path);
  return { status: response.status, html: await response.text() };
}

/** A product for sale, with allergens, its brand and a compare-at price when asked. */
async function productWhere(condition: ReturnType<typeof sql>) {
  const [row] = await rows(sql`select p.handle, p.title, p.vendor from commerce_product p
    where p.archived = false and ${condition} order by p.id limit 1`);
  if (!row) throw new Error("no such product in the demo catalogue");
  return row as { handle: string; title: string; vendor: string };
}

describe("the product page", () => {
  it("shows a new price at once, though the storefront keeps catalogue reads", async () => {
    const product = await productWhere(sql`not (p.tags @> array['unavailable']::text[])`);
    const before = await page(`/p/${product.handle}/?vu=1`);
    expect(before.html).not.toContain("1 234,56");
    await composed.database.db.transaction((tx) =>
      applyPriceChange(tx, { query: product.handle }, { kind: "set", cents: 123_456 }),
    );
    // Another query string: the page cache does not hold it, so the page is rendered again.
    const after = await page(`/p/${product.handle}/?vu=2`);
    expect(after.status).toBe(200);
    expect(after.html).toMatch(/1\s?234,56\s?€/);
  });

  it("shows its related products in the order it names them, and a new price of one at once", async () => {
    const [row] = await rows(sql`select p.handle, m.value from commerce_product p
      join commerce_metafield m on m.owner_type = 'PRODUCT' and m.owner_id = p.id
        and m.namespace = 'custom' and m.key = 'produit_associe'
      where p.archived = false order by p.id limit 1`);
    const { handle, value } = row as { handle: string; value: string };
    const ids = (JSON.parse(value) as string[]).map((gid) => Number(gid.split("/").pop()));
    const named = (await rows(sql`select id, handle from commerce_product
      where id in ${sql.raw(`(${ids.join(", ")})`)} and archived = false`)) as {
      id: number;
      handle: string;
    }[];
    const expected = ids
      .flatMap((id) => named.filter((product) => product.id === id).map((p) => p.handle))
      .slice(0, 10);
    expect(expected.length).toBeGreaterThan(1);
    const related = (html: string) => html.slice(html.indexOf('id="related-title"'));
    const shown = (html: string) => [
      ...new Set([...related(html).matchAll(/href="\/p\/([^/"]+)\/"/g)].map((m) => m[1])),
    ];
    const before = await page(`/p/${handle}/?related=1`);
    expect(shown(before.html).slice(0, expected.length)).toEqual(expected);
    // A related product's card is kept across pages: a catalogue write drops it.
    await composed.database.db.transaction((tx) =>
      applyPriceChange(tx, { query: expected[0] as string }, { kind: "set", cents: 65_432 }),
    );
    expect(related((await page(`/p/${handle}/?related=2`)).html)).toMatch(/654,32\s?€/);
  });

  it("renders a product with its price, brand link, allergens, nutrition and JSON-LD", async () => {
    const product = await productWhere(sql`exists (select 1 from commerce_product_filter_value fv
      where fv.product_id = p.id and fv.key = 'allergens')
      and not (p.tags @> array['unavailable']::text[])`);
    const { status, html } = await page(`/p/${product.handle}/`);
    expect(status).toBe(200);
    expect(html).toContain(
      `<h1 class="product-page__title">${product.title.replace(/'/g, "&#x27;")}</h1>`,
    );
    expect(html).toMatch(/\d+,\d{2}\u00a0€/);
    expect(html).toContain("Allergènes");
    expect(html).toMatch(/href="\/m\/[a-z0-9-]+\/"/);
    expect(html).toContain('"@type":"Product"');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:3000\/p\/[^"]+\/"/);
    expect(html).toContain('action="/cart/add"');
    expect(html).toMatch(/srcSet="\/cdn\/images\/[^"]+height=450[^"]* \d+w/);
  });

  it("gives the food information of EU regulation 1169/2011: declaration, net quantity, allergens in bold", async () => {
    const cheese = await productWhere(sql`p.title like 'Abondance%'`);
    const { html } = await page(`/p/${cheese.handle}/`);
    const table = /<table class="nutrition-table">[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
    expect(table).toContain("<caption>Valeurs moyennes pour 100 g</caption>");
    const labels = [...table.matchAll(/<th scope="row">([^<]*)<\/th><td>([^<]*)<\/td>/g)];
    expect(labels.map((match) => match[1])).toEqual([
      "Énergie",
      "Matières grasses",
      "dont acides gras saturés",
      "Glucides",
      "dont sucres",
      "Protéines",
      "Sel",
    ]);
    expect(labels[0]?.[2]).toMatch(/^[\d\s]+ kJ \/ \d+ kcal$/);
    expect(labels[5]?.[2]).toMatch(/^\d+(,\d)? g$/);
    // A pressed cheese is cut to order: its net quantity is the weight the shopper chooses.
    expect(html).toContain("Quantité nette : le poids choisi (250 g, 500 g ou 1 kg)");
    // « lait » is emphasised inside the list, and the underscores that mark it are not shown.
    const ingredients = /<h2>Ingrédients et composition<\/h2>[\s\S]*?<\/section>/.exec(html)?.[0];
    expect(ingredients).toMatch(/<strong>lait<\/strong>/i);
    expect(ingredients?.replace(/<[^>]*>/g, "")).not.toContain("_");
    expect(html).toMatch(/À consommer jusqu&#x27;à la date indiquée/);

    // A wine declares no nutrition (article 16) and says so.
    const wine = await productWhere(sql`p.product_type = 'Vins rouges'`);
    const bottle = await page(`/p/${wine.handle}/`);
    expect(bottle.html).not.toContain('class="nutrition-table"');
    expect(bottle.html).toContain(
      "Exempté de déclaration nutritionnelle : boisson titrant plus de 1,2 % d&#x27;alcool en volume",
    );
    expect(bottle.html).toMatch(/Quantité nette : <!-- -->\d+ cl/);
  });

  it("sells a pressed cheese by weight: « Poids », the weight's price and its price per kilogram, who cuts it; its card starts « à partir de »", async () => {
    const [cheese] = (await rows(sql`select p.handle, p.title, kg.value as per_kg
      from commerce_product p
        join commerce_metafield kg on kg.owner_type = 'PRODUCT' and kg.owner_id = p.id
          and kg.key = 'price_per_kg'
      where not p.archived and not ('unavailable' = any(p.tags))
        and (select bool_and(v.available_for_sale) from commerce_variant v where v.product_id = p.id)
      order by p.id limit 1`)) as { handle: string; title: string; per_kg: string }[];
    if (!cheese) throw new Error("the demo catalogue sells no cheese by weight");
    const perKg = Math.round(Number(cheese.per_kg) * 100);
    const { html } = await page(`/p/${cheese.handle}/`);
    expect(html).toContain("<legend>Poids</legend>");
    const weights = [
      ...html.matchAll(
        /class="add-to-cart__weight-title">([^<]*)<\/span> <span class="add-to-cart__weight-price">([^<]*)</g,
      ),
    ].map((match) => [match[1], match[2]]);
    expect(weights).toEqual(
      [250, 500, 1000].map((grams, index) => [
        ["250 g", "500 g", "1 kg"][index],
        formatted(weightPriceCents(perKg, grams)),
      ]),
    );
    // The lightest weight is chosen at first.
    expect(html).toMatch(
      /<input type="radio" name="merchandiseId" checked="" value="[^"]+"\/><span class="add-to-cart__weight-title">250 g</,
    );
    expect(html).toContain(`250 g · soit ${perKgLabel(perKg)}`);
    expect(html).toContain(
      `<span class="price__current"><span class="visually-hidden">Prix : </span>${formatted(weightPriceCents(perKg, 250))}</span>`,
    );
    expect(html).toContain("Coupé à la demande par notre fromager.");
    expect(html).toContain(
      `"priceSpecification":{"@type":"UnitPriceSpecification","price":"${(perKg / 100).toFixed(2)}"`,
    );

    const listing = await page("/c/fromagerie/pates-pressees/");
    const card = new RegExp(
      `<h2 class="product-card__title">${cheese.title.replace(/'/g, "&#x27;")}</h2>[\\s\\S]*?</article>`,
    ).exec(listing.html)?.[0];
    expect(card).toContain(`À la coupe · ${perKgLabel(perKg)}`);
    expect(card).toContain('<span class="price__from">à partir de </span>');
  });

  it("places the product in its department and category: breadcrumb and BreadcrumbList", async () => {
    const trailOf = (html: string) => {
      const nav = /<nav aria-label="Fil d&#x27;Ariane"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
      return [
        ...nav.matchAll(/<li>(?:<a href="([^"]*)"[^>]*>|<span aria-current="page">)([^<]*)</g),
      ].map((match) => ({ href: match[1] ?? null, label: match[2] }));
    };
    const ldOf = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
        .map((match) => JSON.parse(match[1] ?? "null"))
        .find((ld) => ld?.["@type"] === "BreadcrumbList");

    // An Abondance, a pressed cheese of the demo catalogue.
    const [cheese] = await rows(sql`select p.handle, p.title from commerce_product p
      join commerce_collection_product cp on cp.product_id = p.id
      join commerce_collection c on c.id = cp.collection_id
      where c.handle = 'pates-pressees' and not p.archived and p.title like 'Abondance%'
      order by p.id limit 1`);
    const handle = String(cheese?.handle);
    const title = String(cheese?.title);
    const abondance = await page(`/p/${handle}/`);
    expect(trailOf(abondance.html)).toEqual([
      { href: "/", label: "Accueil" },
      { href: "/c/fromagerie/", label: "Fromagerie" },
      { href: "/c/fromagerie/pates-pressees/", label: "Pâtes pressées" },
      { href: null, label: title },
    ]);
    const origin = "http://localhost:3000";
    expect(ldOf(abondance.html)?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Accueil", item: `${origin}/` },
      { "@type": "ListItem", position: 2, name: "Fromagerie", item: `${origin}/c/fromagerie/` },
      {
        "@type": "ListItem",
        position: 3,
        name: "Pâtes pressées",
        item: `${origin}/c/fromagerie/pates-pressees/`,
      },
      {
        "@type": "ListItem",
        position: 4,
        name: title,
        item: `${origin}/p/${handle}/`,
      },
    ]);

    // A product of a third-level category: its whole path, each step a page.
    const [deep] = await rows(sql`select p.handle from commerce_product p
      join commerce_collection_product cp on cp.product_id = p.id
      where not p.archived group by p.id, p.handle having count(*) = 3 order by p.id limit 1`);
    const trail = trailOf((await page(`/p/${deep?.handle}/`)).html);
    expect(trail).toHaveLength(5);
    expect(trail[3]?.href).toMatch(/^\/c\/[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+\/$/);
    for (const crumb of trail.slice(1, 4)) expect((await page(crumb.href ?? "")).status).toBe(200);
  });

  it("ends each sentence it builds from the data once: « Teneur en alcool : 13,5 % vol. », not « vol.. »", async () => {
    const [wine] = await rows(sql`select p.handle, m.value from commerce_product p
      join commerce_metafield m on m.owner_type = 'PRODUCT' and m.owner_id = p.id and m.key = 'alcohol'
      where p.archived = false and m.value like '%vol.' order by p.id limit 1`);
    expect(wine).toBeDefined();
    const { html } = await page(`/p/${wine?.handle}/`);
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    const text = plainText(main).replaceAll("&#x27;", "'");
    expect(text).toContain(`Teneur en alcool : ${wine?.value} L'abus d'alcool`);
    expect(text).not.toMatch(/[^.]\.\s*\.(?!\.)/);
  });

  it("answers 404 with the error page for an unknown or archived product", async () => {
    const unknown = await page("/p/produit-qui-n-existe-pas/");
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain("This page could not be found");
    const [archived] = await rows(sql`select handle from commerce_product where archived limit 1`);
    expect(archived).toBeDefined();
    expect((await page(`/p/${archived?.handle}/`)).status).toBe(404);
  });
});

describe("category pages", () => {
  it("render a top category with sub-category links, filters and up to 100 products", async () => {
    const { status, html } = await page("/c/fromagerie/");
    expect(status).toBe(200);
    expect(html).toContain("<h1>Fromagerie</h1>");
    expect(html).toContain('aria-label="Sous-catégories"');
    expect(html).toContain('name="marque"');
    expect(html).toContain('name="sans"');
    const cards = html.match(/class="product-card[ "]/g) ?? [];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(100);
  });

  it("check the ancestors a deeper URL names, and 404 when they are wrong", async () => {
    const [sub] = await rows(sql`select c.handle, m.value as parent from commerce_collection c
      join commerce_metafield m on m.owner_id = c.id and m.owner_type = 'COLLECTION' and m.key = 'category_parent'
      order by c.id limit 1`);
    expect(sub).toBeDefined();
    expect((await page(`/c/${sub?.parent}/${sub?.handle}/`)).status).toBe(200);
    expect((await page(`/c/cave/${sub?.handle}/`)).status).toBe(sub?.parent === "cave" ? 200 : 404);
    expect((await page("/c/rayon-inconnu/")).status).toBe(404);
  });

  it("filter by brand and keep only that brand's products", async () => {
    const [row] = await rows(sql`select p.vendor from commerce_product p
      join commerce_collection_product cp on cp.product_id = p.id
      join commerce_collection c on c.id = cp.collection_id and c.handle = 'fromagerie'
      where not p.archived group by p.vendor order by count(*) desc limit 1`);
    const vendor = String(row?.vendor);
    const { html } = await page(`/c/fromagerie/?marque=${encodeURIComponent(vendor)}`);
    const brands = [...html.matchAll(/<p class="product-card__brand">([^<]+)<\/p>/g)].map((m) =>
      m[1]?.replace(/&#x27;/g, "'"),
    );
    expect(brands.length).toBeGreaterThan(0);
    expect(new Set(brands)).toEqual(new Set([vendor]));
  });

  it("leave out every product holding an excluded allergen, and still fill the page", async () => {
    const { html } = await page("/c/epicerie-sucree/?sans=lait");
    const [row] = await rows(sql`select count(*)::int as n from commerce_product p
      join commerce_collection_product cp on cp.product_id = p.id
      join commerce_collection c on c.id = cp.collection_id and c.handle = 'epicerie-sucree'
      where not p.archived and not exists (select 1 from commerce_product_filter_value fv
        join commerce_metaobject mo on fv.value = 'gid://shopify/Metaobject/' || mo.id
        where fv.product_id = p.id and fv.key = 'allergens' and mo.handle = 'lait')`);
    const withoutMilk = Number(row?.n);
    expect(withoutMilk).toBeGreaterThan(0);
    const handles = [...html.matchAll(/href="\/p\/([^/"]+)\/"/g)].map((m) => m[1] ?? "");
    expect(handles.length).toBe(Math.min(100, withoutMilk));
    const withMilk = await rows(sql`select p.handle from commerce_product p
      join commerce_product_filter_value fv on fv.product_id = p.id and fv.key = 'allergens'
      join commerce_metaobject mo on fv.value = 'gid://shopify/Metaobject/' || mo.id and mo.handle = 'lait'
      where p.handle in (${sql.join(
        handles.map((h) => sql`${h}`),
        sql`, `,
      )})`);
    expect(withMilk).toEqual([]);
  });

  it("sort by price and link 'Voir plus' to the next cursor, keeping the sort", async () => {
    const { html } = await page("/c/epicerie-salee/?tri=price-asc");
    const prices = [
      ...html.matchAll(
        /<span class="price__current"><span class="visually-hidden">Prix : <\/span>([\d\u00a0]+,\d{2})\u00a0€/g,
      ),
    ].map((m) => Number(m[1]?.replace(/\s/g, "").replace(",", ".")));
    expect(prices.length).toBeGreaterThan(1);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const more = /href="(\/c\/epicerie-salee\/\?tri=price-asc&amp;apres=[^"]+)"/.exec(html);
    expect(more).not.toBeNull();
    const next = await page((more?.[1] ?? "").replace(/&amp;/g, "&"));
    expect(next.status).toBe(200);
  });

  it("show the first page for a cursor the API refuses, never an error", async () => {
    const alien = Buffer.from(JSON.stringify({ v: ["2024-01-01T00:00:00Z"], id: 3 })).toString(
      "base64url",
    );
    const { status, html } = await page(`/c/epicerie-salee/?tri=price-asc&apres=${alien}`);
    expect(status).toBe(200);
    expect(html).toMatch(/class="product-card[ "]/);
  });
});

describe("brands, artisans and search", () => {
  it("list brands from A to Z and show a brand's products", async () => {
    const list = await page("/nos-marques/");
    expect(list.status).toBe(200);
    expect(list.html).toContain("<h1>Nos marques</h1>");
    const brand = /href="(\/m\/[a-z0-9-]+\/)"/.exec(list.html)?.[1];
    expect(brand).toBeDefined();
    const brandPage = await page(brand ?? "/m/x/");
    expect(brandPage.status).toBe(200);
    expect(brandPage.html).toMatch(/class="product-card[ "]/);
    expect((await page("/m/marque-inconnue/")).status).toBe(404);
  });

  it("list artisans, by category too", async () => {
    const artisans = await page("/nos-artisans/");
    expect(artisans.status).toBe(200);
    expect(artisans.html).toContain("Fromagerie des Hautes-Combes");
    expect(artisans.html).not.toContain("Laiterie Saint-Amans");
    expect((await page("/nos-artisans/c/")).html).toContain('href="/nos-artisans/c/fromagerie/"');
    const cheese = await page("/nos-artisans/c/fromagerie/");
    expect(cheese.html).toContain("Fromagerie des Hautes-Combes");
    expect(
      cheese.html.slice(cheese.html.indexOf("<main"), cheese.html.indexOf("</main>")),
    ).not.toContain("Chocolaterie Aubrac-Vidal");
  });

  it("search a lower-cased term and say 'Aucun résultat' when nothing matches", async () => {
    const found = await page("/search/?q=COMT%C3%89");
    expect(found.status).toBe(200);
    expect(found.html).toContain("« comté »");
    expect(found.html).toMatch(/class="product-card[ "]/);
    const none = await page("/search/?q=zzzxqw");
    expect(none.html).toContain("Aucun résultat");
  });
});

describe("the province assortment", () => {
  /** The product handles a listing page links to. */
  const handlesIn = (html: string) => [
    ...new Set([...html.matchAll(/href="\/p\/([a-z0-9-]+)\/"/g)].map((match) => String(match[1]))),
  ];

  async function provincePage(path: string) {
    const response = await Promise.resolve(
      app.request(
        path,
        { headers: { cookie: "isProvince=true" } },
        { incoming: { socket: { remoteAddress: "203.0.113.9" } } },
      ),
    );
    return response.text();
  }

  async function provinceTagged(handles: string[]) {
    const found = await rows(sql`select handle from commerce_product
      where handle in ${sql.raw(`(${handles.map((h) => `'${h}'`).join(",")})`)}
      and tags @> array['isProvince']::text[]`);
    return found.length;
  }

  it("shows a visitor with a province address only the products delivered outside Paris", async () => {
    const everyone = handlesIn((await page("/c/epicerie-salee/")).html);
    const province = handlesIn(await provincePage("/c/epicerie-salee/"));
    expect(province.length).toBeGreaterThan(0);
    expect(province.length).toBeLessThan(everyone.length);
    expect(await provinceTagged(province)).toBe(province.length);

    const brand = await productWhere(sql`p.tags @> array['isProvince']::text[]`);
    const term = String(brand.title.split(" ")[0]).toLowerCase();
    const searched = handlesIn(await provincePage(`/search/?q=${encodeURIComponent(term)}`));
    expect(searched.length).toBeGreaterThan(0);
    expect(await provinceTagged(searched)).toBe(searched.length);
  });
});
