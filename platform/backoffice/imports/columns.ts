import { z } from "zod";
import type { ProductMetafieldKey } from "#platform/commerce/index.ts";
import { parseVatRate, vatRateValue } from "#platform/vat.ts";

/**
 * The optional columns of the products import that fill custom fields: the food information, the
 * VAT rate and the sale by weight (docs/admin.md). A column the file leaves out keeps what the
 * product has.
 */

/**
 * The food information columns (EU regulation 1169/2011) and the custom fields they fill. A column
 * the file leaves out keeps what the product has; an empty cell clears the field.
 */
export const FOOD_COLUMNS = {
  quantity: "quantity",
  unit: "unit",
  origin: "origin",
  ingredients: "ingredients_composition",
  allergen_notes: "ingredients_alertDetails",
  conservation: "conservation_text",
  durability: "durability_text",
  energy: "energy_value",
  fat: "lipids",
  saturates: "acids",
  carbohydrate: "glucids",
  sugars: "sugars",
  protein: "proteins",
  salt: "salt",
  nutrition_exemption: "nutrition_exemption",
} as const satisfies Record<string, ProductMetafieldKey>;
export type FoodColumn = keyof typeof FOOD_COLUMNS;

/** A cell of a food column: undefined when the file has no such column. */
export const foodCell = z.preprocess(
  (value) => (value === undefined ? undefined : value === null ? "" : String(value).trim()),
  z.string().max(5000, "doit faire au plus 5000 caractères").optional(),
);

/**
 * The `vat_rate` cell: « 5,5 », « 5.5 », « 10 », « 20 » (with or without « % »), stored as the
 * field writes it (`5.5`); an empty cell clears the field (food's 5.5 %); undefined without the
 * column.
 */
export const vatCell = z.preprocess(
  (value) => (value === undefined ? undefined : value === null ? "" : String(value).trim()),
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === "") return value;
      const rate = parseVatRate(value);
      if (rate === null) {
        context.addIssue({ code: "custom", message: "doit être 5,5, 10 ou 20" });
        return z.NEVER;
      }
      return vatRateValue(rate);
    }),
);

/**
 * The `sold_by_weight` cell: « oui » / « non » (1/0, true/false); an empty cell is « non »;
 * undefined without the column. A line sold by weight gives its prices per kilogram
 * (platform/sold-by-weight.ts).
 */
export const soldByWeightCell = z
  .unknown()
  .optional()
  .transform((value, context) => {
    if (value === undefined) return undefined;
    if (typeof value === "boolean") return value;
    const word = String(value ?? "")
      .trim()
      .toLowerCase();
    if (["1", "true", "oui", "yes"].includes(word)) return true;
    if (["", "0", "false", "non", "no"].includes(word)) return false;
    context.addIssue({ code: "custom", message: "doit être oui ou non (1/0, true/false)" });
    return z.NEVER;
  });
