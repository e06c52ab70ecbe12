import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  BANNER_TEXT_AREA,
  fromGid,
  PICTURE_KINDS,
  type PictureKind,
  PRODUCT_TEXT_AREA,
  textWidth,
} from "#platform/commerce/index.ts";
import { contentAsset, contentEntry } from "#platform/content/tables.ts";
import { BRANDS } from "#seed/catalogue/brands.ts";
import { CATEGORIES } from "#seed/catalogue/categories.ts";
import { buildTree } from "#seed/catalogue/tree.ts";
import { plainText, type RichTextDocument } from "#seed/content/rich-text.ts";

/**
 * What the demo catalogue and its content say about themselves, checked over everything the
 * seed wrote: diets and allergens against the ingredients, titles and handles, the artisans'
 * stories against their trades, the pictures against the products, and the counts in texts
 * against the catalogue. The word lists here are the rules, written apart from the generator's.
 */

type Product = {
  id: number;
  handle: string;
  title: string;
  top: string;
  leaf: string;
  archived: boolean;
  ingredients: string | null;
  diets: string[];
  allergens: string[];
  image: string | null;
};

let database: Database;
let products: Product[];
let files: Map<string, string>;
let entries: (typeof contentEntry.$inferSelect)[];
let assets: (typeof contentAsset.$inferSelect)[];
const tree = buildTree(CATEGORIES);

const rows = async <T>(statement: ReturnType<typeof sql>) =>
  ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  const metaobjects = new Map(
    (
      await rows<{ id: number; handle: string }>(sql`select id, handle from commerce_metaobject`)
    ).map((row) => [row.id, row.handle]),
  );
  const handlesOf = (value: string | null) =>
    value === null
      ? []
      : (JSON.parse(value) as string[]).map(
          (gid) => metaobjects.get(fromGid(gid, "Metaobject") ?? 0) ?? gid,
        );
  const leafByTitle = new Map(tree.leaves.map((leaf) => [leaf.title, leaf]));
  products = (
    await rows<{
      id: number;
      handle: string;
      title: string;
      type: string;
      archived: boolean;
      ingredients: string | null;
      regimes: string | null;
      allergens: string | null;
      image: string | null;
    }>(sql`select p.id, p.handle, p.title, p.product_type as type, p.archived,
        (select value from commerce_metafield m where m.owner_type = 'PRODUCT' and m.owner_id = p.id
          and m.key = 'ingredients_composition') as ingredients,
        (select value from commerce_metafield m where m.owner_type = 'PRODUCT' and m.owner_id = p.id
          and m.key = 'regimes') as regimes,
        (select value from commerce_metafield m where m.owner_type = 'PRODUCT' and m.owner_id = p.id
          and m.key = 'allergens') as allergens,
        (select url from commerce_image i where i.product_id = p.id order by position limit 1) as image
      from commerce_product p order by p.id`)
  ).map((row) => {
    const leaf = leafByTitle.get(row.type);
    return {
      id: row.id,
      handle: row.handle,
      title: row.title,
      top: leaf?.top ?? "",
      leaf: leaf?.handle ?? "",
      archived: row.archived,
      // Read as a label prints it: the underscores that emphasise the allergens are not words.
      ingredients: row.ingredients?.replace(/_/g, "") ?? null,
      diets: handlesOf(row.regimes),
      allergens: handlesOf(row.allergens),
      image: row.image,
    };
  });
  files = new Map(
    (await rows<{ path: string; bytes: Buffer }>(sql`select path, bytes from commerce_file`)).map(
      (row) => [`/cdn/images/${row.path}`, Buffer.from(row.bytes).toString("utf8")],
    ),
  );
  entries = await database.db.select().from(contentEntry);
  assets = await database.db.select().from(contentAsset);
}, 120_000);
afterAll(() => database?.close());

/** Any of the words, each whole: "lait" is not in "laitue", "oie" not in "foie". */
const words = (...list: string[]) => new RegExp(`(?<!\\p{L})(${list.join("|")})(?!\\p{L})`, "iu");

