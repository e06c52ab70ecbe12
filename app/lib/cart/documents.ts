import { CART_USER_ERRORS_FRAGMENT } from "#app/lib/fragments.ts";
import type { StorefrontDocument } from "#app/lib/storefront.server.ts";

/** The GraphQL documents of the cart's client (cart.server.ts). */

const CART_VIEW_FRAGMENT = `#graphql
  fragment CartViewFields on Cart {
    id
    checkoutUrl
    totalQuantity
    note
    attributes {
      key
      value
    }
    discountCodes {
      code
      applicable
    }
    discountAllocations {
      ... on CartAutomaticDiscountAllocation {
        title
      }
    }
    cost {
      subtotalAmount { amount }
      totalAmount { amount }
    }
    lines(first: 100) {
      nodes {
        id
        quantity
        attributes {
          key
          value
        }
        cost {
          amountPerQuantity { amount }
          compareAtAmountPerQuantity { amount }
          subtotalAmount { amount }
          totalAmount { amount }
        }
        merchandise {
          ... on ProductVariant {
            id
            title
            unitPrice { amount }
            image {
              url(transform: { maxHeight: 450, preferredContentType: WEBP })
              altText
            }
            product {
              id
              handle
              title
              vendor
              tags
              featuredImage {
                url(transform: { maxHeight: 450, preferredContentType: WEBP })
                altText
              }
              metafields(
                identifiers: [
                  { namespace: "custom", key: "max_quantity" }
                  { namespace: "custom", key: "quantity" }
                  { namespace: "custom", key: "unit" }
                  { namespace: "custom", key: "quantitiesUnit" }
                  { namespace: "custom", key: "vat_rate" }
                  { namespace: "custom", key: "sold_by_weight" }
                ]
              ) {
                key
                value
              }
            }
          }
        }
      }
    }
  }
`;

export const STOREFRONT_CART_QUERY = `#graphql
  query StorefrontCart($id: ID!) {
    cart(id: $id) {
      ...CartViewFields
    }
  }
  ${CART_VIEW_FRAGMENT}
` as StorefrontDocument<"StorefrontCart">;

/**
 * What a change needs to know of a stored cart before it runs: that it exists, what kind its
 * lines are (their products' tags), and each line's attributes (an add carries them, so it joins
 * its variant's line). Much lighter than the whole view: no prices, discounts, images or
 * metafields.
 */
export const CART_KIND_QUERY = `#graphql
  query StorefrontCartKind($id: ID!) {
    cart(id: $id) {
      id
      lines(first: 100) {
        nodes {
          attributes {
            key
            value
          }
          merchandise {
            ... on ProductVariant {
              id
              product {
                tags
              }
            }
          }
        }
      }
    }
  }
` as StorefrontDocument<"StorefrontCartKind">;

export const CART_MERCHANDISE_QUERY = `#graphql
  query CartMerchandise($id: ID!) {
    node(id: $id) {
      ... on ProductVariant {
        id
        availableForSale
        product {
          tags
        }
      }
    }
  }
` as StorefrontDocument<"CartMerchandise">;

// Each mutation answers the cart's view and its user errors. Written out in full (not built by a
// function) so that codegen types, and platform/commerce/graphql/documents.test.ts validates,
// every one of them.

export const CART_CREATE_MUTATION = `#graphql
  mutation StorefrontCartCreate($input: CartInput) {
    cartCreate(input: $input) {
      cart { ...CartViewFields }
      userErrors { ...CartUserErrorFields }
      warnings { code message }
    }
  }
  ${CART_VIEW_FRAGMENT}
  ${CART_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"StorefrontCartCreate">;

export const CART_LINES_ADD_MUTATION = `#graphql
  mutation StorefrontCartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!) {
    cartLinesAdd(cartId: $cartId, lines: $lines) {
      cart { ...CartViewFields }
      userErrors { ...CartUserErrorFields }
      warnings { code message }
    }
  }
  ${CART_VIEW_FRAGMENT}
  ${CART_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"StorefrontCartLinesAdd">;

export const CART_LINES_UPDATE_MUTATION = `#graphql
  mutation StorefrontCartLinesUpdate($cartId: ID!, $lines: [CartLineUpdateInput!]!) {
    cartLinesUpdate(cartId: $cartId, lines: $lines) {
      cart { ...CartViewFields }
      userErrors { ...CartUserErrorFields }
      warnings { code message }
    }
  }
  ${CART_VIEW_FRAGMENT}
  ${CART_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"StorefrontCartLinesUpdate">;

export const CART_LINES_REMOVE_MUTATION = `#graphql
  mutation StorefrontCartLinesRemove($cartId: ID!, $lineIds: [ID!]!) {
    cartLinesRemove(cartId: $cartId, lineIds: $lineIds) {
      cart { ...CartViewFields }
      userErrors { ...CartUserErrorFields }
      warnings { code message }
    }
  }
  ${CART_VIEW_FRAGMENT}
  ${CART_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"StorefrontCartLinesRemove">;

export const CART_NOTE_UPDATE_MUTATION = `#graphql
  mutation StorefrontCartNoteUpdate($cartId: ID!, $note: String!) {
    cartNoteUpdate(cartId: $cartId, note: $note) {
      cart { ...CartViewFields }
      userErrors { ...CartUserErrorFields }
      warnings { code message }
    }
  }
  ${CART_VIEW_FRAGMENT}
  ${CART_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"StorefrontCartNoteUpdate">;

export const CART_DISCOUNT_CODES_UPDATE_MUTATION = `#graphql
  mutation StorefrontCartDiscountCodesUpdate($cartId: ID!, $discountCodes: [String!]!) {
    cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $discountCodes) {
      cart { ...CartViewFields }
      userErrors { ...CartUserErrorFields }
      warnings { code message }
    }
  }
  ${CART_VIEW_FRAGMENT}
  ${CART_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"StorefrontCartDiscountCodesUpdate">;

export const CART_ATTRIBUTES_UPDATE_MUTATION = `#graphql
  mutation StorefrontCartAttributesUpdate($cartId: ID!, $attributes: [AttributeInput!]!) {
    cartAttributesUpdate(cartId: $cartId, attributes: $attributes) {
      cart { ...CartViewFields }
      userErrors { ...CartUserErrorFields }
      warnings { code message }
    }
  }
  ${CART_VIEW_FRAGMENT}
  ${CART_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"StorefrontCartAttributesUpdate">;
