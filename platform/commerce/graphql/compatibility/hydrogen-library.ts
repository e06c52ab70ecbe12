/**
 * The Storefront API documents that `@shopify/hydrogen` sends on behalf of the official Hydrogen
 * starter: its cart handler (`createCartHandler`, behind `context.cart`), the shop analytics of
 * the root loader (`getShopAnalytics`), the redirect lookup of `storefrontRedirect` (server.ts,
 * on a 404) and the sitemaps (`getSitemapIndex`, `getSitemap`).
 *
 * Copied verbatim from `@shopify/hydrogen` 2026.4.5 (the version the starter of
 * `@shopify/create-hydrogen` 5.0.39 pins), `dist/development/index.js`; MIT licence, copyright
 * Shopify Inc. The package itself cannot be a devDependency: its peer dependencies pin
 * react-router ~7.16 and we run 8.4, so `npm ci` would refuse the tree. Two edits only: the
 * leading graphql tag comment is dropped (Hydrogen's client strips comments before sending, and our
 * documents test would otherwise validate these texts without their fragments), and the optional
 * `visitorConsent` variable, which the starter never passes, is left out of the `@inContext`
 * helpers. To refresh: `npm pack @shopify/hydrogen@<version>` and compare the `src/cart/queries`,
 * `src/analytics-manager`, `src/routing/redirect` and `src/sitemap` sections of that file.
 */

// src/cart/queries/cart-query-helpers.ts: getInContextVariables(), getInContextDirective()
const IN_CONTEXT_VARIABLES = `$country: CountryCode = ZZ
    $language: LanguageCode`;
const IN_CONTEXT_DIRECTIVE = "@inContext(country: $country, language: $language)";

// src/cart/queries/cart-fragments.ts
const USER_ERROR_FRAGMENT = `
  fragment CartApiError on CartUserError {
    message
    field
    code
  }
`;

const MINIMAL_CART_FRAGMENT = `
  fragment CartApiMutation on Cart {
    id
    totalQuantity
    checkoutUrl
  }
`;

const CART_WARNING_FRAGMENT = `
  fragment CartApiWarning on CartWarning {
    code
    message
    target
  }
`;

// src/cart/queries/cartGetDefault.ts (cart.get)
const CART_QUERY = (cartFragment: string) =>
  `
  query CartQuery(
    $cartId: ID!
    $numCartLines: Int = 100
    ${IN_CONTEXT_VARIABLES}
  ) ${IN_CONTEXT_DIRECTIVE} {
    cart(id: $cartId) {
      ...CartApiQuery
    }
  }

  ${cartFragment}
`;

// src/cart/queries/cartCreateDefault.ts
const CART_CREATE_MUTATION = (cartFragment = MINIMAL_CART_FRAGMENT) =>
  `
  mutation cartCreate(
    $input: CartInput!
    ${IN_CONTEXT_VARIABLES}
  ) ${IN_CONTEXT_DIRECTIVE} {
    cartCreate(input: $input) {
      cart {
        ...CartApiMutation
        checkoutUrl
      }
      userErrors {
        ...CartApiError
      }
      warnings {
        ...CartApiWarning
      }
    }
  }
  ${cartFragment}
  ${USER_ERROR_FRAGMENT}
  ${CART_WARNING_FRAGMENT}
`;

// src/cart/queries/cartLinesAddDefault.ts
const CART_LINES_ADD_MUTATION = (cartFragment = MINIMAL_CART_FRAGMENT) =>
  `
  mutation cartLinesAdd(
    $cartId: ID!
    $lines: [CartLineInput!]!
    ${IN_CONTEXT_VARIABLES}
  ) ${IN_CONTEXT_DIRECTIVE} {
    cartLinesAdd(cartId: $cartId, lines: $lines) {
      cart {
        ...CartApiMutation
      }
      userErrors {
        ...CartApiError
      }
      warnings {
        ...CartApiWarning
      }
    }
  }
  ${cartFragment}
  ${USER_ERROR_FRAGMENT}
  ${CART_WARNING_FRAGMENT}
`;

