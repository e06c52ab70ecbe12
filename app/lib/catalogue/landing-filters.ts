/**
 * Filtered landing pages, /f/{category}/{filter}/: a category's products under one filter named
 * in the path — a diet (`sans-gluten`), a label (`bio`), a brand (its handle) or an allergen to
 * leave out (`sans-{allergen}`) — so that "Fromagerie sans lactose" has an address of its own
 * for shoppers and search engines. The same listing the category page shows with that filter
 * ticked; the sort and "load more" work as there.
 */

import { type ListingParams, PARAM } from "#app/lib/catalogue/listing.ts";
import type { CatalogueReference } from "#app/lib/catalogue/reference.server.ts";

export type LandingFilter =
  | { kind: "diet"; handle: string; title: string }
  | { kind: "label"; handle: string; title: string }
  | { kind: "brand"; handle: string; title: string }
  | { kind: "allergen"; handle: string; title: string };

const WITHOUT = "sans-";

/** The filter a path segment names, looked up in that order; null when it names none. */
export function resolveLandingFilter(
  segment: string,
  ref: Pick<CatalogueReference, "regimes" | "labels" | "brands" | "allergens">,
): LandingFilter | null {
  const diet = ref.regimes.find((taxon) => taxon.handle === segment);
  if (diet) return { kind: "diet", handle: diet.handle, title: diet.title };
  const label = ref.labels.find((taxon) => taxon.handle === segment);
  if (label) return { kind: "label", handle: label.handle, title: label.title };
  const brand = ref.brands.find((item) => item.handle === segment);
  if (brand) return { kind: "brand", handle: brand.handle, title: brand.name };
  if (segment.startsWith(WITHOUT)) {
    const handle = segment.slice(WITHOUT.length);
    const allergen = ref.allergens.find((taxon) => taxon.handle === handle);
    if (allergen) {
      return {
        kind: "allergen",
        handle: allergen.handle,
        title: `Sans ${allergen.title.toLowerCase()}`,
      };
    }
  }
  return null;
}

function withValue(list: string[], value: string): string[] {
  return list.includes(value) ? list : [...list, value];
}

/** The listing's parameters with the landing page's own filter added. */
export function applyLandingFilter(params: ListingParams, filter: LandingFilter): ListingParams {
  switch (filter.kind) {
    case "diet":
      return { ...params, diets: withValue(params.diets, filter.handle) };
    case "label":
      return { ...params, labels: withValue(params.labels, filter.handle) };
    case "brand":
      // Listings filter brands by vendor name.
      return { ...params, brands: withValue(params.brands, filter.title) };
    case "allergen":
      return { ...params, withoutAllergens: withValue(params.withoutAllergens, filter.handle) };
  }
}

/** The category page's URL with the same filter ticked, where every other filter is at hand. */
export function categoryFilterHref(categoryPath: string, filter: LandingFilter): string {
  const search = new URLSearchParams();
  if (filter.kind === "diet") search.set(PARAM.diet, filter.handle);
  if (filter.kind === "label") search.set(PARAM.label, filter.handle);
  if (filter.kind === "brand") search.set(PARAM.brand, filter.title);
  if (filter.kind === "allergen") search.set(PARAM.withoutAllergen, filter.handle);
  return `${categoryPath}?${search}`;
}

/** The page's title: "Fromagerie : sans gluten", "Cave : Domaine X". */
export function landingTitle(category: string, filter: LandingFilter): string {
  const name = filter.kind === "brand" ? filter.title : filter.title.toLowerCase();
  return `${category} : ${name}`;
}
