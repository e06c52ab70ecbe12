/** The shapes the order page's loader and action answer, shared with the reorder panel. */

export type OrderLineView = {
  /** Unique within the order (a product may appear on two lines with other options). */
  key: string;
  title: string;
  variantTitle: string | null;
  quantity: number;
  total: string;
  image: { url: string; altText: string | null } | null;
  productPath: string | null;
  /** A product of the catalogue (not a fee line such as 'Frais de service'). */
  isProduct: boolean;
  /** A product's substitution choice (« Pas de remplacement »); null for a fee line. */
  substitution: string | null;
  /** Whether the line can be added to the cart again (still exists, for sale). */
  available: boolean;
};

export type ReorderResult = {
  intent: "reorder";
  added: number;
  /** Titles of the lines that could not be added, with the reason. */
  refused: { title: string; reason: string }[];
  error?: string;
};

/** `3 produits ajoutés au panier`. */
export function reorderSummary(result: ReorderResult): string {
  if (result.error) return result.error;
  if (result.added === 0) return "Aucun produit de cette commande n'a pu être ajouté au panier.";
  return result.added > 1
    ? `${result.added} produits ajoutés au panier.`
    : "1 produit ajouté au panier.";
}