// src/cart/queries/cartLinesUpdateDefault.ts
const CART_LINES_UPDATE_MUTATION = (cartFragment = MINIMAL_CART_FRAGMENT) =>
  `
  mutation cartLinesUpdate(
    $cartId: ID!
    $lines: [CartLineUpdateInput!]!
    ${IN_CONTEXT_VARIABLES}
  ) ${IN_CONTEXT_DIRECTIVE} {
    cartLinesUpdate(cartId: $cartId, lines: $lines) {
      cart {
        ...CartApiMutation
      }
      userErrors {
        ...CartApiError
      }
      warnings {
        ...CartApiWarning
      }
    }
  }
  ${cartFragment}
  ${USER_ERROR_FRAGMENT}
  ${CART_WARNING_FRAGMENT}
`;

// src/cart/queries/cartLinesRemoveDefault.ts
const CART_LINES_REMOVE_MUTATION = (cartFragment = MINIMAL_CART_FRAGMENT) =>
  `
  mutation cartLinesRemove(
    $cartId: ID!
    $lineIds: [ID!]!
    ${IN_CONTEXT_VARIABLES}
  ) ${IN_CONTEXT_DIRECTIVE} {
    cartLinesRemove(cartId: $cartId, lineIds: $lineIds) {
      cart {
        ...CartApiMutation
      }
      userErrors {
        ...CartApiError
      }
      warnings {
        ...CartApiWarning
      }
    }
  }
  ${cartFragment}
  ${USER_ERROR_FRAGMENT}
  ${CART_WARNING_FRAGMENT}
`;

// src/cart/queries/cartDiscountCodesUpdateDefault.ts
const CART_DISCOUNT_CODE_UPDATE_MUTATION = (cartFragment = MINIMAL_CART_FRAGMENT) =>
  `
  mutation cartDiscountCodesUpdate(
    $cartId: ID!
    $discountCodes: [String!]!
    ${IN_CONTEXT_VARIABLES}
  ) ${IN_CONTEXT_DIRECTIVE} {
    cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $discountCodes) {
      ... @defer {
        cart {
          ...CartApiMutation
        }
      }
      userErrors {
        ...CartApiError
      }
      warnings {
        ...CartApiWarning
      }
    }
  }
  ${cartFragment}
  ${USER_ERROR_FRAGMENT}
  ${CART_WARNING_FRAGMENT}
`;

// src/cart/queries/cartGiftCardCodeUpdateDefault.ts
const CART_GIFT_CARD_CODE_UPDATE_MUTATION = (cartFragment = MINIMAL_CART_FRAGMENT) =>
  `
  mutation cartGiftCardCodesUpdate(
    $cartId: ID!
    $giftCardCodes: [String!]!
    ${IN_CONTEXT_VARIABLES}
  ) ${IN_CONTEXT_DIRECTIVE} {
    cartGiftCardCodesUpdate(cartId: $cartId, giftCardCodes: $giftCardCodes) {
      cart {
        ...CartApiMutation
      }
      userErrors {
        ...CartApiError
      }
      warnings {
        ...CartApiWarning
      }
    }
  }
  ${cartFragment}
  ${USER_ERROR_FRAGMENT}
  ${CART_WARNING_FRAGMENT}
`;

// src/cart/queries/cartGiftCardCodesAddDefault.ts
const CART_GIFT_CARD_CODES_ADD_MUTATION = (cartFragment = MINIMAL_CART_FRAGMENT) =>
  `
  mutation cartGiftCardCodesAdd(
    $cartId: ID!
    $giftCardCodes: [String!]!
    $language: LanguageCode
    $country: CountryCode
  ) @inContext(country: $country, language: $language) {
    cartGiftCardCodesAdd(cartId: $cartId, giftCardCodes: $giftCardCodes) {
      cart {
        ...CartApiMutation
      }
      userErrors {
        ...CartApiError
      }
      warnings {
        ...CartApiWarning
      }
    }
  }
  ${cartFragment}
  ${USER_ERROR_FRAGMENT}
  ${CART_WARNING_FRAGMENT}
`;

