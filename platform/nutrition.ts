/**
 * The nutrition declaration of EU regulation 1169/2011 (INCO, annex XV), per 100 g or 100 ml, as
 * a product's custom fields hold it: French texts such as `12,3 g` and `1 234 kJ / 295 kcal`.
 * Values are rounded as the Commission's guidance on tolerances asks, and the energy is computed
 * from the rounded values with the conversion factors of annex XIV, so a declaration adds up.
 */

/** The custom fields of a declaration, in the order annex XV lists them, with their labels. */
export const NUTRITION_ROWS = [
  { key: "energy_value", label: "Énergie" },
  { key: "lipids", label: "Matières grasses" },
  { key: "acids", label: "dont acides gras saturés" },
  { key: "glucids", label: "Glucides" },
  { key: "sugars", label: "dont sucres" },
  { key: "proteins", label: "Protéines" },
  { key: "salt", label: "Sel" },
] as const;

export type NutritionKey = (typeof NUTRITION_ROWS)[number]["key"];

/** Grams per 100 g or 100 ml. */
export type Nutrients = {
  lipids: number;
  saturates: number;
  glucids: number;
  sugars: number;
  proteins: number;
  salt: number;
};

/** Annex XIV: kJ and kcal per gram of fat, carbohydrate and protein. */
const FACTORS = {
  lipids: { kj: 37, kcal: 9 },
  glucids: { kj: 17, kcal: 4 },
  proteins: { kj: 17, kcal: 4 },
} as const;

/** The energy of 100 g, in whole kJ and kcal. */
export function energyOf(nutrients: Pick<Nutrients, "lipids" | "glucids" | "proteins">): {
  kj: number;
  kcal: number;
} {
  let kj = 0;
  let kcal = 0;
  for (const key of ["lipids", "glucids", "proteins"] as const) {
    kj += nutrients[key] * FACTORS[key].kj;
    kcal += nutrients[key] * FACTORS[key].kcal;
  }
  return { kj: Math.round(kj), kcal: Math.round(kcal) };
}

/**
 * Rounded as the guidance asks: fat, carbohydrate, sugars and protein to 1 g from 10 g, else to
 * 0.1 g; saturates the same; salt to 0.1 g from 1 g, else to 0.01 g.
 */
export function roundNutrient(grams: number, nutrient: "salt" | "other"): number {
  const step = nutrient === "salt" ? (grams >= 1 ? 0.1 : 0.01) : grams >= 10 ? 1 : 0.1;
  return Math.round(Math.round(grams / step) * step * 100) / 100;
}

/** `1234.5` → `1 234,5`: French digits. */
function frenchGrams(value: number): string {
  const [whole = "0", fraction] = String(value).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  return fraction === undefined ? grouped : `${grouped},${fraction}`;
}

/** The custom field texts of a declaration, rounded, its energy computed from what it shows. */
export function nutritionFields(nutrients: Nutrients): Record<NutritionKey, string> {
  const shown = {
    lipids: roundNutrient(nutrients.lipids, "other"),
    saturates: roundNutrient(Math.min(nutrients.saturates, nutrients.lipids), "other"),
    glucids: roundNutrient(nutrients.glucids, "other"),
    sugars: roundNutrient(Math.min(nutrients.sugars, nutrients.glucids), "other"),
    proteins: roundNutrient(nutrients.proteins, "other"),
    salt: roundNutrient(nutrients.salt, "salt"),
  };
  const energy = energyOf(shown);
  return {
    energy_value: `${frenchGrams(energy.kj)} kJ / ${frenchGrams(energy.kcal)} kcal`,
    lipids: `${frenchGrams(shown.lipids)} g`,
    acids: `${frenchGrams(shown.saturates)} g`,
    glucids: `${frenchGrams(shown.glucids)} g`,
    sugars: `${frenchGrams(shown.sugars)} g`,
    proteins: `${frenchGrams(shown.proteins)} g`,
    salt: `${frenchGrams(shown.salt)} g`,
  };
}

/** `12,3 g` → 12.3; null when the text is not a quantity of grams. */
export function gramsOf(text: string): number | null {
  const match = /^\s*(\d[\d\s\u202f]*(?:[,.]\d+)?)\s*g\s*$/.exec(text);
  return match?.[1] ? Number(match[1].replace(/[\s\u202f]/g, "").replace(",", ".")) : null;
}

/** `1 234 kJ / 295 kcal` → { kj: 1234, kcal: 295 }; null when the text says something else. */
export function energyFieldOf(text: string): { kj: number; kcal: number } | null {
  const match = /^\s*([\d\s\u202f]+)\s*kJ\s*\/\s*([\d\s\u202f]+)\s*kcal\s*$/i.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const number = (digits: string) => Number(digits.replace(/[\s\u202f]/g, ""));
  return { kj: number(match[1]), kcal: number(match[2]) };
}

/**
 * What is wrong with a declaration as staff or an import file enter it, by field, in French:
 * all seven values or none; grams as `12,5 g`, the energy as `1 234 kJ / 295 kcal`; a part
 * (« dont … ») no more than its whole. An empty declaration is valid: the product then says why
 * it is exempt, or shows no table.
 */
export function nutritionErrors(
  values: Partial<Record<NutritionKey, string>>,
): Partial<Record<NutritionKey, string>> {
  const errors: Partial<Record<NutritionKey, string>> = {};
  const given = NUTRITION_ROWS.filter(({ key }) => (values[key] ?? "").trim() !== "");
  if (given.length === 0) return errors;
  const grams: Partial<Record<NutritionKey, number>> = {};
  for (const { key } of NUTRITION_ROWS) {
    const text = (values[key] ?? "").trim();
    if (text === "") {
      errors[key] = "Obligatoire dès qu'une valeur nutritionnelle est donnée.";
    } else if (key === "energy_value") {
      if (!energyFieldOf(text)) errors[key] = "Sous la forme « 1 234 kJ / 295 kcal ».";
    } else {
      const value = gramsOf(text);
      if (value === null || value > 100) errors[key] = "En grammes pour 100 g : « 12,5 g ».";
      else grams[key] = value;
    }
  }
  const part = (key: "acids" | "sugars", whole: "lipids" | "glucids", message: string) => {
    const [of, total] = [grams[key], grams[whole]];
    if (of !== undefined && total !== undefined && of > total) errors[key] ??= message;
  };
  part("acids", "lipids", "Ne peut dépasser les matières grasses.");
  part("sugars", "glucids", "Ne peut dépasser les glucides.");
  return errors;
}
