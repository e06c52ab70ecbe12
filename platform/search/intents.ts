/**
 * Intent before text (issue 22): a diet, a label or an allergen a shopper names in a query
 * ("pâtes sans gluten", "vin bio", "chocolat vegan", "biscuits sans lait") is a filter, not words
 * to look for in titles, where "sans gluten" would find oranges "sans traitement". The phrases are
 * the shop's French vocabulary for the diets (`custom.regimes`), labels (`custom.labelsDetails`)
 * and allergens (`custom.allergens`) products carry; the index holds each product's as tokens
 * (`facets`, written by the catalogue's search source: kind, metaobject handle without
 * punctuation, and a digit that keeps `search_fold` off it).
 */

export type SearchIntent = {
  /** What the search page shows as an applied filter: « Sans gluten ». */
  label: string;
  /** The query's words it stands for, as typed (normalised). */
  words: string[];
  /** Tokens of which a product must carry one, or (exclusions) none. */
  tokens: string[];
  exclude: boolean;
};

type IntentRule = {
  label: string;
  /**
   * Normalised phrases (accents removed, lower case) that name it, in the forms shoppers type:
   * singular and plural, masculine and feminine.
   */
  phrases: string[];
  tokens: string[];
  exclude?: boolean;
};

const diet = (handle: string) => `regime${handle.replaceAll("-", "")}0`;
const label = (handle: string) => `label${handle.replaceAll("-", "")}0`;
const allergen = (handle: string) => `allergene${handle.replaceAll("-", "")}0`;

const RULES: IntentRule[] = [
  { label: "Sans gluten", phrases: ["sans gluten"], tokens: [diet("sans-gluten")] },
  { label: "Sans lactose", phrases: ["sans lactose"], tokens: [diet("sans-lactose")] },
  {
    label: "Sans sucres ajoutés",
    phrases: ["sans sucres ajoutes", "sans sucre ajoute", "sans sucre", "sans sucres"],
    tokens: [diet("sans-sucres-ajoutes")],
  },
  {
    label: "Vegan",
    phrases: ["vegan", "vegans", "vegane", "veganes", "vegetalien", "vegetalienne"],
    tokens: [diet("vegan")],
  },
  {
    // A vegan product is vegetarian too, whether or not its sheet says both.
    label: "Végétarien",
    phrases: ["vegetarien", "vegetarienne", "vegetariens", "vegetariennes", "veggie"],
    tokens: [diet("vegetarien"), diet("vegan")],
  },
  { label: "Halal", phrases: ["halal"], tokens: [diet("halal")] },
  { label: "Casher", phrases: ["casher", "cacher", "kasher"], tokens: [diet("casher")] },
  {
    label: "Bio",
    phrases: ["bio", "bios", "biologique", "biologiques", "agriculture biologique"],
    tokens: [label("ab")],
  },
  { label: "Label Rouge", phrases: ["label rouge"], tokens: [label("label-rouge")] },
  { label: "AOP", phrases: ["aop"], tokens: [label("aop")] },
  { label: "AOC", phrases: ["aoc"], tokens: [label("aoc")] },
  { label: "IGP", phrases: ["igp"], tokens: [label("igp")] },
  {
    label: "Commerce équitable",
    phrases: ["commerce equitable"],
    tokens: [label("commerce-equitable")],
  },
  ...(
    [
      ["Sans lait", ["sans lait"], "lait"],
      ["Sans œufs", ["sans oeuf", "sans oeufs"], "oeufs"],
      [
        "Sans arachides",
        ["sans arachide", "sans arachides", "sans cacahuete", "sans cacahuetes"],
        "arachides",
      ],
      [
        "Sans fruits à coque",
        ["sans fruits a coque", "sans fruit a coque", "sans noix"],
        "fruits-a-coque",
      ],
      ["Sans soja", ["sans soja"], "soja"],
      ["Sans sésame", ["sans sesame"], "sesame"],
      ["Sans poisson", ["sans poisson", "sans poissons"], "poissons"],
      ["Sans crustacés", ["sans crustace", "sans crustaces"], "crustaces"],
      ["Sans moutarde", ["sans moutarde"], "moutarde"],
      ["Sans céleri", ["sans celeri"], "celeri"],
      ["Sans sulfites", ["sans sulfite", "sans sulfites"], "sulfites"],
    ] as const
  ).map(([name, phrases, handle]) => ({
    label: name,
    phrases: [...phrases],
    tokens: [allergen(handle)],
    exclude: true,
  })),
];