// src/cart/queries/cartGiftCardCodesRemoveDefault.ts
const CART_GIFT_CARD_CODES_REMOVE_MUTATION = (cartFragment = MINIMAL_CART_FRAGMENT) =>
  `
  mutation cartGiftCardCodesRemove(
    $cartId: ID!
    $appliedGiftCardIds: [ID!]!
    ${IN_CONTEXT_VARIABLES}
  ) ${IN_CONTEXT_DIRECTIVE} {
    cartGiftCardCodesRemove(cartId: $cartId, appliedGiftCardIds: $appliedGiftCardIds) {
      cart {
        ...CartApiMutation
      }
      userErrors {
        ...CartApiError
      }
      warnings {
        ...CartApiWarning
      }
    }
  }
  ${cartFragment}
  ${USER_ERROR_FRAGMENT}
  ${CART_WARNING_FRAGMENT}
`;

// src/cart/queries/cartBuyerIdentityUpdateDefault.ts
const CART_BUYER_IDENTITY_UPDATE_MUTATION = (cartFragment = MINIMAL_CART_FRAGMENT) =>
  `
  mutation cartBuyerIdentityUpdate(
    $cartId: ID!
    $buyerIdentity: CartBuyerIdentityInput!
    ${IN_CONTEXT_VARIABLES}
  ) ${IN_CONTEXT_DIRECTIVE} {
    cartBuyerIdentityUpdate(cartId: $cartId, buyerIdentity: $buyerIdentity) {
      cart {
        ...CartApiMutation
      }
      userErrors {
        ...CartApiError
      }
      warnings {
        ...CartApiWarning
      }
    }
  }
  ${cartFragment}
  ${USER_ERROR_FRAGMENT}
  ${CART_WARNING_FRAGMENT}
`;

// src/cart/queries/cartNoteUpdateDefault.ts
const CART_NOTE_UPDATE_MUTATION = (cartFragment = MINIMAL_CART_FRAGMENT) =>
  `
  mutation cartNoteUpdate(
    $cartId: ID!
    $note: String!
    ${IN_CONTEXT_VARIABLES}
  ) ${IN_CONTEXT_DIRECTIVE} {
    cartNoteUpdate(cartId: $cartId, note: $note) {
      cart {
        ...CartApiMutation
      }
      userErrors {
        ...CartApiError
      }
      warnings {
        ...CartApiWarning
      }
    }
  }
  ${cartFragment}
  ${USER_ERROR_FRAGMENT}
  ${CART_WARNING_FRAGMENT}
`;

// src/cart/queries/cartSelectedDeliveryOptionsUpdateDefault.ts
const CART_SELECTED_DELIVERY_OPTIONS_UPDATE_MUTATION = (cartFragment = MINIMAL_CART_FRAGMENT) =>
  `
  mutation cartSelectedDeliveryOptionsUpdate(
    $cartId: ID!
    $selectedDeliveryOptions: [CartSelectedDeliveryOptionInput!]!
    ${IN_CONTEXT_VARIABLES}
  ) ${IN_CONTEXT_DIRECTIVE} {
    cartSelectedDeliveryOptionsUpdate(cartId: $cartId, selectedDeliveryOptions: $selectedDeliveryOptions) {
      cart {
        ...CartApiMutation
      }
      userErrors {
        ...CartApiError
      }
      warnings {
        ...CartApiWarning
      }
    }
  }
  ${cartFragment}
  ${USER_ERROR_FRAGMENT}
  ${CART_WARNING_FRAGMENT}
`;

