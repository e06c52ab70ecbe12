import { localImageUrl, priceUnitOf, quantityLabelOf } from "#app/lib/catalogue/product.ts";
import { toCents } from "#app/lib/format.ts";
import type { SearchSuggestionProductFragment } from "#app/lib/storefront.generated.ts";

/**
 * What the search overlay shows (storefront.md §2): products with a thumbnail, their price and
 * price per unit; categories, brands and artisans by name. The browser-safe half of
 * search-suggestions.server.ts.
 */

/** A category, brand or artisan suggestion, as the search index answers it. */
export type SuggestionHit = { id: number; handle: string; title: string };

export type SuggestionImage = {
  src: string;
  srcSet: string;
  width: number;
  height: number;
};

export type ProductSuggestion = {
  id: string;
  handle: string;
  title: string;
  image: SuggestionImage | null;
  /** The first variant's price (else the lowest), in cents. */
  price: number;
  /** What the product card prints under its title: `250 g · 45,00 € / kg`. */
  unitLabel: string | null;
};

export type Suggestions = {
  products: ProductSuggestion[];
  collections: SuggestionHit[];
  marques: SuggestionHit[];
  artisans: SuggestionHit[];
};

/** How wide the overlay draws a thumbnail, in CSS pixels (search-overlay.tsx, layout.css). */
export const THUMBNAIL_WIDTH = 48;

/** A product of the predictive search brought to what its suggestion prints. */
export function toProductSuggestion(product: SearchSuggestionProductFragment): ProductSuggestion {
  const fields = new Map<string, string>();
  for (const field of product.metafields) {
    const value = field?.value.trim();
    if (field && value) fields.set(field.key, value);
  }
  const image = product.featuredImage;
  const ratio = image?.width && image.height ? image.height / image.width : 1;
  const quantityLabel = quantityLabelOf({
    quantity: fields.get("quantity") ?? null,
    unit: fields.get("unit") ?? null,
    quantitiesUnit: fields.get("quantitiesUnit") ?? null,
  });
  const first = product.variants.nodes[0];
  const priceUnit = priceUnitOf(fields.get("price_unit_override"), first, fields.get("unit"));
  const unitLabel = [quantityLabel, priceUnit].filter(Boolean).join(" · ");
  const price = first?.price ?? product.priceRange.minVariantPrice;
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    image: image
      ? {
          src: localImageUrl(image.thumbnail),
          srcSet: `${localImageUrl(image.thumbnail)} 64w, ${localImageUrl(image.thumbnail2x)} 128w`,
          width: THUMBNAIL_WIDTH,
          height: Math.round(THUMBNAIL_WIDTH * ratio),
        }
      : null,
    price: toCents(price.amount),
    unitLabel: unitLabel === "" ? null : unitLabel,
  };
}
