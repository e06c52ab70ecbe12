/**
 * Shared by the cart API's tests (lines, and the cart's other details): the cart's fields as
 * the tests read them, the cart mutations, and the steps most tests start with.
 */
import { expect } from "vitest";
import { graphqlRequest, type TestStorefrontApi } from "#platform/commerce/testing.ts";

export const CART_FIELDS = `#graphql
  fragment CartFields on Cart {
    id checkoutUrl totalQuantity note createdAt updatedAt
    attributes { key value }
    restauration: attribute(key: "restauration") { value }
    discountCodes { code applicable }
    discountAllocations { discountedAmount { amount } ... on CartCodeDiscountAllocation { code } }
    buyerIdentity { email phone countryCode }
    cost {
      subtotalAmount { amount currencyCode }
      totalAmount { amount currencyCode }
      checkoutChargeAmount { amount }
    }
    delivery {
      addresses {
        id selected oneTimeUse
        address {
          ... on CartDeliveryAddress {
            firstName lastName address1 address2 zip city countryCode name formatted(withName: true)
          }
        }
      }
    }
    lines(first: 100) {
      nodes {
        id quantity
        attributes { key value }
        discountAllocations { discountedAmount { amount } }
        cost {
          amountPerQuantity { amount }
          compareAtAmountPerQuantity { amount }
          subtotalAmount { amount }
          totalAmount { amount }
        }
        merchandise {
          ... on ProductVariant {
            id sku title price { amount }
            product { id title handle tags vendor }
          }
        }
      }
    }
  }`;

export const CART_CREATE = `#graphql
  mutation CartCreate($input: CartInput) {
    cartCreate(input: $input) {
      cart { ...CartFields }
      userErrors { code field message }
      warnings { code message }
    }
  }`;

export const CART_QUERY = `#graphql
  query Cart($id: ID!) { cart(id: $id) { ...CartFields } }`;

export const LINES_ADD = `#graphql
  mutation CartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!) {
    cartLinesAdd(cartId: $cartId, lines: $lines) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

export const LINES_UPDATE = `#graphql
  mutation CartLinesUpdate($cartId: ID!, $lines: [CartLineUpdateInput!]!) {
    cartLinesUpdate(cartId: $cartId, lines: $lines) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

export const LINES_REMOVE = `#graphql
  mutation CartLinesRemove($cartId: ID!, $lineIds: [ID!]!) {
    cartLinesRemove(cartId: $cartId, lineIds: $lineIds) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

export const ATTRIBUTES_UPDATE = `#graphql
  mutation CartAttributesUpdate($cartId: ID!, $attributes: [AttributeInput!]!) {
    cartAttributesUpdate(cartId: $cartId, attributes: $attributes) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

export const NOTE_UPDATE = `#graphql
  mutation CartNoteUpdate($cartId: ID!, $note: String!) {
    cartNoteUpdate(cartId: $cartId, note: $note) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

export const CODES_UPDATE = `#graphql
  mutation CartDiscountCodesUpdate($cartId: ID!, $discountCodes: [String!]!) {
    cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $discountCodes) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

export const BUYER_UPDATE = `#graphql
  mutation CartBuyerIdentityUpdate($cartId: ID!, $buyerIdentity: CartBuyerIdentityInput!) {
    cartBuyerIdentityUpdate(cartId: $cartId, buyerIdentity: $buyerIdentity) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

export const ADDRESSES_ADD = `#graphql
  mutation CartDeliveryAddressesAdd($cartId: ID!, $addresses: [CartSelectableAddressInput!]!) {
    cartDeliveryAddressesAdd(cartId: $cartId, addresses: $addresses) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

export const ADDRESSES_REMOVE = `#graphql
  mutation CartDeliveryAddressesRemove($cartId: ID!, $addressIds: [ID!]!) {
    cartDeliveryAddressesRemove(cartId: $cartId, addressIds: $addressIds) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

export const ADDRESSES_REPLACE = `#graphql
  mutation CartDeliveryAddressesReplace($cartId: ID!, $addresses: [CartSelectableAddressInput!]!) {
    cartDeliveryAddressesReplace(cartId: $cartId, addresses: $addresses) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

export const ADDRESSES_UPDATE = `#graphql
  mutation CartDeliveryAddressesUpdate($cartId: ID!, $addresses: [CartSelectableAddressUpdateInput!]!) {
    cartDeliveryAddressesUpdate(cartId: $cartId, addresses: $addresses) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

export const withFields = (document: string) => `${document}\n${CART_FIELDS}`;

/** Request helpers over the app the test file opened. */
export function cartHelpers(api: () => TestStorefrontApi) {
  /** Sends a cart document with the cart's fields, failing on top-level errors; its data. */
  async function run(document: string, variables: Record<string, unknown> = {}) {
    const body = await graphqlRequest(api(), withFields(document), variables);
    expect(body.errors).toBeUndefined();
    return body.data;
  }

  /** A new cart made of `input`, failing on user errors. */
  async function newCart(input: Record<string, unknown> = {}) {
    const data = await run(CART_CREATE, { input });
    expect(data.cartCreate.userErrors).toEqual([]);
    return data.cartCreate.cart;
  }

  return { run, newCart };
}

export const line = (
  merchandiseId: string,
  quantity = 1,
  attributes?: { key: string; value: string }[],
) => ({
  merchandiseId,
  quantity,
  ...(attributes ? { attributes } : {}),
});
