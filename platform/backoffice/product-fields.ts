import { weightsProblem } from "#platform/sold-by-weight.ts";

/**
 * The product custom fields the admin product screen edits, with their French labels: shared by
 * the form (browser) and the change log written on save (server), so both name a field alike.
 */
export type TextFieldKey =
  | "discountLabel"
  | "gamme"
  | "quantity"
  | "unit"
  | "quantitiesUnit"
  | "origin"
  | "alcohol"
  | "ingredients_composition"
  | "ingredients_alertDetails"
  | "conservation_text"
  | "durability_text"
  | "energy_value"
  | "lipids"
  | "acids"
  | "glucids"
  | "sugars"
  | "proteins"
  | "salt"
  | "nutrition_exemption";

export type TextField = { key: TextFieldKey; label: string; multiline?: boolean; hint?: string };

export const TEXT_FIELD_GROUPS: { title: string; fields: TextField[] }[] = [
  {
    title: "Vente",
    fields: [
      { key: "discountLabel", label: "Libellé de promotion", hint: "Par exemple « -20 % »." },
      { key: "gamme", label: "Gamme" },
      {
        key: "quantity",
        label: "Quantité",
        hint: "Quantité nette, par exemple 250 : le prix à l'unité en est calculé.",
      },
      { key: "unit", label: "Unité", hint: "g, kg, cl, l, pièce ou part." },
      { key: "quantitiesUnit", label: "Unité de vente" },
    ],
  },
  {
    title: "Origine et composition",
    fields: [
      { key: "origin", label: "Origine" },
      { key: "alcohol", label: "Degré d'alcool" },
      {
        key: "ingredients_composition",
        label: "Ingrédients",
        multiline: true,
        hint: "Allergènes entre tirets bas, affichés en gras : farine de _blé_, _beurre_.",
      },
      { key: "ingredients_alertDetails", label: "Mentions sur les allergènes", multiline: true },
      { key: "conservation_text", label: "Conservation", multiline: true },
      {
        key: "durability_text",
        label: "Date de consommation",
        multiline: true,
        hint: "Par exemple « À consommer jusqu'à la date indiquée sur l'étiquette. »",
      },
    ],
  },
  {
    title: "Valeurs nutritionnelles (pour 100 g ou 100 ml)",
    fields: [
      { key: "energy_value", label: "Énergie", hint: "Par exemple 1 234 kJ / 295 kcal." },
      { key: "lipids", label: "Matières grasses", hint: "Par exemple 12,5 g." },
      { key: "acids", label: "dont acides gras saturés" },
      { key: "glucids", label: "Glucides" },
      { key: "sugars", label: "dont sucres" },
      { key: "proteins", label: "Protéines" },
      { key: "salt", label: "Sel" },
      {
        key: "nutrition_exemption",
        label: "Motif d'exemption",
        multiline: true,
        hint: "Sans valeurs nutritionnelles, dites pourquoi : « Exempté de déclaration nutritionnelle : produit non transformé… »",
      },
    ],
  },
];

export const TEXT_FIELDS: TextField[] = TEXT_FIELD_GROUPS.flatMap((group) => group.fields);

export const LIST_FIELDS = [
  { key: "allergens", label: "Allergènes", choices: "allergens" },
  { key: "regimes", label: "Régimes", choices: "regimes" },
  { key: "labelsDetails", label: "Labels", choices: "labels" },
] as const;

export const OTHER_FIELD_LABELS = {
  title: "Titre",
  vendor: "Fabricant (vendor)",
  productType: "Type de produit",
  descriptionHtml: "Description (HTML)",
  tags: "Étiquettes",
  seoTitle: "Titre SEO",
  seoDescription: "Description SEO",
  marque: "Marque",
  max_quantity: "Quantité maximale par commande",
  produit_associe: "Produits associés",
  hideInSearch: "Masquer de la recherche",
  vat_rate: "Taux de TVA",
  sold_by_weight: "Vendu au poids, coupé à la demande",
  price_per_kg: "Prix au kilo (€)",
  price_unit_manual: "Prix à l'unité saisi à la main",
  price_unit_override: "Prix à l'unité affiché",
  price_unit_override_reason: "Motif de la saisie à la main",
} as const;

/**
 * The unit price (`39,60 €/kg`) is computed from the price and the net quantity; a hand-typed one
 * is a deliberate override with its reason (platform/unit-price.ts, docs/unit-price.md).
 */
export const UNIT_PRICE_MESSAGES = {
  overrideMissing: "Indiquez le prix à l'unité à afficher, par exemple 3,20 € / botte.",
  reasonMissing:
    "Dites pourquoi ce prix à l'unité est saisi à la main, par exemple « vendu à la botte ».",
  notComputable:
    "Non calculable : indiquez la quantité nette (Quantité et Unité : g, kg, cl, l, pièce ou part) ou des variantes titrées par format (250 g, 75 cl).",
} as const;

/**
 * Why a product cannot be sold by weight (platform/sold-by-weight.ts), as the product form and
 * the products import say it.
 */
export const SOLD_BY_WEIGHT_MESSAGES = {
  pricePerKgMissing: "Indiquez le prix au kilo d'un produit vendu au poids, par exemple 34,00.",
  notAWeight: (title: string) =>
    `Un produit vendu au poids se décline en poids (250 g, 500 g, 1 kg…) : « ${variantName(title)} » n'en est pas un.`,
  sameWeight: (title: string) => `Le poids « ${title} » figure deux fois parmi les variantes.`,
} as const;

/** Why these variants cannot be the weights of a product sold by weight, in French; null when they can. */
export function weightsMessage(variants: readonly { title: string }[]): string | null {
  const problem = weightsProblem(variants);
  if (!problem) return null;
  return problem.kind === "not_a_weight"
    ? SOLD_BY_WEIGHT_MESSAGES.notAWeight(problem.title)
    : SOLD_BY_WEIGHT_MESSAGES.sameWeight(problem.title);
}

/** A variant as the back office names it: its title, « Unique » for Shopify's lone variant. */
export function variantName(title: string): string {
  return title === "Default Title" ? "Unique" : title;
}

/** The VAT rates the product form offers (platform/vat.ts), as the `vat_rate` field stores them. */
export const VAT_CHOICES = [
  { value: "5.5", label: "5,5 % (alimentation)" },
  { value: "10", label: "10 % (plats préparés)" },
  { value: "20", label: "20 % (alcool, confiserie, non-alimentaire)" },
] as const;
