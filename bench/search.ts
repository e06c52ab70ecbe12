/**
 * `node bench/search.ts [products]`: predictive and full search over a synthetic catalogue
 * (100 000 products by default) on an in-memory PGlite, in-process, as the search module sees it.
 * Prints the rebuild time and p50/p95/max per query family. The budget (DESIGN.md §8) is
 * predictive search p95 < 30 ms. BENCH_ROUNDS (5): passes over each family; BENCH_SNAPSHOT=file:
 * see below.
 */
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { type SQL, sql } from "drizzle-orm";
import { openDatabase } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { catalogueSearchSource as source } from "#platform/commerce/index.ts";
import { predictiveSearch, rebuildSearchIndex, searchProducts } from "#platform/search/index.ts";

const PRODUCTS = Number(process.argv[2] ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

// BENCH_SNAPSHOT=file: reuse the seeded and indexed database saved there by an earlier run.
const snapshot = process.env.BENCH_SNAPSHOT;
const saved = snapshot && existsSync(snapshot) ? await readFile(snapshot) : undefined;
const database = await openDatabase(saved ? { loadDataDir: new Blob([saved]) } : {});
await migrate(database);
const db = database.db;

const list = (words: string[]) =>
  sql.raw(`array[${words.map((word) => `'${word.replaceAll("'", "''")}'`).join(", ")}]`);

const categories = [
  "Chocolat",
  "Fromage",
  "Vin rouge",
  "Vin blanc",
  "Champagne",
  "Huile d'olive",
  "Vinaigre",
  "Miel",
  "Confiture",
  "Thé",
  "Café",
  "Biscuits",
  "Pâtes",
  "Riz",
  "Épices",
  "Sel",
  "Poivre",
  "Charcuterie",
  "Saucisson",
  "Foie gras",
  "Caviar",
  "Saumon fumé",
  "Terrine",
  "Moutarde",
  "Sauce",
  "Bonbons",
  "Nougat",
  "Calissons",
  "Pain d'épices",
  "Jus de fruits",
  "Camembert",
  "Comté",
  "Roquefort",
  "Tapenade",
  "Rillettes",
  "Madeleines",
  "Macarons",
  "Caramel",
];
const qualifiers = [
  "noir",
  "au lait",
  "blanc",
  "bio",
  "extra",
  "AOP",
  "IGP",
  "fermier",
  "artisanal",
  "de Provence",
  "de Normandie",
  "à la truffe",
  "aux noisettes",
  "aux amandes",
  "fumé",
  "doux",
  "fort",
  "épicé",
  "affiné 18 mois",
  "grand cru",
  "millésimé",
  "premium",
  "traditionnel",
  "maison",
  "du terroir",
  "à l'ancienne",
  "de Bretagne",
  "d'Italie",
  "d'Espagne",
  "de Corse",
  "au beurre salé",
  "à la vanille",
  "aux figues",
  "au piment d'Espelette",
  "de lavande",
  "aux fruits rouges",
  "à l'orange",
  "au citron",
  "nature",
  "intense",
];
const formats = ["250 g", "500 g", "1 kg", "75 cl", "coffret cadeau", "lot de 3", "100 g", "bocal"];
const houses = [
  "Maison",
  "Domaine",
  "Ferme",
  "Atelier",
  "Comptoir",
  "Moulin",
  "Fromagerie",
  "Chocolaterie",
  "Biscuiterie",
  "Conserverie",
];
const names = [
  "Dupont",
  "Martin",
  "Bernard",
  "Durand",
  "Lefèvre",
  "Moreau",
  "Laurent",
  "Simon",
  "Michel",
  "Garnier",
  "Roux",
  "Fontaine",
  "Chevalier",
  "Girard",
  "Bonnet",
  "Mercier",
  "Blanchard",
  "Gauthier",
  "Perrin",
  "Morel",
  "Rousseau",
  "Faure",
  "André",
  "Lemoine",
  "Marchand",
  "Duval",
  "Boyer",
  "Brun",
  "Gillot",
  "Roellinger",
  "Bordier",
  "Pralus",
  "Bernachon",
  "Sennelier",
  "Castelas",
  "Maille",
  "Fallot",
  "Mariage",
  "Kusmi",
  "Hédiard",
];
const sentences = [
  "Sélectionné par nos soins auprès d'un producteur passionné.",
  "Idéal pour l'apéritif, à déguster avec du pain frais.",
  "Se marie parfaitement avec un vin rouge charpenté.",
  "Accompagne à merveille un plateau de fromages affinés.",
  "Une recette traditionnelle transmise de génération en génération.",
  "À offrir ou à s'offrir, pour les gourmands exigeants.",
  "Conservation : à l'abri de la chaleur et de l'humidité.",
  "Délicieux avec une tranche de chocolat noir.",
  "Fabriqué en petites séries dans notre atelier.",
  "Sans conservateur ni colorant.",
  "Parfait pour les fêtes de fin d'année.",
  "Des notes de fruits secs, de vanille et de caramel.",
];

// Deterministic pseudo-random picks: a multiplicative hash of the id per attribute.
const pick = (array: SQL, salt: number) =>
  sql`(${array})[1 + ((g::bigint * ${salt}) % 1000003) % cardinality(${array})]`;
// Made-up names (cuvées, places, farms) give the dictionary the tens of thousands of words
// of a real catalogue.
const syllables = [
  "ber",
  "ga",
  "lo",
  "mi",
  "sa",
  "tou",
  "ran",
  "vel",
  "cor",
  "dan",
  "fé",
  "li",
  "mar",
  "no",
  "pé",
  "ri",
  "sol",
  "ta",
  "vi",
  "zé",
  "bru",
  "chan",
  "gri",
  "mon",
];
const madeUp = (salts: [number, number, number, number]) =>
  sql`(${pick(list(syllables), salts[0])} || ${pick(list(syllables), salts[1])}
    || ${pick(list(syllables), salts[2])}
    || case when g % 2 = 0 then ${pick(list(syllables), salts[3])} else '' end)`;

if (!saved) await seedAndIndex();

const families: Record<string, string[]> = {
  "one word": ["chocolat", "fromage", "champagne", "miel", "epicerie", "caviar", "bio", "coffret"],
  "several words": [
    "chocolat noir",
    "huile d'olive",
    "vin rouge bio",
    "foie gras maison",
    "confiture figues",
    "saumon fumé de bretagne",
  ],
  stemming: ["fromages", "chocolats", "confitures", "épices", "biscuits", "noisettes"],
  "typing (prefixes)": [
    "cho",
    "choc",
    "choco",
    "chocol",
    "chocola",
    "chocolat n",
    "chocolat no",
    "chocolat noi",
    "hui",
    "huile d",
    "huile d'o",
    "huile d'oli",
    "fro",
    "from",
    "froma",
    "fromag",
    "cam",
    "came",
    "camem",
    "camemb",
  ],
  typos: ["camenbert", "chocolta", "fromgae", "champagen", "confitrue", "saucison", "madelaines"],
  brands: ["dupont", "maison dupont", "chocolaterie", "pralus", "roellinger"],
  "no match": ["xyzzy", "qwertyuiop", "chocolatnoir", "pamplemousse"],
};

// Beyond the hand-picked families: what shoppers type, keystroke by keystroke, for words taken
// from the dictionary, alone and after another word.
const sample = (
  (await db.execute(
    sql`select word from search_term where stem is not null order by md5(word) limit 60`,
  )) as unknown as { rows: { word: string }[] }
).rows.map((row) => row.word);
const typed = (word: string) =>
  Array.from({ length: word.length - 2 }, (_, index) => word.slice(0, index + 3));
families["typing dictionary words"] = sample.slice(0, 30).flatMap(typed);
families["word + typing another"] = sample
  .slice(30)
  .flatMap((word, index) => typed(word).map((prefix) => `${sample[index] ?? ""} ${prefix}`));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const format = (ms: number) => ms.toFixed(1).padStart(6);

async function time(run: () => Promise<unknown>) {
  const begin = performance.now();
  await run();
  return performance.now() - begin;
}

console.log(`\nPredictive search (limit 10), ${ROUNDS} rounds; ms p50 / p95 / max`);
const everything: number[] = [];
for (const [family, queries] of Object.entries(families)) {
  for (const query of queries) await predictiveSearch(db, { query }); // warm-up
  const latencies: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of queries) {
      latencies.push(await time(() => predictiveSearch(db, { query })));
    }
  }
  latencies.sort((a, b) => a - b);
  everything.push(...latencies);
  console.log(
    `  ${family.padEnd(20)} ${format(percentile(latencies, 50))} ${format(percentile(latencies, 95))} ${format(latencies.at(-1) ?? 0)}`,
  );
}
everything.sort((a, b) => a - b);
console.log(
  `  ${"all".padEnd(20)} ${format(percentile(everything, 50))} ${format(percentile(everything, 95))} ${format(everything.at(-1) ?? 0)}  (budget p95 < 30)`,
);

