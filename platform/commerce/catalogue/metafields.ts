/**
 * The shop's custom fields (namespace `custom`), with their Shopify metafield types. Products and
 * collections carry them as metafields; references point at metaobjects or products by GID.
 */
export const CUSTOM_NAMESPACE = "custom";

export const PRODUCT_METAFIELDS = {
  discountLabel: "single_line_text_field",
  quantity: "single_line_text_field",
  gamme: "single_line_text_field",
  unit: "single_line_text_field",
  // The unit price is computed from the price and the net quantity (platform/unit-price.ts);
  // only goods whose quantity the catalogue cannot express carry a hand-typed label, with its reason.
  price_unit_override: "single_line_text_field",
  price_unit_override_reason: "single_line_text_field",
  quantitiesUnit: "single_line_text_field",
  max_quantity: "number_integer",
  origin: "single_line_text_field",
  alcohol: "single_line_text_field",
  ingredients_composition: "multi_line_text_field",
  energy_value: "single_line_text_field",
  lipids: "single_line_text_field",
  acids: "single_line_text_field",
  glucids: "single_line_text_field",
  sugars: "single_line_text_field",
  proteins: "single_line_text_field",
  salt: "single_line_text_field",
  nutrition_exemption: "multi_line_text_field",
  conservation_text: "multi_line_text_field",
  durability_text: "multi_line_text_field",
  labelsDetails: "list.metaobject_reference",
  allergens: "list.metaobject_reference",
  regimes: "list.metaobject_reference",
  ingredients_alertDetails: "multi_line_text_field",
  marque: "metaobject_reference",
  produit_associe: "list.product_reference",
  hideInSearch: "boolean",
  vat_rate: "number_decimal",
  // Cut to order and sold by weight, at one price per kilogram (platform/sold-by-weight.ts).
  sold_by_weight: "boolean",
  price_per_kg: "number_decimal",
} as const;

export type ProductMetafieldKey = keyof typeof PRODUCT_METAFIELDS;

/** Product metafields that listings can filter on (`productMetafield` filters, facets). */
export const FILTERABLE_PRODUCT_METAFIELDS: readonly ProductMetafieldKey[] = [
  "allergens",
  "regimes",
  "labelsDetails",
  "marque",
];

export const COLLECTION_METAFIELDS = {
  category_grand_parent: "single_line_text_field",
  category_parent: "single_line_text_field",
  category_enfant: "list.single_line_text_field",
  homecategory: "boolean",
  category_archived: "boolean",
  category_archived_text: "multi_line_text_field",
  push_title: "single_line_text_field",
  push_subtitle: "single_line_text_field",
  push_image: "url",
  push_text: "multi_line_text_field",
  push_link: "url",
  push_layout: "single_line_text_field",
  push_mobile_image: "url",
} as const;

export type CollectionMetafieldKey = keyof typeof COLLECTION_METAFIELDS;

/** Metaobject types and their fields (storefront.md §3). */
export const METAOBJECT_TYPES = {
  produit_marque: {
    name: "single_line_text_field",
    handle: "single_line_text_field",
    is_artisan: "boolean",
    slug: "single_line_text_field",
    image: "url",
  },
  produit_allergenes: { title: "single_line_text_field" },
  produit_regime: { label: "single_line_text_field" },
  produit_label: { title: "single_line_text_field" },
} as const;

export type MetaobjectType = keyof typeof METAOBJECT_TYPES;
