import type { AllergenKey, DietKey } from "#seed/catalogue/taxonomies.ts";

/**
 * What a list of ingredients tells about a product: the allergens it contains (EU regulation
 * 1169/2011, annex II) and the diets it cannot claim. The demo catalogue's diets and allergens
 * come from here, so that a cheese made with rennet is not « Végétarien » and a honey is not
 * « Vegan ».
 */

/** Phrases whose words would otherwise be read as something they are not, and what they are. */
const NOT_WHAT_THEY_SAY: readonly [RegExp, string][] = [
  [/beurre de (cacao|karité)/g, " "],
  [/beurre noisette/g, "beurre"],
  [/crème de (marrons|cassis|sésame)/g, "$1"],
  [/lait de (coco|riz|avoine)/g, " "],
  [/lait d'amande/g, "amande"],
  [/(lait|lécithine) de (soja|tournesol)/g, "$2"],
  [/coagulant (microbien|d'origine microbienne|végétal)/g, " "],
  [/vinaigre (de (vin|cidre|xérès|banyuls)|d'alcool)/g, "vinaigre"],
  [/eau de fleur d'oranger/g, "fleur d'oranger"],
  [/noix de (coco|muscade)/g, " "],
  [/pain azyme \(fécule[^)]*\)/g, "fécule"],
];

/** Any of the words or phrases, each a whole word: "lait" is not in "laitue". */
const words = (...patterns: string[]) =>
  new RegExp(`(?<![\\p{L}])(${patterns.join("|")})(?![\\p{L}])`, "iu");

const MEAT = words(
  "viandes?",
  "porc",
  "bœuf",
  "boeuf",
  "veau",
  "agneau",
  "mouton",
  "poulet",
  "coq",
  "volailles?",
  "canard",
  "oie",
  "dinde",
  "pintade",
  "poularde",
  "chapon",
  "magrets?",
  "lapin",
  "sanglier",
  "gibier",
  "jambon",
  "lard",
  "lardons",
  "pancetta",
  "pastrami",
  "chorizo",
  "saucisses?",
  "foie",
  "graisse de (porc|canard|oie)",
  "gras de porc",
  "saindoux",
  "tête de porc",
  "bouillon de (bœuf|veau|volaille|poule)",
  "boyau",
  "suprêmes?",
  "cuisses de",
);
const FISH = words(
  "poissons?",
  "saumon",
  "truite",
  "thon",
  "sardines?",
  "maquereaux?",
  "anchois",
  "cabillaud",
  "églefin",
  "haddock",
  "anguille",
  "hareng",
  "esturgeon",
  "ventrèche de thon",
);
const SHELLFISH = words("crevettes?", "crustacés?", "homard", "langoustines?", "crabe");
const MOLLUSCS = words("moules?", "huîtres?", "calamars?", "poulpe", "seiches?", "mollusques?");
/** Animal rennet: named as such, or in cheeses made with it by their specification. */
const RENNET = words("présure", "parmigiano reggiano", "parmesan", "emmental", "comté");
const GELATINE = words("gélatine");
const INSECT = words("carmin", "cochenille", "gomme-laque", "shellac");
const DAIRY = words(
  "lait",
  "laits?",
  "beurres?",
  "crèmes?",
  "fromages?",
  "emmental",
  "comté",
  "parmigiano reggiano",
  "parmesan",
  "yaourts?",
  "lactosérum",
  "caséinates?",
  "babeurre",
  "ganache",
  "béchamel",
  "chocolat au lait",
);
const EGGS = words(
  "œufs?",
  "oeufs?",
  "jaunes? d'œufs?",
  "blancs? d'œufs?",
  "mayonnaise",
  "meringue",
);
const FISH_ROE = /œufs (d'esturgeon|de (saumon|cabillaud|truite|lump))/g;
const BEE = words("miel", "gelée royale", "propolis", "cire d'abeille");
const GLUTEN = words(
  "blé",
  "froment",
  "seigle",
  "orge",
  "avoine",
  "épeautre",
  "kamut",
  "malt",
  "boulgour",
  "chapelure",
  "farine(?! de (riz|maïs|sarrasin|châtaigne|pois))",
  "pain",
  "pâte (brisée|feuilletée|sablée|à choux)",
  "galette de blé",
  "biscuits?",
  "croûtons",
);
const ADDED_SUGAR = words(
  "sucres?",
  "sirop",
  "miel",
  "glucose",
  "dextrose",
  "fructose",
  "caramel",
  "confits?",
  "confites?",
  "mélasse",
);
const ALCOHOL = words(
  "alcool",
  "vin",
  "porto",
  "cognac",
  "armagnac",
  "calvados",
  "rhum",
  "eau-de-vie",
  "marc",
  "liqueur",
  "bière",
  "kirsch",
  "whisky",
);
const PORK = words(
  "porc",
  "jambon",
  "lard",
  "lardons",
  "pancetta",
  "chorizo",
  "saindoux",
  "gélatine(?! de (bœuf|poisson))",
);
const ALLERGEN_WORDS: readonly [AllergenKey, RegExp][] = [
  ["gluten", GLUTEN],
  ["crustaces", SHELLFISH],
  ["oeufs", EGGS],
  ["poissons", FISH],
  ["arachides", words("arachides?", "cacahuètes?")],
  ["soja", words("soja")],
  ["lait", DAIRY],
  [
    "fruits-a-coque",
    words(
      "amandes?",
      "noisettes?",
      "noix",
      "pistaches?",
      "noix de pécan",
      "pécan",
      "cajou",
      "macadamia",
      "praliné",
      "pâte d'amandes",
    ),
  ],
  ["celeri", words("céleri", "céleri-rave")],
  ["moutarde", words("moutarde")],
  ["sesame", words("sésame")],
  ["sulfites", words("sulfites?", "disulfite")],
  ["lupin", words("lupin")],
  ["mollusques", MOLLUSCS],
];

export type Composition = {
  allergens: AllergenKey[];
  /** Diets the ingredients rule out, whatever a category usually claims. */
  excludedDiets: Set<DietKey>;
};

/** The allergens and ruled-out diets of a list of ingredients, as a label would print it. */
export function readComposition(
  ingredients: string,
  options: { alcoholic?: boolean } = {},
): Composition {
  let text = ingredients.toLocaleLowerCase("fr");
  for (const [pattern, meaning] of NOT_WHAT_THEY_SAY) text = text.replace(pattern, meaning);
  // Roe is fish, not egg.
  const withoutRoe = text.replace(FISH_ROE, " poisson ");

  const has = (pattern: RegExp) => pattern.test(withoutRoe);
  const allergens = ALLERGEN_WORDS.filter(([, pattern]) => has(pattern)).map(([key]) => key);
  const meat = has(MEAT);
  const fish = has(FISH);
  const animal = meat || fish || has(SHELLFISH) || has(MOLLUSCS) || has(GELATINE);
  const vegetarian = !animal && !has(RENNET) && !has(INSECT);
  const excluded = new Set<DietKey>();
  if (!vegetarian) excluded.add("vegetarien");
  if (!vegetarian || has(DAIRY) || has(EGGS) || has(BEE)) excluded.add("vegan");
  if (allergens.includes("gluten")) excluded.add("sans-gluten");
  if (allergens.includes("lait")) excluded.add("sans-lactose");
  if (has(ADDED_SUGAR)) excluded.add("sans-sucres-ajoutes");
  // Certified meat is slaughtered to a rite this catalogue does not record: only products
  // with no meat, no pork, no gelatine, no rennet and no alcohol may carry the two.
  const ritual = !meat && !has(PORK) && !has(GELATINE) && !has(RENNET) && !has(INSECT);
  const sober = !options.alcoholic && !has(ALCOHOL);
  if (!ritual || !sober) excluded.add("halal").add("casher");
  if (has(SHELLFISH) || has(MOLLUSCS) || /anguille/.test(withoutRoe)) excluded.add("casher");
  return { allergens, excludedDiets: excluded };
}

/**
 * The list of ingredients with each allergen emphasised as EU regulation 1169/2011 (article 21)
 * asks, written `_blé_` as Open Food Facts writes it; the product page prints it in bold. A word
 * that names no allergen where it stands (« beurre de cacao », « lait de coco ») stays plain, and
 * roe is emphasised whole, as the fish it is.
 */
export function emphasiseAllergens(ingredients: string): string {
  const text = ingredients.toLocaleLowerCase("fr");
  // Lowercasing French keeps every offset; a string where it does not is left as it is.
  if (text.length !== ingredients.length) return ingredients;
  const phrases = [...NOT_WHAT_THEY_SAY, [FISH_ROE, " "] as const].flatMap(([pattern, meaning]) =>
    [...text.matchAll(pattern)].map((match) => ({
      start: match.index,
      end: match.index + match[0].length,
      meaning: match[0].replace(
        new RegExp(pattern.source, pattern.flags.replace("g", "")),
        meaning,
      ),
    })),
  );
  const marked: { key: AllergenKey; start: number; end: number }[] = [
    ...text.matchAll(FISH_ROE),
  ].map((match) => ({ key: "poissons", start: match.index, end: match.index + match[0].length }));
  for (const [key, pattern] of ALLERGEN_WORDS) {
    for (const match of text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) {
      const start = match.index;
      const end = start + match[0].length;
      const phrase = phrases.find((each) => start < each.end && end > each.start);
      if (phrase && !(phrase.meaning.includes(match[0]) && pattern.test(phrase.meaning))) continue;
      marked.push({ key, start, end });
    }
  }
  // « farine de blé »: the cereal named is enough.
  const named = (word: (typeof marked)[number]) =>
    marked.some(
      (other) =>
        other.key === word.key &&
        other.start === word.end + 4 &&
        text.slice(word.end, other.start) === " de ",
    );
  const emphasised = marked.filter((word) => !named(word));
  emphasised.sort((a, b) => a.start - b.start || b.end - a.end);
  let result = "";
  let at = 0;
  for (const { start, end } of emphasised) {
    if (start < at) continue;
    result += `${ingredients.slice(at, start)}_${ingredients.slice(start, end)}_`;
    at = end;
  }
  return result + ingredients.slice(at);
}
