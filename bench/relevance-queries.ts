/**
 * The judged query set of issue 22: French queries as shoppers type them on a grocer's site, each
 * with a rule that decides from a product's own data (its collections, title, diets, labels,
 * brand) whether it answers the query. The rules say what a shopper means, never which product
 * should come first: the set is a measuring stick, and the ranking must meet it by general rules,
 * not by tuning a query.
 *
 * Kinds: `plain` (one word), `plural`, `misspelt` (a typo or a missing accent), `diet` (a diet,
 * label or allergen exclusion), `brand`, `multi` (several words), `partial` (typed on the way:
 * the last word cut short).
 */

/** What a rule reads of a product, as the Storefront API answers it. */
export type JudgedProduct = {
  handle: string;
  title: string;
  vendor: string;
  /** Titles of the collections it is in: its category and the categories above it. */
  collections: string[];
  /** Handles of its diets (`custom.regimes`): `vegan`, `sans-gluten`… */
  diets: string[];
  /** Handles of its labels (`custom.labelsDetails`): `ab`, `aop`, `label-rouge`… */
  labels: string[];
  /** Handles of its allergens (`custom.allergens`): `gluten`, `lait`… */
  allergens: string[];
};

export type QueryKind = "plain" | "plural" | "misspelt" | "diet" | "brand" | "multi" | "partial";

export type JudgedQuery = {
  query: string;
  kind: QueryKind;
  /** Whether a product answers the query. */
  relevant: (product: JudgedProduct) => boolean;
};

/** Accents and case aside, as shoppers read titles. */
const fold = (text: string) =>
  text.normalize("NFD").replace(/\p{M}/gu, "").replace(/œ/gi, "oe").toLowerCase();

/** In a collection of that title (its category or one above it). */
const inCollection =
  (...titles: string[]) =>
  (product: JudgedProduct) =>
    product.collections.some((title) => titles.includes(title));

/** Its title holds one of these words (accents and case aside; a word start). */
const titled =
  (...words: string[]) =>
  (product: JudgedProduct) => {
    const title = fold(product.title);
    return words.some((word) => new RegExp(`(^|[^a-z])${fold(word)}`).test(title));
  };

const all =
  (...rules: ((product: JudgedProduct) => boolean)[]) =>
  (product: JudgedProduct) =>
    rules.every((rule) => rule(product));

const not = (rule: (product: JudgedProduct) => boolean) => (product: JudgedProduct) =>
  !rule(product);

const diet = (handle: string) => (product: JudgedProduct) => product.diets.includes(handle);
const label = (handle: string) => (product: JudgedProduct) => product.labels.includes(handle);
const brand = (name: string) => (product: JudgedProduct) => product.vendor === name;

const cheese = inCollection("Fromagerie");
const chocolate = inCollection("Chocolats");
const honeyJam = inCollection("Confitures, miels et pâtes à tartiner");
const teas = inCollection("Thés et infusions");
const pantry = inCollection("Pâtes, riz et légumineuses");
/** Pasta: the pantry shelf, but not its rice, pulses or grains. */
const pasta = all(
  pantry,
  not(
    titled(
      "riz",
      "lentille",
      "pois",
      "haricot",
      "quinoa",
      "boulgour",
      "semoule",
      "polenta",
      "flageolet",
    ),
  ),
);

