import {
  activeFilterCount,
  type FilterGroup,
  type FilterView,
  type ListingParams,
  PARAM,
} from "#app/lib/catalogue/listing.ts";
import type { Taxon } from "#app/lib/catalogue/product.ts";
import type { CatalogueReference } from "#app/lib/catalogue/reference.server.ts";
import type { CatalogueFilterFragment } from "#app/lib/storefront.generated.ts";

/**
 * A listing's filters both ways: the URL's parameters as the Storefront API's `ProductFilter`s,
 * and the API's facets as the listing's filter form.
 */

/** Shopify's `ProductFilter` input, the parts the shop sends. */
export type ProductFilter =
  | { available: boolean }
  | { price: { min?: number; max?: number } }
  | { productVendor: string }
  | { tag: string }
  | { productMetafield: { namespace: string; key: string; value: string } };

/** A facet of a listing, as the API answers it (`Filter`). */
export type Facet = CatalogueFilterFragment;
export type FacetValue = Facet["values"][number];

/**
 * The API filters a listing's URL asks for: brands by name, diets and labels by metaobject
 * handle, availability, price. Unknown handles are ignored rather than emptying the list.
 */
export function toProductFilters(params: ListingParams, ref: CatalogueReference): ProductFilter[] {
  const metafield = (key: string, handles: string[], taxa: Taxon[]) =>
    handles.flatMap((handle) => {
      const taxon = taxa.find((item) => item.handle === handle);
      return taxon ? [{ productMetafield: { namespace: "custom", key, value: taxon.id } }] : [];
    });
  const filters: ProductFilter[] = [
    ...params.brands.map((name) => ({ productVendor: name })),
    ...metafield("regimes", params.diets, ref.regimes),
    ...metafield("labelsDetails", params.labels, ref.labels),
  ];
  if (params.availableOnly) filters.push({ available: true });
  if (params.priceMin !== null || params.priceMax !== null) {
    filters.push({
      price: {
        ...(params.priceMin !== null ? { min: params.priceMin } : {}),
        ...(params.priceMax !== null ? { max: params.priceMax } : {}),
      },
    });
  }
  return filters;
}

/** GIDs of the allergens a listing's URL excludes. */
export function excludedAllergens(params: ListingParams, ref: CatalogueReference): string[] {
  return params.withoutAllergens.flatMap((handle) => {
    const taxon = ref.allergens.find((item) => item.handle === handle);
    return taxon ? [taxon.id] : [];
  });
}

function facetInput(value: FacetValue): Record<string, unknown> {
  try {
    const parsed = JSON.parse(value.input) as unknown;
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function metafieldGid(value: FacetValue): string | undefined {
  const input = facetInput(value).productMetafield as { value?: string } | undefined;
  return input?.value;
}

/**
 * The filter form of a listing from the API's facets: brands, diets, labels, allergens to
 * exclude, availability, price; each option checked when the URL holds it.
 */
export function filterView(
  facets: Facet[],
  params: ListingParams,
  ref: CatalogueReference,
): FilterView {
  const facet = (id: string) => facets.find((item) => item.id === id);
  const taxonGroup = (
    id: string,
    param: string,
    legend: string,
    taxa: Taxon[],
    chosen: string[],
    counted: boolean,
  ): FilterGroup => ({
    param,
    legend,
    options: (facet(id)?.values ?? []).flatMap((value) => {
      const taxon = taxa.find((item) => item.id === metafieldGid(value));
      if (!taxon) return [];
      return [
        {
          value: taxon.handle,
          label: taxon.title || value.label,
          count: counted ? value.count : null,
          checked: chosen.includes(taxon.handle),
        },
      ];
    }),
  });
  const availability = facet("filter.v.availability")?.values ?? [];
  const inStock = availability.find((value) => facetInput(value).available === true)?.count ?? 0;
  const all = availability.reduce((sum, value) => sum + value.count, 0);
  const priceInput = facetInput(facet("filter.v.price")?.values[0] ?? ({} as FacetValue)).price as
    | { max?: number }
    | undefined;
  const groups: FilterGroup[] = [
    {
      param: PARAM.brand,
      legend: "Marques",
      options: (facet("filter.p.vendor")?.values ?? []).map((value) => ({
        value: value.label,
        label: value.label,
        count: value.count,
        checked: params.brands.includes(value.label),
      })),
    },
    taxonGroup("filter.p.m.custom.regimes", PARAM.diet, "Régimes", ref.regimes, params.diets, true),
    taxonGroup(
      "filter.p.m.custom.labelsDetails",
      PARAM.label,
      "Labels",
      ref.labels,
      params.labels,
      true,
    ),
    taxonGroup(
      "filter.p.m.custom.allergens",
      PARAM.withoutAllergen,
      "Sans allergènes",
      ref.allergens,
      params.withoutAllergens,
      false,
    ),
  ].filter((group) => group.options.length > 0);
  return {
    groups,
    available: { checked: params.availableOnly, count: inStock },
    price: {
      min: params.priceMin,
      max: params.priceMax,
      bound: Math.max(1, Math.ceil(priceInput?.max ?? 0)),
    },
    sort: params.sort,
    activeCount: activeFilterCount(params),
    total: params.withoutAllergens.length > 0 ? null : params.availableOnly ? inStock : all,
  };
}
