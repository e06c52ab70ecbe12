/**
 * The metaobjects products point at, other than brands: the fourteen allergens of EU regulation
 * 1169/2011 (annex II), diets and quality labels. Keys are the metaobject handles.
 */

export const ALLERGENS = {
  gluten: "Céréales contenant du gluten",
  crustaces: "Crustacés",
  oeufs: "Œufs",
  poissons: "Poissons",
  arachides: "Arachides",
  soja: "Soja",
  lait: "Lait",
  "fruits-a-coque": "Fruits à coque",
  celeri: "Céleri",
  moutarde: "Moutarde",
  sesame: "Graines de sésame",
  sulfites: "Anhydride sulfureux et sulfites",
  lupin: "Lupin",
  mollusques: "Mollusques",
} as const;

export type AllergenKey = keyof typeof ALLERGENS;

/** How the alert text names an allergen: "Contient : lait, œufs." */
export const ALLERGEN_WORDS: Record<AllergenKey, string> = {
  gluten: "gluten",
  crustaces: "crustacés",
  oeufs: "œufs",
  poissons: "poisson",
  arachides: "arachides",
  soja: "soja",
  lait: "lait",
  "fruits-a-coque": "fruits à coque",
  celeri: "céleri",
  moutarde: "moutarde",
  sesame: "sésame",
  sulfites: "sulfites",
  lupin: "lupin",
  mollusques: "mollusques",
};

export const DIETS = {
  vegetarien: "Végétarien",
  vegan: "Vegan",
  "sans-gluten": "Sans gluten",
  "sans-lactose": "Sans lactose",
  "sans-sucres-ajoutes": "Sans sucres ajoutés",
  halal: "Halal",
  casher: "Casher",
} as const;

export type DietKey = keyof typeof DIETS;

export const LABELS = {
  ab: "AB – Agriculture biologique",
  "label-rouge": "Label Rouge",
  aop: "AOP",
  igp: "IGP",
  aoc: "AOC",
  "bleu-blanc-coeur": "Bleu-Blanc-Cœur",
  stg: "Spécialité traditionnelle garantie",
  "commerce-equitable": "Commerce équitable",
  hve: "Haute valeur environnementale",
  msc: "Pêche durable MSC",
} as const;

export type LabelKey = keyof typeof LABELS;

/** Labels a title states outright: "Comté AOP" carries the AOP label. */
export const LABELS_IN_TITLES: readonly [RegExp, LabelKey][] = [
  [/\bAOP\b/, "aop"],
  [/\bIGP\b/, "igp"],
  [/\bAOC\b/, "aoc"],
  [/\bLabel Rouge\b/, "label-rouge"],
  [/\bbio\b/i, "ab"],
  [/\bSTG\b/, "stg"],
];
