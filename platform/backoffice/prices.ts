/**
 * Price texts of the admin forms, shared by the browser (form values, choices) and the server
 * (parsing, change log), so both read and write prices alike.
 */

/** 1250 → `12,50` (what a price field shows); null → empty. */
export function eurosText(cents: number | null): string {
  return cents === null ? "" : (cents / 100).toFixed(2).replace(".", ",");
}

/** The bulk price operations, by the name the form and URL carry. */
export const PRICE_OPERATIONS = {
  prix: "Fixer le prix à (€)",
  pourcent: "Augmenter ou baisser de (%)",
  montant: "Augmenter ou baisser de (€)",
  "promo-pourcent": "Promotion : prix barré = prix actuel, puis baisse de (%)",
  "promo-montant": "Promotion : prix barré = prix actuel, puis baisse de (€)",
  "sans-barre": "Retirer le prix barré",
} as const;

export type PriceOperationName = keyof typeof PRICE_OPERATIONS;
