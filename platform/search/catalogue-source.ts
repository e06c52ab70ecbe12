import type { SQL } from "drizzle-orm";

/**
 * What the index reads from the catalogue it indexes: the catalogue module's answer, as SQL the
 * index runs inside its own set-based statements (one statement per batch keeps indexing fast).
 * The search module never names the catalogue's tables; the commerce module implements this
 * (`catalogueSearchSource` on its face) and hands it over wherever the index is written or a
 * filtered search runs.
 */
export type CatalogueSource = {
  /**
   * Rows `(id, handle, title, vendor, tags, body, category, ancestors, facets)` of the searchable
   * products among `ids`: `category` holds the titles of the product's own categories,
   * `ancestors` those of the collections above or beside them, `facets` its diets, labels and
   * allergens as tokens (intents.ts).
   */
  products(ids: SQL): SQL;
  /** Rows `(id, handle, title, body)` of the searchable collections among `ids`. */
  collections(ids: SQL): SQL;
  /**
   * Rows `(id, boost)` of the products among `ids` (every product when undefined): how well each
   * sells and whether it can be bought, the ranking's popularity key — 1 when available for
   * sale, plus ln(1 + units sold since `since` in orders that were not cancelled).
   */
  popularity(ids: SQL | undefined, since: SQL): SQL;
  /** Rows `(id)` of the products in the collections among `ids`: their categories changed. */
  collectionProducts(ids: SQL): SQL;
  /** Rows `(id, handle, kind, title)` of the brands among `ids`: `kind` is `marque` or `artisan`. */
  brands(ids: SQL): SQL;
  /** Rows `(id)` of everything each phase of a rebuild goes through, deleted sources excluded. */
  all: { products: SQL; collections: SQL; brands: SQL };
  /**
   * For a filtered or price-sorted search: a join that makes a product's facts available for
   * the document's `ref` (an id expression), and expressions over them.
   */
  productFacts: {
    join(ref: SQL): SQL;
    /** The product's lowest price in cents. */
    price: SQL;
    /** The condition of one filter, or undefined when the filter is empty. */
    condition(filter: SearchProductFilter): { kind: string; condition: SQL } | undefined;
  };
};

/** Shopify's `ProductFilter`, the part we serve: kinds are ANDed, values of one kind ORed. */
export type SearchProductFilter = {
  available?: boolean | null;
  /** In euros, on the product's lowest price. */
  price?: { min?: number | null; max?: number | null } | null;
  productVendor?: string | null;
  productType?: string | null;
  tag?: string | null;
  productMetafield?: { namespace: string; key: string; value: string } | null;
};