console.log("\nFull search, first page of 100, ms p50 / p95 / max");
for (const sortKey of ["RELEVANCE", "PRICE"] as const) {
  const latencies: number[] = [];
  for (const query of [...(families["one word"] ?? []), ...(families["several words"] ?? [])]) {
    await searchProducts(db, source, { query, first: 100, sortKey });
    latencies.push(await time(() => searchProducts(db, source, { query, first: 100, sortKey })));
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `  ${sortKey.padEnd(20)} ${format(percentile(latencies, 50))} ${format(percentile(latencies, 95))} ${format(latencies.at(-1) ?? 0)}`,
  );
}

await database.close();

async function seedAndIndex() {
  console.log(`Seeding ${PRODUCTS} products…`);
  let started = performance.now();
  await db.execute(sql`
    insert into commerce_product (handle, title, vendor, product_type, description_html, tags,
      price_min_cents, price_max_cents, available_for_sale, archived, hide_in_search)
    select 'produit-' || g,
      ${pick(list(categories), 7919)} || ' ' || ${pick(list(qualifiers), 104729)}
        || case when g % 3 = 0 then ' ' || ${pick(list(qualifiers), 15485863)} else '' end
        || case when g % 2 = 0 then ' cuvée ' || initcap(${madeUp([179424673, 15485867, 32452867, 49979693])}) else '' end
        || ' ' || ${pick(list(formats), 32452843)},
      ${pick(list(houses), 49979687)} || ' ' || ${pick(list(names), 67867967)},
      ${pick(list(categories), 7919)},
      '<p>' || ${pick(list(categories), 7919)} || ' ' || ${pick(list(qualifiers), 104729)} || '. '
        || ${pick(list(sentences), 86028121)} || ' ' || ${pick(list(sentences), 122949829)} || ' '
        || ${pick(list(sentences), 141650939)} || ' Récolté au lieu-dit ' || initcap(${madeUp([198491317, 86028157, 122949823, 67867979])})
        || '.</p><p>Origine : '
        || ${pick(list(qualifiers), 160481183)} || '.</p>',
      case when g % 7 = 0 then array['bio'] when g % 11 = 0 then array['sans-gluten', 'vegan']
        else array[]::text[] end || case when g % 50 = 0 then array['Archive'] else array[]::text[] end,
      100 + (g * 7919) % 9900, 100 + (g * 7919) % 9900, true, g % 50 = 0, g % 97 = 0
    from generate_series(1, ${PRODUCTS}) as g`);
  await db.execute(sql`
    insert into commerce_collection (handle, title, description_html)
    select 'collection-' || g, ${pick(list(categories), 7919)} || ' ' || ${pick(list(qualifiers), 104729)},
      '<p>' || ${pick(list(sentences), 86028121)} || '</p>'
    from generate_series(1, 200) as g`);
  await db.execute(sql`
    insert into commerce_metaobject (type, handle, fields)
    select 'produit_marque', 'marque-' || g, jsonb_build_array(
      jsonb_build_object('key', 'name', 'type', 'single_line_text_field', 'value',
        ${pick(list(houses), 49979687)} || ' ' || ${pick(list(names), 67867967)} || ' ' || g),
      jsonb_build_object('key', 'is_artisan', 'type', 'boolean', 'value', (g % 10 = 0)::text))
    from generate_series(1, 400) as g`);
  console.log(`  ${Math.round(performance.now() - started)} ms`);

  started = performance.now();
  const rebuilt = await rebuildSearchIndex(db, source);
  console.log(
    `Rebuild: ${rebuilt.documents} documents, ${rebuilt.words} words in ${rebuilt.milliseconds} ms`,
  );
  started = performance.now();
  const again = await rebuildSearchIndex(db, source);
  console.log(`Rebuild again (nothing changed): ${again.milliseconds} ms`);
  if (snapshot && database.engine === "pglite") {
    const dump = await database.client.dumpDataDir("none");
    await writeFile(snapshot, new Uint8Array(await dump.arrayBuffer()));
  }
}