// src/cart/queries/cartAttributesUpdateDefault.ts
const CART_ATTRIBUTES_UPDATE_MUTATION = (cartFragment = MINIMAL_CART_FRAGMENT) =>
  `
  mutation cartAttributesUpdate(
    $cartId: ID!
    $attributes: [AttributeInput!]!
    ${IN_CONTEXT_VARIABLES}
  ) ${IN_CONTEXT_DIRECTIVE} {
    cartAttributesUpdate(cartId: $cartId, attributes: $attributes) {
      cart {
        ...CartApiMutation
      }
      userErrors {
        ...CartApiError
      }
      warnings {
        ...CartApiWarning
      }
    }
  }
  ${cartFragment}
  ${USER_ERROR_FRAGMENT}
  ${CART_WARNING_FRAGMENT}
`;

// src/cart/queries/cartMetafieldsSetDefault.ts
const CART_METAFIELD_SET_MUTATION = () =>
  `
  mutation cartMetafieldsSet(
    $metafields: [CartMetafieldsSetInput!]!
    ${IN_CONTEXT_VARIABLES}
  ) ${IN_CONTEXT_DIRECTIVE} {
    cartMetafieldsSet(metafields: $metafields) {
      userErrors {
        code
        elementIndex
        field
        message
      }
    }
  }
`;

// src/cart/queries/cartMetafieldDeleteDefault.ts
const CART_METAFIELD_DELETE_MUTATION = () =>
  `
  mutation cartMetafieldDelete(
    $input: CartMetafieldDeleteInput!
    ${IN_CONTEXT_VARIABLES}
  ) ${IN_CONTEXT_DIRECTIVE} {
    cartMetafieldDelete(input: $input) {
      userErrors {
        code
        field
        message
      }
    }
  }
`;

// src/cart/queries/cartDeliveryAddressesAddDefault.tsx
const CART_DELIVERY_ADDRESSES_ADD_MUTATION = (cartFragment = MINIMAL_CART_FRAGMENT) =>
  `
  mutation cartDeliveryAddressesAdd(
    $cartId: ID!
    $addresses: [CartSelectableAddressInput!]!,
    ${IN_CONTEXT_VARIABLES}
  ) ${IN_CONTEXT_DIRECTIVE} {
    cartDeliveryAddressesAdd(addresses: $addresses, cartId: $cartId) {
      cart {
        ...CartApiMutation
      }
      userErrors {
        ...CartApiError
      }
      warnings {
        ...CartApiWarning
      }
    }
  }
  ${cartFragment}
  ${USER_ERROR_FRAGMENT}
  ${CART_WARNING_FRAGMENT}
`;

// src/cart/queries/cartDeliveryAddressesUpdateDefault.tsx
const CART_DELIVERY_ADDRESSES_UPDATE_MUTATION = (cartFragment = MINIMAL_CART_FRAGMENT) =>
  `
  mutation cartDeliveryAddressesUpdate(
    $cartId: ID!
    $addresses: [CartSelectableAddressUpdateInput!]!,
    ${IN_CONTEXT_VARIABLES}
  ) ${IN_CONTEXT_DIRECTIVE} {
    cartDeliveryAddressesUpdate(addresses: $addresses, cartId: $cartId) {
      cart {
        ...CartApiMutation
      }
      userErrors {
        ...CartApiError
      }
      warnings {
        ...CartApiWarning
      }
    }
  }
  ${cartFragment}
  ${USER_ERROR_FRAGMENT}
  ${CART_WARNING_FRAGMENT}
`;

// src/cart/queries/cartDeliveryAddressesRemoveDefault.tsx
const CART_DELIVERY_ADDRESSES_REMOVE_MUTATION = (cartFragment = MINIMAL_CART_FRAGMENT) =>
  `
  mutation cartDeliveryAddressesRemove(
    $cartId: ID!
    $addressIds: [ID!]!,
    ${IN_CONTEXT_VARIABLES}
  ) ${IN_CONTEXT_DIRECTIVE} {
    cartDeliveryAddressesRemove(addressIds: $addressIds, cartId: $cartId) {
      cart {
        ...CartApiMutation
      }
      userErrors {
        ...CartApiError
      }
      warnings {
        ...CartApiWarning
      }
    }
  }
  ${cartFragment}
  ${USER_ERROR_FRAGMENT}
  ${CART_WARNING_FRAGMENT}
`;

