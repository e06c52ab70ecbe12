import {
  bottleAndGlass,
  candyJar,
  cloche,
  crate,
  fruitTrio,
  giftBox,
  ham,
  jamJar,
  jar,
  loaf,
  oilBottle,
  saucisson,
  tablet,
  tart,
  terrine,
  tin,
  wedge,
  wheel,
  wineBottle,
} from "#platform/commerce/images/placeholder/motifs.ts";
import type { Random } from "#platform/commerce/images/placeholder/random.ts";

/**
 * The demo pictures' categories: a palette and the motifs that suit each top category, found
 * from the category's name, and the neutral one for anything else.
 */

export type Palette = {
  /** What the card prints above the still life. */
  label: string;
  backgroundTop: string;
  backgroundBottom: string;
  /** The table the object stands on, and the title's ground. */
  surface: string;
  backdrop: string;
  accent: string;
  /** Main colours of the object; the seed picks one. */
  objects: readonly string[];
  /** Labels, paper, highlights on the object. */
  paper: string;
  /** Text on the surface, then text on the background. */
  ink: string;
  labelInk: string;
};

type Draw = (random: Random, palette: Palette) => string;

/** A way to draw the category's object; a title containing one of `words` asks for it. */
type Motif = { draw: Draw; words?: readonly string[] };

type Category = { palette: Palette; motifs: readonly Motif[] };

// ---------------------------------------------------------------------------------------------
// Categories and palettes

export const CATEGORIES: readonly (Category & { slug: string; keywords: readonly string[] })[] = [
  {
    slug: "epicerie-salee",
    keywords: ["epicerie-salee", "sale"],
    palette: {
      label: "Épicerie salée",
      backgroundTop: "#e9e1cc",
      backgroundBottom: "#d8cdb0",
      surface: "#3f4a2b",
      backdrop: "#c7b98f",
      accent: "#b8893a",
      objects: ["#6b7a3a", "#b5562f", "#c99a2e", "#7c3b2a"],
      paper: "#f6efdf",
      ink: "#f3ecd9",
      labelInk: "#3f4a2b",
    },
    motifs: [
      { draw: jar, words: ["bocal", "rillettes", "tapenade", "moutarde", "pesto", "condiment"] },
      { draw: tin, words: ["sardine", "thon", "maquereau", "conserve", "boite"] },
      { draw: oilBottle, words: ["huile", "vinaigre", "sauce"] },
    ],
  },
  {
    slug: "epicerie-sucree",
    keywords: ["epicerie-sucree", "sucre", "confiserie", "chocolat"],
    palette: {
      label: "Épicerie sucrée",
      backgroundTop: "#f5e3e1",
      backgroundBottom: "#e9c9c8",
      surface: "#7d2942",
      backdrop: "#e2b3b5",
      accent: "#c98b3c",
      objects: ["#c0392b", "#d9962b", "#5a2d22", "#8e3b5e"],
      paper: "#fbf3ea",
      ink: "#fbeee8",
      labelInk: "#7d2942",
    },
    motifs: [
      {
        draw: jamJar,
        words: ["confiture", "miel", "pate a tartiner", "compote", "creme de marron"],
      },
      { draw: tablet, words: ["chocolat", "tablette"] },
      { draw: candyJar, words: ["bonbon", "dragee", "caramel", "calisson", "guimauve"] },
    ],
  },
  {
    slug: "cave",
    keywords: ["cave", "vin", "spiritueux", "champagne", "biere"],
    palette: {
      label: "Cave",
      backgroundTop: "#4a1c2a",
      backgroundBottom: "#2c1019",
      surface: "#1d0a10",
      backdrop: "#6b2a3c",
      accent: "#c9a24a",
      objects: ["#1f3a2a", "#3b0f1c", "#6b4a12", "#141a14"],
      paper: "#efe3c8",
      ink: "#f1e4c6",
      labelInk: "#e8d6ab",
    },
    motifs: [{ draw: wineBottle }, { draw: wineBottle }, { draw: bottleAndGlass }],
  },
  {
    slug: "fromagerie",
    keywords: ["fromagerie", "fromage", "cremerie", "laitier"],
    palette: {
      label: "Fromagerie",
      backgroundTop: "#f6ebc8",
      backgroundBottom: "#ead7a1",
      surface: "#2f3a4a",
      backdrop: "#e2c877",
      accent: "#b98a2e",
      objects: ["#f2c85b", "#f4d987", "#efe3c0", "#e9b949"],
      paper: "#fbf6e6",
      ink: "#f6ecd0",
      labelInk: "#2f3a4a",
    },
    motifs: [
      { draw: wedge, words: ["comte", "beaufort", "parmesan", "emmental", "gruyere", "mimolette"] },
      { draw: wheel, words: ["camembert", "brie", "reblochon", "coulommiers", "saint-marcellin"] },
    ],
  },
  {
    slug: "boucherie-charcuterie",
    keywords: ["boucherie", "charcuterie", "viande", "volaille"],
    palette: {
      label: "Boucherie – Charcuterie",
      backgroundTop: "#f1e3d3",
      backgroundBottom: "#e2ccb5",
      surface: "#5e1b1b",
      backdrop: "#d9b59c",
      accent: "#a8743a",
      objects: ["#7a2e2a", "#8c3a2f", "#6a2422"],
      paper: "#f6ece2",
      ink: "#f7e9dc",
      labelInk: "#5e1b1b",
    },
    motifs: [
      { draw: saucisson, words: ["saucisson", "chorizo", "salami", "saucisse", "rosette"] },
      { draw: ham, words: ["jambon", "gigot", "roti", "epaule"] },
    ],
  },
  {
    slug: "fruits-et-legumes",
    keywords: ["fruits", "legumes", "primeur"],
    palette: {
      label: "Fruits et légumes",
      backgroundTop: "#e8efdc",
      backgroundBottom: "#d3dfc0",
      surface: "#2f5d3a",
      backdrop: "#bcd09c",
      accent: "#d08a2c",
      objects: ["#c8372d", "#e39a2b", "#e8c547", "#8fae3a", "#6b2f5a"],
      paper: "#f4f1e3",
      ink: "#eef4e2",
      labelInk: "#2f5d3a",
    },
    motifs: [{ draw: fruitTrio }, { draw: crate, words: ["cagette", "panier", "assortiment"] }],
  },
  {
    slug: "traiteur",
    keywords: ["traiteur", "plat", "restauration"],
    palette: {
      label: "Traiteur",
      backgroundTop: "#eae5da",
      backgroundBottom: "#d9d1bf",
      surface: "#1f2f4a",
      backdrop: "#c5ccd6",
      accent: "#c7a457",
      objects: ["#b9bfc7", "#c8a86a", "#9aa5b1"],
      paper: "#fbfaf6",
      ink: "#efe9dc",
      labelInk: "#1f2f4a",
    },
    motifs: [
      { draw: cloche },
      { draw: terrine, words: ["terrine", "pate", "foie gras", "pate en croute"] },
    ],
  },
  {
    slug: "boulangerie-patisserie",
    keywords: ["boulangerie", "patisserie", "viennoiserie", "pain"],
    palette: {
      label: "Boulangerie – Pâtisserie",
      backgroundTop: "#f4e6c8",
      backgroundBottom: "#e7d0a1",
      surface: "#4a2f1f",
      backdrop: "#e3c28a",
      accent: "#b7743a",
      objects: ["#c17c3a", "#b0652c", "#d29a52"],
      paper: "#fbf3e2",
      ink: "#f6e8cd",
      labelInk: "#4a2f1f",
    },
    motifs: [
      { draw: loaf, words: ["pain", "baguette", "boule", "miche", "brioche", "fougasse"] },
      { draw: tart, words: ["tarte", "tartelette", "gateau", "entremets", "flan"] },
    ],
  },
];