/** Longest phrases first, so that "sans sucres ajoutes" wins over "sans sucre". */
const PHRASES = RULES.flatMap((rule) =>
  rule.phrases.map((phrase) => ({ rule, words: phrase.split(" ") })),
).sort((a, b) => b.words.length - a.words.length);

type IntentMatch = { rule: IntentRule; words: string[]; start: number; length: number };

/** Where a list of words names intents, each phrase once, longest phrases first. */
function matchIntents(
  words: readonly string[],
  normalise: (word: string) => string,
): IntentMatch[] {
  const matches: IntentMatch[] = [];
  let at = 0;
  while (at < words.length) {
    const found = PHRASES.find(({ words: phrase }) =>
      phrase.every((word, offset) => {
        const typed = words[at + offset];
        return typed !== undefined && normalise(typed) === word;
      }),
    );
    if (!found) {
      at += 1;
      continue;
    }
    matches.push({ rule: found.rule, words: found.words, start: at, length: found.words.length });
    at += found.words.length;
  }
  return matches;
}

/**
 * Takes the intents out of a query's words (compared once `normalise`d: no accents, lower case):
 * what is left is searched as text, and each intent filters. A query that is nothing but a filter
 * ("vegan") finds every product that carries it.
 */
export function findIntents(
  words: readonly string[],
  normalise: (word: string) => string = (word) => word,
): { words: string[]; intents: SearchIntent[] } {
  const matches = matchIntents(words, normalise);
  const named = new Set(matches.flatMap((match) => positionsOf(match)));
  const intents: SearchIntent[] = [];
  for (const { rule, words: phrase } of matches) {
    if (intents.some((intent) => intent.label === rule.label)) continue;
    intents.push({
      label: rule.label,
      words: phrase,
      tokens: rule.tokens,
      exclude: rule.exclude ?? false,
    });
  }
  return { words: words.filter((_, position) => !named.has(position)), intents };
}

/** The positions of the words that name an intent: words a correction must leave alone. */
export function intentPositions(
  words: readonly string[],
  normalise: (word: string) => string = (word) => word,
): Set<number> {
  return new Set(matchIntents(words, normalise).flatMap((match) => positionsOf(match)));
}

const positionsOf = (match: IntentMatch) =>
  Array.from({ length: match.length }, (_, offset) => match.start + offset);

/** An intent as the search page shows it: its label, and the term without it. */
export type AppliedIntent = { label: string; without: string };

/**
 * The intents a term names, each with the term as typed minus the words that named it: the
 * search page's applied filters and the link that removes one (« pâtes sans gluten » → Sans
 * gluten, without: « pâtes »).
 */
export function appliedIntents(term: string, normalise: (word: string) => string): AppliedIntent[] {
  const text = term.normalize("NFC");
  const tokens = [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => ({
    word: match[0].toLowerCase(),
    start: match.index,
    end: match.index + match[0].length,
  }));
  const applied: AppliedIntent[] = [];
  for (const match of matchIntents(
    tokens.map((token) => token.word),
    normalise,
  )) {
    if (applied.some((intent) => intent.label === match.rule.label)) continue;
    const first = tokens[match.start] as (typeof tokens)[number];
    const last = tokens[match.start + match.length - 1] as (typeof tokens)[number];
    const without = `${text.slice(0, first.start)} ${text.slice(last.end)}`
      .replace(/\s+/gu, " ")
      .trim();
    applied.push({ label: match.rule.label, without });
  }
  return applied;
}