// src/cart/queries/cartDeliveryAddressesReplaceDefault.tsx
const CART_DELIVERY_ADDRESSES_REPLACE_MUTATION = (cartFragment = MINIMAL_CART_FRAGMENT) =>
  `
  mutation cartDeliveryAddressesReplace(
    $cartId: ID!
    $addresses: [CartSelectableAddressInput!]!,
    $country: CountryCode = ZZ
    $language: LanguageCode
  ) @inContext(country: $country, language: $language) {
    cartDeliveryAddressesReplace(addresses: $addresses, cartId: $cartId) {
      cart {
        ...CartApiMutation
      }
      userErrors {
        ...CartApiError
      }
      warnings {
        ...CartApiWarning
      }
    }
  }
  ${cartFragment}
  ${USER_ERROR_FRAGMENT}
  ${CART_WARNING_FRAGMENT}
`;

// src/analytics-manager/AnalyticsProvider.tsx (getShopAnalytics)
const SHOP_QUERY = `
  query ShopData(
    $country: CountryCode
    $language: LanguageCode
  ) @inContext(country: $country, language: $language) {
    shop {
      id
    }
    localization {
      country {
        currency {
          isoCode
        }
      }
      language {
        isoCode
      }
    }
  }
`;

// src/routing/redirect.ts (storefrontRedirect)
const REDIRECT_QUERY = `
  query redirects($query: String) {
    urlRedirects(first: 1, query: $query) {
      edges {
        node {
          target
        }
      }
    }
  }
`;

// src/sitemap/sitemap.ts (getSitemapIndex, getSitemap)
const SITEMAP_INDEX_QUERY = `
query SitemapIndex {
  products: sitemap(type: PRODUCT) {
    pagesCount {
      count
    }
  }
  collections: sitemap(type: COLLECTION) {
    pagesCount {
      count
    }
  }
  articles: sitemap(type: ARTICLE) {
    pagesCount {
      count
    }
  }
  pages: sitemap(type: PAGE) {
    pagesCount {
      count
    }
  }
  blogs: sitemap(type: BLOG) {
    pagesCount {
      count
    }
  }
  metaObjects: sitemap(type: METAOBJECT) {
    pagesCount {
      count
    }
  }
}
`;

const PRODUCT_SITEMAP_QUERY = `
    query SitemapProducts($page: Int!) {
      sitemap(type: PRODUCT) {
        resources(page: $page) {
          items {
            handle
            updatedAt
          }
        }
      }
    }
`;

const COLLECTION_SITEMAP_QUERY = `
    query SitemapCollections($page: Int!) {
      sitemap(type: COLLECTION) {
        resources(page: $page) {
          items {
            handle
            updatedAt
          }
        }
      }
    }
`;

const PAGE_SITEMAP_QUERY = `
    query SitemapPages($page: Int!) {
      sitemap(type: PAGE) {
        resources(page: $page) {
          items {
            handle
            updatedAt
          }
        }
      }
    }
`;

const BLOG_SITEMAP_QUERY = `
    query SitemapBlogs($page: Int!) {
      sitemap(type: BLOG) {
        resources(page: $page) {
          items {
            handle
            updatedAt
          }
        }
      }
    }
`;

const ARTICLE_SITEMAP_QUERY = `
    query SitemapArticles($page: Int!) {
      sitemap(type: ARTICLE) {
        resources(page: $page) {
          items {
            handle
            updatedAt
          }
        }
      }
    }
`;

