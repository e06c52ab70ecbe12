/**
 * The GraphQL fragments that several storefront clients share (STYLE.md "GraphQL"): the product
 * card and its parts, the metafield lists, the user errors. A document interpolates a fragment
 * once, at its end (`${CATALOGUE_PRODUCT_CARD_FRAGMENT}`), with the fragments it spreads; their
 * TypeScript types are generated into storefront.generated.ts (`npm run codegen`).
 */

export const CATALOGUE_METAOBJECT_FRAGMENT = `#graphql
  fragment CatalogueMetaobject on Metaobject {
    id
    handle
    fields {
      key
      value
    }
  }
`;

/** An image at the spec's heights (450, 700, 950), in webp. */
export const CATALOGUE_IMAGE_FRAGMENT = `#graphql
  fragment CatalogueImage on Image {
    altText
    width
    height
    small: url(transform: { maxHeight: 450, preferredContentType: WEBP })
    medium: url(transform: { maxHeight: 700, preferredContentType: WEBP })
    large: url(transform: { maxHeight: 950, preferredContentType: WEBP })
  }
`;

/** A product metafield with the metaobject it points to (brand, range, allergen…). */
export const CATALOGUE_METAFIELD_FRAGMENT = `#graphql
  fragment CatalogueMetafield on Metafield {
    key
    value
    reference {
      __typename
      ...CatalogueMetaobject
    }
  }
  ${CATALOGUE_METAOBJECT_FRAGMENT}
`;

/**
 * A variant with its price and its unit price, which the commerce service computes from the price
 * and the net quantity (platform/unit-price.ts): the `39,60 €/kg` under every price.
 */
export const CATALOGUE_VARIANT_FRAGMENT = `#graphql
  fragment CatalogueVariant on ProductVariant {
    id
    title
    availableForSale
    price { amount currencyCode }
    compareAtPrice { amount currencyCode }
    unitPrice { amount currencyCode }
    unitPriceMeasurement { referenceUnit referenceValue }
  }
`;

const CATALOGUE_PRICE_RANGE_FRAGMENT = `#graphql
  fragment CataloguePriceRange on ProductPriceRange {
    minVariantPrice { amount currencyCode }
    maxVariantPrice { amount currencyCode }
  }
`;

/** What the product card and the product page both show of a product. */
export const CATALOGUE_PRODUCT_SUMMARY_FRAGMENT = `#graphql
  fragment CatalogueProductSummary on Product {
    id
    handle
    title
    vendor
    tags
    availableForSale
    createdAt
    featuredImage {
      ...CatalogueImage
    }
    priceRange {
      ...CataloguePriceRange
    }
    compareAtPriceRange {
      ...CataloguePriceRange
    }
  }
  ${CATALOGUE_IMAGE_FRAGMENT}
  ${CATALOGUE_PRICE_RANGE_FRAGMENT}
`;

/** The metafields of a product card (normaliseProduct, toCardData). */
export const CATALOGUE_CARD_METAFIELDS_FRAGMENT = `#graphql
  fragment CatalogueCardMetafields on Product {
    metafields(
      identifiers: [
        { namespace: "custom", key: "discountLabel" }
        { namespace: "custom", key: "quantity" }
        { namespace: "custom", key: "unit" }
        { namespace: "custom", key: "quantitiesUnit" }
        { namespace: "custom", key: "price_unit_override" }
        { namespace: "custom", key: "max_quantity" }
        { namespace: "custom", key: "gamme" }
        { namespace: "custom", key: "marque" }
        { namespace: "custom", key: "allergens" }
        { namespace: "custom", key: "hideInSearch" }
        { namespace: "custom", key: "sold_by_weight" }
        { namespace: "custom", key: "price_per_kg" }
      ]
    ) {
      ...CatalogueMetafield
    }
  }
  ${CATALOGUE_METAFIELD_FRAGMENT}
`;

/**
 * A product as every product card shows it (listings, search, favourites, content blocks). Brings
 * the summary, variant, image, metafield and metaobject fragments with it.
 */
export const CATALOGUE_PRODUCT_CARD_FRAGMENT = `#graphql
  fragment CatalogueProductCard on Product {
    ...CatalogueProductSummary
    variants(first: 1) {
      nodes {
        ...CatalogueVariant
      }
    }
    ...CatalogueCardMetafields
  }
  ${CATALOGUE_PRODUCT_SUMMARY_FRAGMENT}
  ${CATALOGUE_VARIANT_FRAGMENT}
  ${CATALOGUE_CARD_METAFIELDS_FRAGMENT}
`;

/**
 * A product as the search overlay suggests it: a thumbnail 64 px wide (128 px for dense screens),
 * the first variant's price and what the card prints under it (quantity, price per unit).
 */
export const SEARCH_SUGGESTION_PRODUCT_FRAGMENT = `#graphql
  fragment SearchSuggestionProduct on Product {
    id
    handle
    title
    featuredImage {
      width
      height
      thumbnail: url(transform: { maxWidth: 64, preferredContentType: WEBP })
      thumbnail2x: url(transform: { maxWidth: 128, preferredContentType: WEBP })
    }
    priceRange {
      minVariantPrice { amount currencyCode }
    }
    variants(first: 1) {
      nodes {
        price { amount currencyCode }
        unitPrice { amount currencyCode }
        unitPriceMeasurement { referenceUnit referenceValue }
      }
    }
    metafields(
      identifiers: [
        { namespace: "custom", key: "quantity" }
        { namespace: "custom", key: "unit" }
        { namespace: "custom", key: "quantitiesUnit" }
        { namespace: "custom", key: "price_unit_override" }
      ]
    ) {
      key
      value
    }
  }
`;

/** Shopify's `CartUserError`: the expected failures of a cart mutation. */
export const CART_USER_ERRORS_FRAGMENT = `#graphql
  fragment CartUserErrorFields on CartUserError {
    code
    field
    message
  }
`;

/** Shopify's `CustomerUserError`: the expected failures of a customer mutation. */
export const CUSTOMER_USER_ERRORS_FRAGMENT = `#graphql
  fragment CustomerUserErrorFields on CustomerUserError {
    code
    field
    message
  }
`;

/** Who is signed in, as the header and the account page both need it. */
export const CUSTOMER_SUMMARY_FRAGMENT = `#graphql
  fragment CustomerSummaryFields on Customer {
    id
    firstName
    lastName
    email
  }
`;