const NEUTRAL: Category = {
  palette: {
    label: "Comptoir",
    backgroundTop: "#ece8e1",
    backgroundBottom: "#dcd6cc",
    surface: "#2b2b2b",
    backdrop: "#cfc7b9",
    accent: "#b69650",
    objects: ["#8a7f72", "#4f5d56", "#7b4b3a"],
    paper: "#f7f4ee",
    ink: "#eee8dc",
    labelInk: "#2b2b2b",
  },
  motifs: [{ draw: giftBox }],
};

/** `Épicerie salée`, `epicerie-salee` and `Épicerie salée > Huiles` all name the same top category. */
export function categoryOf(name: string): Category {
  const slug = plain(name.split(/[>/|]/)[0] ?? "");
  if (slug === "") return NEUTRAL;
  return (
    CATEGORIES.find((category) => category.slug === slug) ??
    CATEGORIES.find((category) => category.keywords.some((keyword) => slug.includes(keyword))) ??
    NEUTRAL
  );
}

/** The motif a title names (`Tarte aux framboises` → the tart), else one the seed picks. */
export function motifFor(category: Category, title: string, random: Random): Draw {
  const words = ` ${plain(title).replace(/-/g, " ")} `;
  const named = category.motifs.find((motif) =>
    motif.words?.some((word) => words.includes(` ${word.replace(/-/g, " ")}`)),
  );
  const picked = random.pick(category.motifs);
  return (named ?? picked).draw;
}

/** Lower case, no accents, non-alphanumerics collapsed to single hyphens. */
function plain(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
