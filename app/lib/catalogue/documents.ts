import {
  CATALOGUE_METAFIELD_FRAGMENT,
  CATALOGUE_METAOBJECT_FRAGMENT,
  CATALOGUE_PRODUCT_CARD_FRAGMENT,
  CATALOGUE_PRODUCT_SUMMARY_FRAGMENT,
  CATALOGUE_VARIANT_FRAGMENT,
} from "#app/lib/fragments.ts";
import type { StorefrontDocument } from "#app/lib/storefront.server.ts";

/** The GraphQL documents of the catalogue's client (catalogue.server.ts, catalogue-reference.server.ts). */

export const CATALOGUE_PRODUCT_QUERY = `#graphql
  query CatalogueProduct($handle: String!) {
    product(handle: $handle) {
      ...CatalogueProductSummary
      descriptionHtml
      seo {
        title
        description
      }
      images(first: 10) {
        nodes {
          ...CatalogueImage
        }
      }
      variants(first: 10) {
        nodes {
          ...CatalogueVariant
          sku
          barcode
        }
      }
      # Its categories (a leaf and its ancestors): the breadcrumb's path.
      collections(first: 10) {
        nodes {
          handle
        }
      }
      metafields(
        identifiers: [
          { namespace: "custom", key: "discountLabel" }
          { namespace: "custom", key: "quantity" }
          { namespace: "custom", key: "gamme" }
          { namespace: "custom", key: "unit" }
          { namespace: "custom", key: "price_unit_override" }
          { namespace: "custom", key: "quantitiesUnit" }
          { namespace: "custom", key: "max_quantity" }
          { namespace: "custom", key: "origin" }
          { namespace: "custom", key: "alcohol" }
          { namespace: "custom", key: "ingredients_composition" }
          { namespace: "custom", key: "energy_value" }
          { namespace: "custom", key: "lipids" }
          { namespace: "custom", key: "acids" }
          { namespace: "custom", key: "glucids" }
          { namespace: "custom", key: "sugars" }
          { namespace: "custom", key: "proteins" }
          { namespace: "custom", key: "salt" }
          { namespace: "custom", key: "nutrition_exemption" }
          { namespace: "custom", key: "conservation_text" }
          { namespace: "custom", key: "durability_text" }
          { namespace: "custom", key: "labelsDetails" }
          { namespace: "custom", key: "allergens" }
          { namespace: "custom", key: "regimes" }
          { namespace: "custom", key: "ingredients_alertDetails" }
          { namespace: "custom", key: "marque" }
          { namespace: "custom", key: "hideInSearch" }
          { namespace: "custom", key: "sold_by_weight" }
          { namespace: "custom", key: "price_per_kg" }
        ]
      ) {
        ...CatalogueMetafield
        references(first: 10) {
          nodes {
            __typename
            ...CatalogueMetaobject
          }
        }
      }
      # Its related products' ids only (the field's value, a list of product ids): their cards
      # are read apart and kept across pages (CATALOGUE_PRODUCT_CARDS_QUERY), many products
      # sharing the same few.
      relatedProducts: metafield(namespace: "custom", key: "produit_associe") {
        value
      }
    }
  }
  ${CATALOGUE_PRODUCT_SUMMARY_FRAGMENT}
  ${CATALOGUE_VARIANT_FRAGMENT}
  ${CATALOGUE_METAFIELD_FRAGMENT}
` as StorefrontDocument<"CatalogueProduct">;

/** Product cards by id, in the order asked; null for one that is no more. */
export const CATALOGUE_PRODUCT_CARDS_QUERY = `#graphql
  query CatalogueProductCards($ids: [ID!]!) {
    nodes(ids: $ids) {
      __typename
      ... on Product {
        ...CatalogueProductCard
      }
    }
  }
  ${CATALOGUE_PRODUCT_CARD_FRAGMENT}
` as StorefrontDocument<"CatalogueProductCards">;

const CATALOGUE_FILTER_FRAGMENT = `#graphql
  fragment CatalogueFilter on Filter {
    id
    label
    type
    values {
      id
      label
      count
      input
    }
  }
`;

const CATALOGUE_PRODUCT_PAGE_FRAGMENT = `#graphql
  fragment CatalogueProductPage on ProductConnection {
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      cursor
      node {
        ...CatalogueProductCard
      }
    }
  }
`;