export const JUDGED_QUERIES: readonly JudgedQuery[] = [
  // One word, as a shopper names a shelf or a product.
  { query: "fromage", kind: "plain", relevant: cheese },
  { query: "chocolat", kind: "plain", relevant: chocolate },
  { query: "miel", kind: "plain", relevant: all(honeyJam, titled("miel")) },
  { query: "confiture", kind: "plain", relevant: all(honeyJam, titled("confiture")) },
  { query: "café", kind: "plain", relevant: inCollection("Cafés") },
  { query: "thé", kind: "plain", relevant: all(teas, not(titled("infusion", "tisane"))) },
  { query: "champagne", kind: "plain", relevant: inCollection("Champagnes et effervescents") },
  { query: "whisky", kind: "plain", relevant: inCollection("Whiskies") },
  { query: "rhum", kind: "plain", relevant: inCollection("Rhums") },
  { query: "cognac", kind: "plain", relevant: inCollection("Cognacs et armagnacs") },
  {
    query: "cidre",
    kind: "plain",
    relevant: all(inCollection("Bières et cidres"), titled("cidre")),
  },
  { query: "vinaigre", kind: "plain", relevant: inCollection("Vinaigres") },
  { query: "moutarde", kind: "plain", relevant: titled("moutarde") },
  { query: "caviar", kind: "plain", relevant: titled("caviar") },
  { query: "camembert", kind: "plain", relevant: all(cheese, titled("camembert")) },
  { query: "brie", kind: "plain", relevant: all(cheese, titled("brie")) },
  { query: "tomme", kind: "plain", relevant: all(cheese, titled("tomme")) },
  { query: "comté", kind: "plain", relevant: all(cheese, titled("comté")) },
  { query: "beurre", kind: "plain", relevant: all(inCollection("Crèmerie"), titled("beurre")) },
  { query: "jambon", kind: "plain", relevant: inCollection("Jambons") },
  { query: "saucisson", kind: "plain", relevant: titled("saucisson") },
  { query: "terrine", kind: "plain", relevant: inCollection("Pâtés et terrines") },
  { query: "pâté", kind: "plain", relevant: inCollection("Pâtés et terrines") },
  { query: "poulet", kind: "plain", relevant: all(inCollection("Volailles"), titled("poulet")) },
  {
    query: "agneau",
    kind: "plain",
    relevant: all(inCollection("Veau et agneau"), titled("agneau")),
  },
  { query: "bœuf", kind: "plain", relevant: inCollection("Bœuf") },
  { query: "citron", kind: "plain", relevant: all(inCollection("Agrumes"), titled("citron")) },
  { query: "champignons", kind: "plain", relevant: inCollection("Champignons") },
  { query: "basilic", kind: "plain", relevant: titled("basilic") },
  {
    query: "amandes",
    kind: "plain",
    relevant: all(inCollection("Fruits secs et graines"), titled("amande")),
  },
  { query: "soupe", kind: "plain", relevant: inCollection("Soupes et veloutés") },
  { query: "baguette", kind: "plain", relevant: all(inCollection("Pains"), titled("baguette")) },
  { query: "croissant", kind: "plain", relevant: titled("croissant") },
  { query: "macarons", kind: "plain", relevant: inCollection("Macarons") },
  { query: "madeleines", kind: "plain", relevant: titled("madeleine") },
  { query: "riz", kind: "plain", relevant: all(pantry, titled("riz")) },
  { query: "lentilles", kind: "plain", relevant: titled("lentille") },
  { query: "pâtes", kind: "plain", relevant: (p) => pasta(p) },

  // Plurals and the shelf names shoppers type.
  { query: "fromages", kind: "plural", relevant: cheese },
  { query: "chocolats", kind: "plural", relevant: chocolate },
  { query: "vins rouges", kind: "plural", relevant: inCollection("Vins rouges") },
  { query: "vins blancs", kind: "plural", relevant: inCollection("Vins blancs") },
  {
    query: "bières",
    kind: "plural",
    relevant: all(inCollection("Bières et cidres"), not(titled("cidre"))),
  },
  { query: "biscuits", kind: "plural", relevant: inCollection("Biscuits et gâteaux secs") },
  { query: "épices", kind: "plural", relevant: inCollection("Sel, poivre et épices") },
  { query: "huiles", kind: "plural", relevant: inCollection("Huiles et vinaigres") },
  { query: "oranges", kind: "plural", relevant: all(inCollection("Agrumes"), titled("orange")) },
  { query: "tomates", kind: "plural", relevant: titled("tomate") },
  { query: "sardines", kind: "plural", relevant: titled("sardine") },
  { query: "confiseries", kind: "plural", relevant: inCollection("Confiseries") },
  { query: "viennoiseries", kind: "plural", relevant: inCollection("Viennoiseries") },
  { query: "pâtisseries", kind: "plural", relevant: inCollection("Pâtisseries") },

  // Typos and missing accents.
  { query: "fromaje", kind: "misspelt", relevant: cheese },
  { query: "chocolt", kind: "misspelt", relevant: chocolate },
  { query: "camenbert", kind: "misspelt", relevant: all(cheese, titled("camembert")) },
  { query: "saucison", kind: "misspelt", relevant: titled("saucisson") },
  { query: "croisant", kind: "misspelt", relevant: titled("croissant") },
  { query: "champagen", kind: "misspelt", relevant: inCollection("Champagnes et effervescents") },
  { query: "cafe", kind: "misspelt", relevant: inCollection("Cafés") },
  { query: "pates", kind: "misspelt", relevant: (p) => pasta(p) },
  { query: "epices", kind: "misspelt", relevant: inCollection("Sel, poivre et épices") },
  { query: "confitur", kind: "misspelt", relevant: all(honeyJam, titled("confiture")) },

  // Diets, labels and exclusions named in the query.
  { query: "sans gluten", kind: "diet", relevant: diet("sans-gluten") },
  { query: "vegan", kind: "diet", relevant: diet("vegan") },
  { query: "végétarien", kind: "diet", relevant: (p) => diet("vegetarien")(p) || diet("vegan")(p) },
  { query: "sans lactose", kind: "diet", relevant: diet("sans-lactose") },
  { query: "halal", kind: "diet", relevant: diet("halal") },
  { query: "bio", kind: "diet", relevant: label("ab") },
  { query: "AOP", kind: "diet", relevant: label("aop") },
  { query: "label rouge", kind: "diet", relevant: label("label-rouge") },
  { query: "fromage bio", kind: "diet", relevant: all(cheese, label("ab")) },
  { query: "vin bio", kind: "diet", relevant: all(inCollection("Vins"), label("ab")) },

  // Brands.
  { query: "Rucher des Quatre Vents", kind: "brand", relevant: brand("Rucher des Quatre Vents") },
  { query: "Cacaoterie Valmont", kind: "brand", relevant: brand("Cacaoterie Valmont") },
  { query: "Jambonnerie de l'Adour", kind: "brand", relevant: brand("Jambonnerie de l'Adour") },
  { query: "Fumaison de l'Aber", kind: "brand", relevant: brand("Fumaison de l'Aber") },
  { query: "Torréfacteur Balthazar", kind: "brand", relevant: brand("Torréfacteur Balthazar") },

  // Several words.
  { query: "huile d'olive", kind: "multi", relevant: inCollection("Huiles d'olive") },
  { query: "chocolat noir", kind: "multi", relevant: all(chocolate, titled("noir")) },
  { query: "chocolat au lait", kind: "multi", relevant: all(chocolate, titled("lait")) },
  {
    query: "confiture fraise",
    kind: "multi",
    relevant: all(titled("confiture"), titled("fraise")),
  },
  { query: "thé vert", kind: "multi", relevant: all(teas, titled("vert")) },
  { query: "fromage de chèvre", kind: "multi", relevant: inCollection("Fromages de chèvre") },
  { query: "foie gras", kind: "multi", relevant: inCollection("Foie gras") },
  {
    query: "saumon fumé",
    kind: "multi",
    relevant: all(inCollection("Poissons fumés et caviar"), titled("saumon")),
  },
  {
    query: "vinaigre balsamique",
    kind: "multi",
    relevant: all(inCollection("Vinaigres"), titled("balsamique")),
  },
  { query: "pâte à tartiner", kind: "multi", relevant: titled("pâte à tartiner") },
  { query: "fromage AOP", kind: "multi", relevant: all(cheese, label("aop")) },

  // Typed on the way: the last word cut short.
  { query: "chocolat n", kind: "partial", relevant: all(chocolate, titled("noir", "noisette")) },
  { query: "fromag", kind: "partial", relevant: cheese },
  { query: "huile d'ol", kind: "partial", relevant: inCollection("Huiles d'olive") },
  { query: "foie g", kind: "partial", relevant: inCollection("Foie gras") },
  { query: "champi", kind: "partial", relevant: inCollection("Champignons") },
  { query: "saum", kind: "partial", relevant: titled("saumon") },
  {
    query: "confit",
    kind: "partial",
    relevant: (p) => titled("confiture")(p) || titled("confit")(p),
  },
  { query: "macar", kind: "partial", relevant: inCollection("Macarons") },
];