const METAOBJECT_SITEMAP_QUERY = `
    query SitemapMetaobjects($page: Int!) {
      sitemap(type: METAOBJECT) {
        resources(page: $page) {
          items {
            handle
            updatedAt
            ... on SitemapResourceMetaobject {
              type
            }
          }
        }
      }
    }
`;

/** A document that Hydrogen sends, named by the call of the starter's code that sends it. */
export type HydrogenLibraryDocument = { call: string; text: string };

/**
 * Hydrogen's documents as the starter configures them: `cart.get()` with the starter's own cart
 * fragment (`CART_QUERY_FRAGMENT`, passed as `cart.queryFragment` in app/lib/context.ts), the
 * mutations with Hydrogen's minimal one (the starter passes no `mutateFragment`). In the order of
 * a shopper's visit: a cart is created before it is read, its lines read before they change.
 */
export function hydrogenLibraryDocuments(cartQueryFragment: string): HydrogenLibraryDocument[] {
  return [
    { call: "getShopAnalytics()", text: SHOP_QUERY },
    { call: "cart.addLines() (no cart yet), cart.create()", text: CART_CREATE_MUTATION() },
    { call: "cart.get()", text: CART_QUERY(cartQueryFragment) },
    { call: "cart.addLines()", text: CART_LINES_ADD_MUTATION() },
    { call: "cart.updateLines()", text: CART_LINES_UPDATE_MUTATION() },
    { call: "cart.updateDiscountCodes()", text: CART_DISCOUNT_CODE_UPDATE_MUTATION() },
    { call: "cart.updateGiftCardCodes()", text: CART_GIFT_CARD_CODE_UPDATE_MUTATION() },
    { call: "cart.addGiftCardCodes()", text: CART_GIFT_CARD_CODES_ADD_MUTATION() },
    { call: "cart.removeGiftCardCodes()", text: CART_GIFT_CARD_CODES_REMOVE_MUTATION() },
    { call: "cart.updateBuyerIdentity()", text: CART_BUYER_IDENTITY_UPDATE_MUTATION() },
    { call: "cart.updateNote()", text: CART_NOTE_UPDATE_MUTATION() },
    { call: "cart.updateAttributes()", text: CART_ATTRIBUTES_UPDATE_MUTATION() },
    {
      call: "cart.updateSelectedDeliveryOption()",
      text: CART_SELECTED_DELIVERY_OPTIONS_UPDATE_MUTATION(),
    },
    { call: "cart.setMetafields()", text: CART_METAFIELD_SET_MUTATION() },
    { call: "cart.deleteMetafield()", text: CART_METAFIELD_DELETE_MUTATION() },
    { call: "cart.addDeliveryAddresses()", text: CART_DELIVERY_ADDRESSES_ADD_MUTATION() },
    { call: "cart.updateDeliveryAddresses()", text: CART_DELIVERY_ADDRESSES_UPDATE_MUTATION() },
    { call: "cart.removeDeliveryAddresses()", text: CART_DELIVERY_ADDRESSES_REMOVE_MUTATION() },
    { call: "cart.replaceDeliveryAddresses()", text: CART_DELIVERY_ADDRESSES_REPLACE_MUTATION() },
    { call: "cart.removeLines()", text: CART_LINES_REMOVE_MUTATION() },
    { call: "storefrontRedirect() (server.ts, on a 404)", text: REDIRECT_QUERY },
    { call: "getSitemapIndex() ([sitemap.xml].tsx)", text: SITEMAP_INDEX_QUERY },
    { call: "getSitemap() (sitemap.$type.$page[.xml].tsx)", text: PRODUCT_SITEMAP_QUERY },
    { call: "getSitemap()", text: COLLECTION_SITEMAP_QUERY },
    { call: "getSitemap()", text: PAGE_SITEMAP_QUERY },
    { call: "getSitemap()", text: BLOG_SITEMAP_QUERY },
    { call: "getSitemap()", text: ARTICLE_SITEMAP_QUERY },
    { call: "getSitemap()", text: METAOBJECT_SITEMAP_QUERY },
  ];
}
