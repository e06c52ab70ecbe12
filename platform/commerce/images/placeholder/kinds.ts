import {
  aperitifBowl,
  ballotin,
  biscuits,
  casserole,
  cheeseBoard,
  croissant,
  herbs,
  honeyJar,
  loafCake,
  macarons,
  mushrooms,
  nutBowl,
  paperBag,
  quiche,
  saladBowl,
  sandwich,
  soupBowl,
  spiceJars,
  teaCaddy,
  vegetables,
} from "#platform/commerce/images/placeholder/dishes.ts";
import {
  candyJar,
  crate,
  fruitTrio,
  giftBox,
  jamJar,
  jar,
  loaf,
  oilBottle,
  saucisson,
  tablet,
  tart,
  terrine,
  tin,
} from "#platform/commerce/images/placeholder/motifs.ts";
import type { Palette } from "#platform/commerce/images/placeholder/palettes.ts";
import type { Random } from "#platform/commerce/images/placeholder/random.ts";
import {
  beerOrCider,
  butter,
  caviar,
  cheeseWedge,
  creamPot,
  curedHam,
  goatCheese,
  poultry,
  redMeat,
  smokedFish,
  softCheese,
  sparkling,
  spiritBottle,
  wineWithGlass,
  yoghurtPots,
} from "#platform/commerce/images/placeholder/subjects.ts";

/**
 * What a demo picture shows, named by the kind of product: the seed says `fromage-bleu` for a
 * Roquefort and `vin-rose` for a Tavel, and the picture draws that object in the colours of its
 * department. The kind is written on the SVG (`data-kind`), so the seeded files can be checked.
 */

type Draw = (random: Random, palette: Palette) => string;

/** A palette overridden for one kind: citrus in orange and yellow, not the department's reds. */
const inColours =
  (draw: Draw, objects: readonly string[]): Draw =>
  (random, palette) =>
    draw(random, { ...palette, objects });

export const PICTURE_KINDS = {
  // Épicerie salée
  huile: {
    department: "epicerie-salee",
    draw: inColours(oilBottle, ["#6b7a3a", "#8a9a3a", "#c99a2e"]),
  },
  vinaigre: {
    department: "epicerie-salee",
    draw: inColours(oilBottle, ["#5a1f1a", "#7c3b2a", "#3a2a1a"]),
  },
  conserve: { department: "epicerie-salee", draw: tin },
  condiment: { department: "epicerie-salee", draw: jar },
  "pates-seches": { department: "epicerie-salee", draw: paperBag("pasta") },
  "riz-et-legumineuses": { department: "epicerie-salee", draw: paperBag("grains") },
  epices: { department: "epicerie-salee", draw: spiceJars },
  aperitif: { department: "epicerie-salee", draw: aperitifBowl },
  coffret: { department: "epicerie-salee", draw: giftBox },
  // Épicerie sucrée
  chocolat: { department: "epicerie-sucree", draw: tablet },
  "bouchees-chocolat": { department: "epicerie-sucree", draw: ballotin },
  biscuits: { department: "epicerie-sucree", draw: biscuits },
  confiture: { department: "epicerie-sucree", draw: jamJar },
  "pate-a-tartiner": {
    department: "epicerie-sucree",
    draw: inColours(jamJar, ["#5a2d22", "#6b3a26"]),
  },
  miel: { department: "epicerie-sucree", draw: honeyJar },
  the: { department: "epicerie-sucree", draw: teaCaddy },
  cafe: { department: "epicerie-sucree", draw: paperBag("beans") },
  confiserie: { department: "epicerie-sucree", draw: candyJar },
  // Cave
  "vin-rouge": { department: "cave", draw: wineWithGlass("#1f3a2a", "#6b0f24", "#8c1c2c") },
  "vin-blanc": { department: "cave", draw: wineWithGlass("#7a8a3a", "#e8d27a", "#e8e1d0") },
  "vin-rose": { department: "cave", draw: wineWithGlass("#f2b8c0", "#ef8fa0", "#e8e1d0") },
  effervescent: { department: "cave", draw: sparkling("#ecd48a") },
  spiritueux: { department: "cave", draw: spiritBottle },
  biere: { department: "cave", draw: beerOrCider(false) },
  cidre: { department: "cave", draw: beerOrCider(true) },
  // Fromagerie
  "fromage-croute-fleurie": { department: "fromagerie", draw: softCheese("#f4f1e6", "#f3dc9a") },
  "fromage-croute-lavee": { department: "fromagerie", draw: softCheese("#d9863a", "#f1d58a") },
  "fromage-pate-pressee": {
    department: "fromagerie",
    draw: cheeseWedge("#f2c85b", "#b98a2e", false),
  },
  "fromage-bleu": { department: "fromagerie", draw: cheeseWedge("#f1ead2", "#d9cfae", true) },
  "fromage-chevre": { department: "fromagerie", draw: goatCheese },
  "plateau-fromages": { department: "fromagerie", draw: cheeseBoard },
  beurre: { department: "fromagerie", draw: butter },
  creme: { department: "fromagerie", draw: creamPot },
  yaourt: { department: "fromagerie", draw: yoghurtPots },
  // Boucherie – charcuterie
  "viande-rouge": { department: "boucherie-charcuterie", draw: redMeat },
  volaille: { department: "boucherie-charcuterie", draw: poultry },
  jambon: { department: "boucherie-charcuterie", draw: curedHam },
  saucisson: { department: "boucherie-charcuterie", draw: saucisson },
  terrine: { department: "boucherie-charcuterie", draw: terrine },
  // Fruits et légumes
  fruits: { department: "fruits-et-legumes", draw: fruitTrio },
  agrumes: {
    department: "fruits-et-legumes",
    draw: inColours(fruitTrio, ["#f39c12", "#f4d03f", "#e67e22", "#9ac43a"]),
  },
  legumes: { department: "fruits-et-legumes", draw: vegetables },
  herbes: { department: "fruits-et-legumes", draw: herbs },
  champignons: { department: "fruits-et-legumes", draw: mushrooms("cep") },
  truffes: { department: "fruits-et-legumes", draw: mushrooms("truffle") },
  "fruits-secs": { department: "fruits-et-legumes", draw: nutBowl },
  panier: { department: "fruits-et-legumes", draw: crate },
  // Traiteur
  salade: { department: "traiteur", draw: saladBowl },
  "plat-cuisine": { department: "traiteur", draw: casserole },
  "poisson-fume": { department: "traiteur", draw: smokedFish },
  caviar: { department: "traiteur", draw: caviar },
  soupe: { department: "traiteur", draw: soupBowl },
  sandwich: { department: "traiteur", draw: sandwich },
  quiche: { department: "traiteur", draw: quiche },
  // Boulangerie – pâtisserie
  pain: { department: "boulangerie-patisserie", draw: loaf },
  viennoiserie: { department: "boulangerie-patisserie", draw: croissant },
  patisserie: { department: "boulangerie-patisserie", draw: tart },
  "gateau-de-voyage": { department: "boulangerie-patisserie", draw: loafCake },
  macarons: { department: "boulangerie-patisserie", draw: macarons },
  // Anything else
  cadeau: { department: "", draw: giftBox },
} as const satisfies Record<string, { department: string; draw: Draw }>;

export type PictureKind = keyof typeof PICTURE_KINDS;

export function isPictureKind(value: string): value is PictureKind {
  return Object.hasOwn(PICTURE_KINDS, value);
}