export const CATALOGUE_COLLECTION_QUERY = `#graphql
  query CatalogueCollection(
    $handle: String!
    $first: Int!
    $after: String
    $filters: [ProductFilter!]
    $sortKey: ProductCollectionSortKeys
    $reverse: Boolean
  ) {
    collection(handle: $handle) {
      id
      handle
      title
      descriptionHtml
      seo {
        title
        description
      }
      image {
        url
        altText
      }
      metafields(
        identifiers: [
          { namespace: "custom", key: "category_parent" }
          { namespace: "custom", key: "category_grand_parent" }
          { namespace: "custom", key: "category_archived" }
          { namespace: "custom", key: "category_archived_text" }
          { namespace: "custom", key: "push_title" }
          { namespace: "custom", key: "push_subtitle" }
          { namespace: "custom", key: "push_text" }
          { namespace: "custom", key: "push_link" }
          { namespace: "custom", key: "push_image" }
          { namespace: "custom", key: "push_mobile_image" }
        ]
      ) {
        key
        value
      }
      products(
        first: $first
        after: $after
        filters: $filters
        sortKey: $sortKey
        reverse: $reverse
      ) {
        filters {
          ...CatalogueFilter
        }
        ...CatalogueProductPage
      }
    }
  }
  ${CATALOGUE_FILTER_FRAGMENT}
  ${CATALOGUE_PRODUCT_PAGE_FRAGMENT}
  ${CATALOGUE_PRODUCT_CARD_FRAGMENT}
` as StorefrontDocument<"CatalogueCollection">;

export const CATALOGUE_COLLECTION_VENDORS_QUERY = `#graphql
  query CatalogueCollectionVendors($handle: String!) {
    collection(handle: $handle) {
      id
      products(first: 1) {
        filters {
          ...CatalogueFilter
        }
      }
    }
  }
  ${CATALOGUE_FILTER_FRAGMENT}
` as StorefrontDocument<"CatalogueCollectionVendors">;

export const CATALOGUE_BRAND_PRODUCTS_QUERY = `#graphql
  query CatalogueBrandProducts(
    $query: String!
    $first: Int!
    $after: String
    $sortKey: ProductSortKeys
    $reverse: Boolean
  ) {
    products(query: $query, first: $first, after: $after, sortKey: $sortKey, reverse: $reverse) {
      ...CatalogueProductPage
    }
  }
  ${CATALOGUE_PRODUCT_PAGE_FRAGMENT}
  ${CATALOGUE_PRODUCT_CARD_FRAGMENT}
` as StorefrontDocument<"CatalogueBrandProducts">;

export const CATALOGUE_SEARCH_QUERY = `#graphql
  query CatalogueSearch(
    $query: String!
    $first: Int!
    $after: String
    $sortKey: SearchSortKeys
    $reverse: Boolean
    $productFilters: [ProductFilter!]
  ) {
    search(
      query: $query
      first: $first
      after: $after
      types: [PRODUCT]
      productFilters: $productFilters
      sortKey: $sortKey
      reverse: $reverse
    ) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ... on Product {
            ...CatalogueProductCard
          }
        }
      }
    }
  }
  ${CATALOGUE_PRODUCT_CARD_FRAGMENT}
` as StorefrontDocument<"CatalogueSearch">;

// Reference data: the category tree, brands and taxonomies (catalogue-reference.server.ts).

const CATALOGUE_COLLECTION_PAGE_FRAGMENT = `#graphql
  fragment CatalogueCollectionPage on CollectionConnection {
    nodes {
      id
      handle
      title
      metafields(
        identifiers: [
          { namespace: "custom", key: "category_parent" }
          { namespace: "custom", key: "category_grand_parent" }
          { namespace: "custom", key: "category_enfant" }
          { namespace: "custom", key: "category_archived" }
          { namespace: "custom", key: "push_title" }
        ]
      ) {
        key
        value
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
`;

const CATALOGUE_METAOBJECT_PAGE_FRAGMENT = `#graphql
  fragment CatalogueMetaobjectPage on MetaobjectConnection {
    nodes {
      ...CatalogueMetaobject
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
  ${CATALOGUE_METAOBJECT_FRAGMENT}
`;

export const CATALOGUE_REFERENCE_QUERY = `#graphql
  query CatalogueReference {
    collections(first: 250) {
      ...CatalogueCollectionPage
    }
    brands: metaobjects(type: "produit_marque", first: 100) {
      ...CatalogueMetaobjectPage
    }
    allergens: metaobjects(type: "produit_allergenes", first: 100) {
      ...CatalogueMetaobjectPage
    }
    regimes: metaobjects(type: "produit_regime", first: 100) {
      ...CatalogueMetaobjectPage
    }
    labels: metaobjects(type: "produit_label", first: 100) {
      ...CatalogueMetaobjectPage
    }
  }
  ${CATALOGUE_COLLECTION_PAGE_FRAGMENT}
  ${CATALOGUE_METAOBJECT_PAGE_FRAGMENT}
` as StorefrontDocument<"CatalogueReference">;

export const CATALOGUE_COLLECTIONS_PAGE_QUERY = `#graphql
  query CatalogueCollectionsPage($after: String) {
    collections(first: 250, after: $after) {
      ...CatalogueCollectionPage
    }
  }
  ${CATALOGUE_COLLECTION_PAGE_FRAGMENT}
` as StorefrontDocument<"CatalogueCollectionsPage">;

export const CATALOGUE_BRANDS_PAGE_QUERY = `#graphql
  query CatalogueBrandsPage($after: String) {
    metaobjects(type: "produit_marque", first: 100, after: $after) {
      ...CatalogueMetaobjectPage
    }
  }
  ${CATALOGUE_METAOBJECT_PAGE_FRAGMENT}
` as StorefrontDocument<"CatalogueBrandsPage">;