/** Phrases that name no animal product although their words would: cocoa butter, coconut milk. */
const plantPhrases = (text: string) =>
  text
    .toLocaleLowerCase("fr")
    .replace(
      /beurre de cacao|lait de coco|crème de (marrons|cassis|sésame)|coagulant microbien/g,
      " ",
    )
    .replace(/œufs (d'esturgeon|de (saumon|cabillaud))/g, "poisson");

const MEAT_OR_FISH = words(
  "viandes?",
  "porc",
  "bœuf",
  "veau",
  "agneau",
  "poulet",
  "coq",
  "volailles?",
  "canard",
  "oie",
  "pintade",
  "poularde",
  "sanglier",
  "jambon",
  "lardons",
  "pastrami",
  "foie",
  "magret",
  "poissons?",
  "saumon",
  "truite",
  "thon",
  "sardines",
  "maquereaux",
  "anchois",
  "cabillaud",
  "églefin",
  "anguille",
  "esturgeon",
);
/** Animal rennet (named, or in cheeses made with it), gelatine, cochineal. */
const NOT_VEGETARIAN = words(
  "présure",
  "gélatine",
  "carmin",
  "parmigiano reggiano",
  "emmental",
  "comté",
);
const ANIMAL_PRODUCTS = words(
  "lait",
  "beurre",
  "beurres?",
  "crème",
  "fromage",
  "œufs?",
  "jaunes? d'œufs?",
  "blancs? d'œufs?",
  "miel",
  "yaourts?",
);
const GLUTEN = words(
  "blé",
  "farine de blé",
  "seigle",
  "orge",
  "avoine",
  "épeautre",
  "malt",
  "boulgour",
  "chapelure",
  "pain",
);
const DAIRY = words(
  "lait",
  "beurre",
  "crème",
  "fromage",
  "emmental",
  "comté",
  "parmigiano reggiano",
);
const NUTS = words("amandes?", "noisettes?", "noix", "pistaches?", "pécan");
const MEAT_IN_TITLES = words(
  "jambon",
  "poulet",
  "saumon",
  "bœuf",
  "veau",
  "agneau",
  "thon",
  "canard",
  "foie gras",
  "porc",
  "anchois",
  "sardines",
);

describe("the diets and allergens of the demo catalogue", () => {
  it("claims no diet its ingredients contradict", () => {
    const wrong: string[] = [];
    for (const product of products) {
      const text = plantPhrases(product.ingredients ?? "");
      const claims = new Set(product.diets);
      const flag = (why: string) => wrong.push(`${product.title}: ${why} (${product.ingredients})`);
      if (claims.size > 0 && !product.ingredients) flag("a diet without a list of ingredients");
      if (claims.has("vegetarien") || claims.has("vegan")) {
        if (MEAT_OR_FISH.test(text)) flag("vegetarian with meat or fish");
        if (NOT_VEGETARIAN.test(text)) flag("vegetarian with rennet, gelatine or carmine");
        if (MEAT_IN_TITLES.test(product.title)) flag("vegetarian, named after meat or fish");
      }
      if (claims.has("vegan") && ANIMAL_PRODUCTS.test(text)) flag("vegan with animal products");
      if (
        claims.has("sans-gluten") &&
        (GLUTEN.test(text) || product.allergens.includes("gluten"))
      ) {
        flag("gluten-free with gluten");
      }
      if (claims.has("sans-lactose") && (DAIRY.test(text) || product.allergens.includes("lait"))) {
        flag("lactose-free with milk");
      }
      if (
        (claims.has("halal") || claims.has("casher")) &&
        // Vinegar is no longer wine.
        (words("porc", "gélatine", "vin", "alcool").test(
          text.replace(/vinaigre (de vin|d'alcool)/g, ""),
        ) ||
          product.top === "cave")
      ) {
        flag("halal or kosher with pork, gelatine or alcohol");
      }
    }
    expect(wrong).toEqual([]);
  });

  it("lists every allergen its ingredients hold", () => {
    const missing: string[] = [];
    for (const product of products) {
      const text = plantPhrases(product.ingredients ?? "").replace(/noix de (coco|muscade)/g, " ");
      const expect = (allergen: string, pattern: RegExp) => {
        if (pattern.test(text) && !product.allergens.includes(allergen)) {
          missing.push(`${product.title}: ${allergen} (${product.ingredients})`);
        }
      };
      expect("lait", DAIRY);
      expect("gluten", words("blé", "seigle", "orge", "épeautre", "malt"));
      expect("fruits-a-coque", NUTS);
      expect(
        "poissons",
        words("poissons?", "saumon", "thon", "sardines", "anchois", "maquereaux", "truite"),
      );
      expect("oeufs", words("œufs?"));
    }
    expect(missing).toEqual([]);
  });

  it("does not call the Abondance, made with animal rennet, vegetarian", () => {
    const abondances = products.filter((product) => product.title.startsWith("Abondance"));
    expect(abondances.length).toBeGreaterThan(0);
    for (const cheese of abondances) {
      expect(cheese.ingredients).toMatch(/présure/);
      expect(cheese.diets).not.toContain("vegetarien");
    }
  });
});

describe("the names of the demo catalogue", () => {
  it("gives every product a title and a handle no other product has", () => {
    const repeated = (values: string[]) =>
      values.filter((value, index) => values.indexOf(value) !== index);
    expect(repeated(products.map((product) => product.title.toLocaleLowerCase("fr")))).toEqual([]);
    expect(repeated(products.map((product) => product.handle))).toEqual([]);
    expect(
      products.filter((product) => product.title.startsWith("Banon AOP")).length,
    ).toBeGreaterThan(0);
  });
});

/** Words a text about a category's products uses; the negative check uses them too. */
const TRADE_WORDS: Record<string, RegExp> = {
  "huiles-et-vinaigres": words("huiles?", "olives?", "vinaigres?"),
  "pates-riz-et-legumineuses": words("pâtes", "riz", "légumineuses", "lentilles"),
  chocolats: words("chocolats?", "cacao", "pralinés?"),
  "confitures-miels-et-pates-a-tartiner": words("confitures?", "miels?", "pâtes? à tartiner"),
  confiseries: words("confiseries?", "nougats?", "calissons?", "pâtes de fruits", "caramels?"),
  vins: words("vins?"),
  "champagnes-et-effervescents": words("champagnes?", "bulles"),
  "pates-pressees": words("comtés?", "tommes?", "meules?"),
  "fromages-de-chevre": words("chèvres?"),
  cremerie: words("beurres?", "crèmes?", "faisselles?", "fromage blanc", "yaourts?"),
  boeuf: words("bœuf"),
  "veau-et-agneau": words("veau", "agneau"),
  volailles: words("volailles?"),
  charcuterie: words("jambons?", "saucissons?", "terrines?", "charcuteries?"),
  "foie-gras": words("foies? gras"),
  legumes: words("légumes"),
  "herbes-aromatiques": words("herbes"),
  "fruits-de-saison": words("fruits", "fraises", "cerises", "pommes", "poires"),
  "poissons-fumes-et-caviar": words("saumons?", "truites?", "haddocks?", "caviars?"),
  pains: words("pains?"),
  viennoiseries: words("viennoiseries", "croissants?", "brioches?"),
  patisseries: words("pâtisseries?"),
  macarons: words("macarons?"),
  fromagerie: words("fromages?"),
  traiteur: words("plats?", "salades?", "soupes?"),
};

describe("the artisans of the demo content", () => {
  it("tell the story of their own trade, and of no other of their department", () => {
    const byHandle = new Map(tree.nodes.map((node) => [node.handle, node]));
    const related = (a: string, b: string) => {
      const lineage = (handle: string) => {
        const node = byHandle.get(handle);
        return node ? [...node.ancestors, node.handle] : [handle];
      };
      return lineage(a).includes(b) || lineage(b).includes(a);
    };
    const wrong: string[] = [];
    let artisans = 0;
    for (const [top, brands] of Object.entries(BRANDS)) {
      for (const brand of brands.filter((candidate) => candidate.artisan)) {
        artisans += 1;
        const page = entries.find(
          (entry) => entry.contentType === "pageArtisan" && entry.fields.name === brand.name,
        );
        const marque = entries.find(
          (entry) => entry.contentType === "pageMarque" && entry.fields.name === brand.name,
        );
        const texts = [
          plainText(page?.fields.story as RichTextDocument),
          String(marque?.fields.description ?? ""),
        ];
        const makes = brand.makes ?? [top];
        for (const handle of makes) {
          const pattern = TRADE_WORDS[handle];
          if (!pattern) throw new Error(`No trade words for ${handle}`);
          for (const text of texts) {
            if (!pattern.test(text))
              wrong.push(`${brand.name} does not speak of ${handle}: ${text}`);
          }
        }
        for (const [handle, pattern] of Object.entries(TRADE_WORDS)) {
          const sameTop = (byHandle.get(handle)?.ancestors[0] ?? handle) === top && handle !== top;
          if (!sameTop || makes.some((made) => related(made, handle))) continue;
          for (const text of texts) {
            if (pattern.test(text)) wrong.push(`${brand.name} speaks of ${handle}: ${text}`);
          }
        }
      }
    }
    expect(artisans).toBeGreaterThanOrEqual(15);
    expect(wrong).toEqual([]);
  });

  it("give each artisan a story of its own", () => {
    const stories = entries
      .filter((entry) => entry.contentType === "pageArtisan")
      .map((entry) => plainText(entry.fields.story as RichTextDocument).split(".")[0]);
    expect(new Set(stories).size).toBe(stories.length);
  });
});

/** The kinds of picture each leaf's products may show. */
const LEAF_KINDS: Record<string, readonly PictureKind[]> = {
  "huiles-d-olive": ["huile"],
  "huiles-de-noix-et-de-graines": ["huile"],
  vinaigres: ["vinaigre"],
  "conserves-de-la-mer": ["conserve"],
  "pates-riz-et-legumineuses": ["pates-seches", "riz-et-legumineuses"],
  "sel-poivre-et-epices": ["epices"],
  "condiments-et-sauces": ["condiment"],
  aperitif: ["aperitif"],
  "coffrets-epicerie-fine": ["coffret"],
  "tablettes-de-chocolat": ["chocolat"],
  "bouchees-et-pralines": ["bouchees-chocolat", "pate-a-tartiner"],
  "biscuits-et-gateaux-secs": ["biscuits"],
  "confitures-miels-et-pates-a-tartiner": ["confiture", "miel", "pate-a-tartiner"],
  "thes-et-infusions": ["the"],
  cafes: ["cafe"],
  confiseries: ["confiserie"],
  "vins-rouges": ["vin-rouge"],
  "vins-blancs": ["vin-blanc"],
  "vins-roses": ["vin-rose"],
  "champagnes-et-effervescents": ["effervescent"],
  whiskies: ["spiritueux"],
  rhums: ["spiritueux"],
  "cognacs-et-armagnacs": ["spiritueux"],
  "bieres-et-cidres": ["biere", "cidre"],
  "aperitifs-et-liqueurs": ["spiritueux"],
  "pates-molles": ["fromage-croute-fleurie", "fromage-croute-lavee"],
  "pates-pressees": ["fromage-pate-pressee"],
  "fromages-de-chevre": ["fromage-chevre"],
  "bleus-et-persilles": ["fromage-bleu"],
  cremerie: ["beurre", "creme", "yaourt"],
  boeuf: ["viande-rouge"],
  "veau-et-agneau": ["viande-rouge"],
  volailles: ["volaille"],
  jambons: ["jambon"],
  "saucissons-et-salaisons": ["saucisson"],
  "pates-et-terrines": ["terrine"],
  "foie-gras": ["terrine"],
  "fruits-de-saison": ["fruits"],
  agrumes: ["agrumes"],
  "fruits-exotiques": ["fruits"],
  legumes: ["legumes"],
  "herbes-aromatiques": ["herbes"],
  champignons: ["champignons", "truffes"],
  "fruits-secs-et-graines": ["fruits-secs"],
  "entrees-et-salades": ["salade"],
  "plats-cuisines": ["plat-cuisine"],
  "poissons-fumes-et-caviar": ["poisson-fume", "caviar"],
  "soupes-et-veloutes": ["soupe"],
  "sandwichs-et-snacking": ["sandwich", "quiche"],
  pains: ["pain"],
  viennoiseries: ["viennoiserie"],
  patisseries: ["patisserie"],
  "gateaux-de-voyage": ["gateau-de-voyage"],
  macarons: ["macarons"],
};
/** What some names must show, whatever their category allows. */
const TITLE_KINDS: readonly [RegExp, PictureKind][] = [
  [/^(Roquefort|Bleu|Fourme|Gorgonzola|Stilton)/, "fromage-bleu"],
  [/^Yaourts/, "yaourt"],
  [/^Beurre/, "beurre"],
  [/^(Camembert|Brie|Coulommiers)/, "fromage-croute-fleurie"],
  [/^(Munster|Époisses|Livarot|Pont-l'Évêque|Mont d'Or)/, "fromage-croute-lavee"],
  [/^(Cidre|Poiré)/, "cidre"],
  [/^Bière/, "biere"],
  [/^Miel/, "miel"],
  [/^Caviar (osciètre|baeri|d'Aquitaine)/, "caviar"],
  [/^Truffe (noire|d'été)/, "truffes"],
];

const kindOf = (svg: string | undefined) => /data-kind="([^"]+)"/.exec(svg ?? "")?.[1];

describe("the pictures of the demo catalogue and content", () => {
  it("draws every product as what it is", () => {
    const wrong: string[] = [];
    for (const product of products) {
      const kind = kindOf(files.get(product.image ?? ""));
      const allowed = LEAF_KINDS[product.leaf];
      if (!allowed) throw new Error(`No kinds for ${product.leaf}`);
      if (!kind || !allowed.includes(kind as PictureKind)) {
        wrong.push(`${product.title} (${product.leaf}): ${kind}`);
      }
      for (const [pattern, expected] of TITLE_KINDS) {
        if (pattern.test(product.title) && kind !== expected) {
          wrong.push(`${product.title}: ${kind}, not ${expected}`);
        }
      }
      if (kind && PICTURE_KINDS[kind as PictureKind]?.department !== product.top) {
        wrong.push(`${product.title}: ${kind} belongs to another department`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("gives every picture a subject, and the store's sections theirs", () => {
    const without = [...files].filter(([, svg]) => !kindOf(svg)).map(([url]) => url);
    expect(without).toEqual([]);
    const shop = entries.find((entry) => entry.contentType === "shop_page");
    const shopImages = ((shop?.fields.images ?? []) as { sys: { id: string } }[]).map((link) =>
      assets.find((asset) => asset.id === link.sys.id),
    );
    const subjects = Object.fromEntries(
      shopImages.map((asset) => [asset?.title, kindOf(files.get(asset?.file.url ?? ""))]),
    );
    expect(subjects["La cave"]).toMatch(/^(vin-|effervescent)/);
    expect(subjects["La fromagerie"]).toMatch(/^(fromage-|plateau-fromages)/);
    expect(PICTURE_KINDS[subjects["Le comptoir du traiteur"] as PictureKind]?.department).toBe(
      "traiteur",
    );
    expect(kindOf(files.get("/cdn/images/collections/push-fromagerie.svg"))).toBe(
      "plateau-fromages",
    );
  });

  it("sets every text of every picture whole, inside the part the storefront's crops keep", () => {
    const wrong: string[] = [];
    for (const [url, svg] of files) {
      const area = svg.includes('width="1600"') ? BANNER_TEXT_AREA : PRODUCT_TEXT_AREA;
      const groups = svg.matchAll(
        /<g text-anchor="middle" font-family="(serif|sans-serif)" font-size="(\d+)"[^>]*>((?:<text[^>]*>[^<]*<\/text>)+)<\/g>/g,
      );
      for (const [, family, size, body] of groups) {
        for (const [, y, line] of (body ?? "").matchAll(
          /<text x="[\d.]+" y="([\d.]+)">([^<]*)<\/text>/g,
        )) {
          const text = (line ?? "")
            .replace(/&apos;/g, "'")
            .replace(/&quot;/g, '"')
            .replace(/&lt;/g, "<")
            .replace(/&gt;/g, ">")
            .replace(/&amp;/g, "&");
          const width = textWidth(text, Number(size), family as "serif" | "sans-serif");
          if (text.endsWith("…") || text.endsWith("-")) wrong.push(`${url}: cut « ${text} »`);
          if (width > area.width) wrong.push(`${url}: « ${text} » is ${Math.round(width)} wide`);
          const baseline = Number(y);
          if (baseline < area.y || baseline > area.y + area.height) {
            wrong.push(`${url}: « ${text} » at ${baseline}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("the counts the demo texts claim", () => {
  const liveUnder = (handles: readonly string[]) => {
    const nodes = tree.nodes.filter((node) => handles.includes(node.handle));
    const leaves = new Set(
      tree.leaves
        .filter((leaf) => nodes.some((node) => leaf.lineage.includes(node.handle)))
        .map((leaf) => leaf.handle),
    );
    return products.filter((product) => leaves.has(product.leaf) && !product.archived).length;
  };
  const CLAIM = /(?:^|[.:;] )(Plus de )?(\d[\d {2}]*) (fromages|vins|produits|références|artisans)/;

  it("match the catalogue in every category description, on both sides", async () => {
    const descriptions = new Map(
      (
        await rows<{ handle: string; html: string }>(
          sql`select handle, description_html as html from commerce_collection`,
        )
      ).map((row) => [row.handle, row.html.replace(/<[^>]+>/g, "")]),
    );
    let claims = 0;
    for (const node of tree.nodes) {
      const collection = descriptions.get(node.handle) ?? "";
      const content = entries.find(
        (entry) =>
          entry.fields.slug === node.handle &&
          /^(pageCategorie|subCategory)$/.test(entry.contentType),
      );
      expect(content?.fields.description, node.handle).toBe(collection);
      expect(collection).not.toMatch(/\b(cent|mille|centaines?|milliers?)\b/);
      const claim = CLAIM.exec(collection);
      if (!claim) continue;
      claims += 1;
      const stated = Number((claim[2] ?? "").replace(/\D/g, ""));
      const actual = liveUnder(node.node.countOf ?? [node.handle]);
      if (claim[1]) {
        expect(actual, collection).toBeGreaterThan(stated);
        expect(actual, collection).toBeLessThan(stated * 1.5);
      } else {
        expect(actual, collection).toBe(stated);
      }
    }
    expect(claims).toBeGreaterThan(0);
  });

  it("match the products of the lunch bundle", () => {
    const bundle = entries.find((entry) => entry.fields.slug === "formule-dejeuner");
    const parts = ((bundle?.fields.products_in_bundle ?? []) as unknown[]).length;
    expect(parts).toBeGreaterThan(0);
    const said = ["zéro", "un", "deux", "trois", "quatre"][parts];
    expect(bundle?.fields.short_description).toMatch(new RegExp(` : ${said} plats du traiteur`));
  });
});
