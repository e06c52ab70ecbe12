import {
  hydrogenStarterDocuments,
  minifyQuery,
  type StarterDocument,
} from "#platform/commerce/graphql/compatibility/hydrogen-starter-source.ts";
import type {
  Json,
  Send,
  Variables,
  Visit,
} from "#platform/commerce/graphql/compatibility/hydrogen-starter-visit.ts";

/**
 * The official Hydrogen starter as a test of our Storefront API (issue 21, "the official Hydrogen
 * starter is the test"): every Storefront API document the starter sends — its own, read from the
 * source that `@shopify/create-hydrogen` ships, and those Hydrogen sends for it
 * (hydrogen-library.ts) — with the variables the starter's loaders and Hydrogen's client send,
 * run against our endpoint and judged by what a shop page would show.
 *
 * Customer Account API documents (the starter's `app/graphql/customer-account/`) go to another
 * API and are out of scope.
 */

/** The Storefront API version of the starter's Hydrogen (hydrogen-react's `SFAPI_VERSION`). */
export const STARTER_API_VERSION = "2026-04";

// ---------------------------------------------------------------------------------------------
// Running them

type Step = {
  /** The variables the starter's code sends (Hydrogen adds `country` and `language`). */
  variables: (visit: Visit) => Variables;
  /**
   * Paths to what the page shows (`a.b.0.c`; `x|y` for either): each must hold a value that is
   * not null nor an empty list or string.
   */
  shows: string[];
  /** Finds what its variables need and an earlier document could not tell. */
  prepare?: (send: Send, visit: Visit) => Promise<void>;
  /** Keeps what later documents need. */
  remember?: (data: Json, visit: Visit) => void;
  /** Its inputs name things the demo shop lacks (gift cards, delivery groups): userErrors fit. */
  userErrorsExpected?: true;
};

/** The demo data's welcome code (seed/commerce/discounts.ts). */
const DEMO_DISCOUNT_CODE = "BIENVENUE10";
/** The demo data's 10 € gift card (seed/commerce/gift-cards.ts), as a shopper would type it. */
export const DEMO_GIFT_CARD_CODE = "comptoir-cadeau-10";
const APPLIED_GIFT_CARDS_QUERY = `#graphql
  query HydrogenCompatGiftCards($cartId: ID!) {
    cart(id: $cartId) {
      appliedGiftCards {
        id
      }
    }
  }
`;

/** The gift card the cart holds, so that removing it is judged on a real id. */
async function findGiftCard(send: Send, visit: Visit) {
  if (!visit.cartId) return;
  const { body } = await send(APPLIED_GIFT_CARDS_QUERY, { cartId: visit.cartId });
  visit.appliedGiftCardId = body.data?.cart?.appliedGiftCards?.[0]?.id ?? undefined;
}
const ADDRESS = {
  address: {
    deliveryAddress: {
      firstName: "Claire",
      lastName: "Martin",
      address1: "8 rue Montorgueil",
      city: "Paris",
      zip: "75001",
      countryCode: "FR",
    },
  },
  selected: true,
};
const UNKNOWN_ADDRESS = "gid://shopify/CartSelectableAddress/1";
const cart = (visit: Visit) => ({ cartId: visit.cartId ?? "gid://shopify/Cart/none" });
const cartShown = (mutation: string) => [`${mutation}.cart.id`];
/** `getPaginationVariables(request, { pageBy })` on a first page. */
const firstPage = (pageBy: number) => ({ first: pageBy, endCursor: null });
const CART_LINES_QUERY = `#graphql
  query HydrogenCompatCartLines($cartId: ID!) {
    cart(id: $cartId) {
      lines(first: 1) {
        nodes {
          id
        }
      }
    }
  }
`;

const ORDER_MODE_MUTATION = `#graphql
  mutation HydrogenCompatOrderMode($cartId: ID!, $attributes: [AttributeInput!]!) {
    cartAttributesUpdate(cartId: $cartId, attributes: $attributes) {
      userErrors {
        message
      }
    }
  }
`;
const DELIVERY_GROUPS_QUERY = `#graphql
  query HydrogenCompatDeliveryGroups($cartId: ID!) {
    cart(id: $cartId) {
      deliveryGroups(first: 1) {
        nodes {
          id
          deliveryOptions {
            handle
          }
          selectedDeliveryOption {
            handle
          }
        }
      }
    }
  }
`;

/**
 * The cart's delivery group and an option to select, as a storefront reads them before its
 * shipping choice: the order mode is written first (the shop's storefront does it at checkout),
 * then another option than the selected one is chosen when there is one.
 */
async function findDeliveryOption(send: Send, visit: Visit) {
  if (!visit.cartId) return;
  if (visit.orderMode?.length) {
    await send(ORDER_MODE_MUTATION, { cartId: visit.cartId, attributes: visit.orderMode });
  }
  const { body } = await send(DELIVERY_GROUPS_QUERY, { cartId: visit.cartId });
  const group = body.data?.cart?.deliveryGroups?.nodes?.[0];
  if (!group) return;
  const handles = (group.deliveryOptions as Json[]).map((option) => option.handle as string);
  const selected = group.selectedDeliveryOption?.handle;
  visit.deliveryGroupId = group.id;
  visit.deliveryOptionHandle = handles.find((handle) => handle !== selected) ?? handles[0];
}

/**
 * The cart's first line when `cart.get()` could not tell it, so that a line mutation is judged
 * on its own rather than on the cart query's failure.
 */
async function findLine(send: Send, visit: Visit) {
  if (visit.lineId || !visit.cartId) return;
  const { body } = await send(CART_LINES_QUERY, { cartId: visit.cartId });
  visit.lineId = body.data?.cart?.lines?.nodes?.[0]?.id ?? undefined;
}

const sitemapPage = { variables: () => ({ page: 1 }), shows: ["sitemap.resources.items"] };

/**
 * Each document's variables as the starter's loaders and actions send them (read from its
 * routes and from Hydrogen's cart handler), and what the page needs of the answer.
 */
const STEPS: Record<string, Step> = {
  // app/root.tsx, every page
  Header: {
    variables: () => ({ headerMenuHandle: "main-menu" }),
    shows: ["shop.name", "menu.items"],
  },
  Footer: { variables: () => ({ footerMenuHandle: "footer" }), shows: ["menu.items"] },
  ShopData: { variables: () => ({}), shows: ["shop.id", "localization.country.currency.isoCode"] },
  // app/routes/_index.tsx
  FeaturedCollection: { variables: () => ({}), shows: ["collections.nodes.0.handle"] },
  RecommendedProducts: { variables: () => ({}), shows: ["products.nodes"] },
  // collections, products
  StoreCollections: { variables: () => firstPage(4), shows: ["collections.nodes"] },
  Collection: {
    variables: (visit) => ({ handle: visit.collection, ...firstPage(8) }),
    shows: ["collection.title", "collection.products.nodes"],
  },
  Catalog: { variables: () => firstPage(8), shows: ["products.nodes"] },
  Product: {
    variables: (visit) => ({ handle: visit.product, selectedOptions: [] }),
    shows: [
      "product.title",
      "product.options",
      "product.selectedOrFirstAvailableVariant.price.amount",
    ],
  },
  // content
  Page: { variables: (visit) => ({ handle: visit.page }), shows: ["page.body"] },
  Policy: {
    // /policies/privacy-policy
    variables: (visit) => ({
      privacyPolicy: true,
      shippingPolicy: false,
      termsOfService: false,
      refundPolicy: false,
      language: visit.i18n.language,
    }),
    shows: ["shop.privacyPolicy.body"],
  },
  Policies: {
    variables: () => ({}),
    shows: [
      "shop.privacyPolicy|shop.shippingPolicy|shop.termsOfService|shop.refundPolicy|shop.subscriptionPolicy",
    ],
  },
  Blogs: { variables: () => firstPage(10), shows: ["blogs.nodes"] },
  Blog: {
    variables: (visit) => ({ blogHandle: visit.blog, ...firstPage(4) }),
    shows: ["blog.articles.nodes"],
  },
  Article: {
    variables: (visit) => ({ blogHandle: visit.blog, articleHandle: visit.article }),
    shows: ["blog.articleByHandle.contentHtml"],
  },
  // app/routes/search/search.tsx
  RegularSearch: {
    variables: (visit) => ({ ...firstPage(8), term: visit.term }),
    shows: ["products.nodes"],
  },
  PredictiveSearch: {
    variables: (visit) => ({ limit: 10, limitScope: "EACH", term: visit.term }),
    shows: ["predictiveSearch.products"],
  },
  // The cart: app/routes/cart/cart.tsx, cart.$lines.tsx, discount.$code.tsx, through Hydrogen
  cartCreate: {
    variables: (visit) => ({
      input: { lines: [{ merchandiseId: visit.variants[0], quantity: 1 }], buyerIdentity: {} },
    }),
    shows: ["cartCreate.cart.id", "cartCreate.cart.checkoutUrl"],
    remember: (data, visit) => {
      visit.cartId = data.cartCreate?.cart?.id ?? undefined;
    },
  },
  CartQuery: {
    variables: cart,
    shows: ["cart.lines.nodes", "cart.cost.totalAmount.amount"],
    remember: (data, visit) => {
      visit.lineId = data.cart?.lines?.nodes?.[0]?.id ?? undefined;
    },
  },
  cartLinesAdd: {
    variables: (visit) => ({
      ...cart(visit),
      lines: [{ merchandiseId: visit.variants[1], quantity: 1 }],
    }),
    shows: cartShown("cartLinesAdd"),
  },
  cartLinesUpdate: {
    variables: (visit) => ({
      ...cart(visit),
      lines: [{ id: visit.lineId ?? "gid://shopify/CartLine/none", quantity: 2 }],
    }),
    prepare: findLine,
    shows: cartShown("cartLinesUpdate"),
  },
  cartDiscountCodesUpdate: {
    variables: (visit) => ({ ...cart(visit), discountCodes: [DEMO_DISCOUNT_CODE] }),
    shows: cartShown("cartDiscountCodesUpdate"),
  },
  // app/routes/cart/cart.tsx's gift card form, then the same code added again, then taken off.
  cartGiftCardCodesUpdate: {
    variables: (visit) => ({ ...cart(visit), giftCardCodes: [DEMO_GIFT_CARD_CODE] }),
    shows: cartShown("cartGiftCardCodesUpdate"),
  },
  cartGiftCardCodesAdd: {
    variables: (visit) => ({ ...cart(visit), giftCardCodes: [DEMO_GIFT_CARD_CODE] }),
    shows: cartShown("cartGiftCardCodesAdd"),
  },
  cartGiftCardCodesRemove: {
    variables: (visit) => ({
      ...cart(visit),
      appliedGiftCardIds: [visit.appliedGiftCardId ?? "gid://shopify/AppliedGiftCard/none"],
    }),
    prepare: findGiftCard,
    shows: cartShown("cartGiftCardCodesRemove"),
  },
  cartBuyerIdentityUpdate: {
    variables: (visit) => ({ ...cart(visit), buyerIdentity: { countryCode: visit.i18n.country } }),
    shows: cartShown("cartBuyerIdentityUpdate"),
  },
  cartNoteUpdate: {
    variables: (visit) => ({ ...cart(visit), note: "Sans emballage cadeau, merci." }),
    shows: cartShown("cartNoteUpdate"),
  },
  cartAttributesUpdate: {
    variables: (visit) => ({
      ...cart(visit),
      attributes: [{ key: "source", value: "hydrogen-starter" }],
    }),
    shows: cartShown("cartAttributesUpdate"),
  },
  cartSelectedDeliveryOptionsUpdate: {
    variables: (visit) => ({
      ...cart(visit),
      selectedDeliveryOptions: [
        {
          deliveryGroupId: visit.deliveryGroupId ?? "gid://shopify/CartDeliveryGroup/none",
          deliveryOptionHandle: visit.deliveryOptionHandle ?? "none",
        },
      ],
    }),
    prepare: findDeliveryOption,
    shows: cartShown("cartSelectedDeliveryOptionsUpdate"),
  },
  cartMetafieldsSet: {
    variables: (visit) => ({
      metafields: [
        {
          ownerId: cart(visit).cartId,
          key: "custom.gift_message",
          type: "single_line_text_field",
          value: "Joyeux anniversaire !",
        },
      ],
    }),
    shows: ["cartMetafieldsSet"],
  },
  cartMetafieldDelete: {
    variables: (visit) => ({ input: { ownerId: cart(visit).cartId, key: "custom.gift_message" } }),
    shows: ["cartMetafieldDelete"],
  },
  cartDeliveryAddressesAdd: {
    variables: (visit) => ({ ...cart(visit), addresses: [ADDRESS] }),
    shows: cartShown("cartDeliveryAddressesAdd"),
  },
  cartDeliveryAddressesUpdate: {
    variables: (visit) => ({
      ...cart(visit),
      addresses: [{ id: UNKNOWN_ADDRESS, selected: true }],
    }),
    shows: cartShown("cartDeliveryAddressesUpdate"),
    userErrorsExpected: true,
  },
  cartDeliveryAddressesRemove: {
    variables: (visit) => ({ ...cart(visit), addressIds: [UNKNOWN_ADDRESS] }),
    shows: cartShown("cartDeliveryAddressesRemove"),
    userErrorsExpected: true,
  },
  cartDeliveryAddressesReplace: {
    variables: (visit) => ({ ...cart(visit), addresses: [ADDRESS] }),
    shows: cartShown("cartDeliveryAddressesReplace"),
  },
  cartLinesRemove: {
    variables: (visit) => ({
      ...cart(visit),
      lineIds: [visit.lineId ?? "gid://shopify/CartLine/none"],
    }),
    prepare: findLine,
    shows: cartShown("cartLinesRemove"),
  },
  // server.ts on a 404: is the missing path a redirect? One of the demo data's (seed/commerce/
  // redirects.ts), lower-cased and without its trailing slash as storefrontRedirect sends it.
  redirects: {
    variables: () => ({ query: "path:/pages/notre-magasin" }),
    shows: ["urlRedirects.edges.0.node.target"],
  },
  SitemapIndex: { variables: () => ({}), shows: ["products.pagesCount.count"] },
  SitemapProducts: sitemapPage,
  SitemapCollections: sitemapPage,
  SitemapPages: sitemapPage,
  SitemapBlogs: sitemapPage,
  SitemapArticles: sitemapPage,
  SitemapMetaobjects: { variables: () => ({ page: 1 }), shows: ["sitemap.resources"] },
};

/** The documents the report knows how to send: a new starter's new document must be added. */
export const KNOWN_DOCUMENTS: readonly string[] = Object.keys(STEPS);

/**
 * The variables Hydrogen's client sends: the given ones, plus `country` and `language` from
 * `storefront.i18n` when the document mentions them and the caller did not set them.
 */
export function withI18n(text: string, variables: Variables, i18n: Visit["i18n"]): Variables {
  const sent = { ...variables };
  if (!variables.country && /\$country/.test(text)) sent.country = i18n.country;
  if (!variables.language && /\$language/.test(text)) sent.language = i18n.language;
  return sent;
}

/** How one document fared. */
export type DocumentResult = {
  name: string;
  origin: string;
  status: number;
  /** The answer's top-level errors (validation, execution), or the HTTP failure. */
  errors: string[];
  /** The paths of `shows` that the answer left empty. */
  missing: string[];
  /** The payload's `userErrors` messages (mutations). */
  userErrors: string[];
  /** No error, nothing missing, and no userErrors unless its inputs call for them. */
  ok: boolean;
};

function at(data: unknown, path: string): unknown {
  let value: unknown = data;
  for (const part of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function isShown(data: unknown, paths: string): boolean {
  return paths.split("|").some((path) => {
    const value = at(data, path);
    return !(
      value === null ||
      value === undefined ||
      value === "" ||
      (Array.isArray(value) && value.length === 0)
    );
  });
}

function userErrorsOf(data: unknown): string[] {
  if (!data || typeof data !== "object") return [];
  return Object.values(data as Json).flatMap((payload) =>
    Array.isArray(payload?.userErrors)
      ? payload.userErrors.map((error: Json) => `${error.code ?? ""} ${error.message}`.trim())
      : [],
  );
}

/**
 * Sends every document of the starter, in order, with the variables its code sends for `visit`,
 * and judges each answer. Throws on a document it has no step for.
 */
export async function runHydrogenStarter(
  send: Send,
  visit: Visit,
  documents: readonly StarterDocument[] = hydrogenStarterDocuments(),
): Promise<DocumentResult[]> {
  const results: DocumentResult[] = [];
  for (const document of documents) {
    const step = STEPS[document.name];
    if (!step) throw new Error(`no variables known for ${document.name} (${document.origin})`);
    await step.prepare?.(send, visit);
    const query = minifyQuery(document.text);
    const variables = withI18n(query, step.variables(visit), visit.i18n);
    const { status, body } = await send(query, variables);
    const errors: string[] = Array.isArray(body.errors)
      ? body.errors.map((error: Json) => String(error.message))
      : status === 200
        ? []
        : [`HTTP ${status}`];
    const data = body.data ?? null;
    if (data) step.remember?.(data, visit);
    const missing = data ? step.shows.filter((paths) => !isShown(data, paths)) : [];
    const userErrors = userErrorsOf(data);
    const ok =
      errors.length === 0 &&
      data !== null &&
      missing.length === 0 &&
      (step.userErrorsExpected === true || userErrors.length === 0);
    results.push({ ...document, status, errors, missing, userErrors, ok });
  }
  return results;
}

/** One line's verdict: OK, or the first thing that went wrong. */
export function verdict(result: DocumentResult): string {
  if (result.ok) return "OK";
  const [error] = result.errors;
  if (error) {
    const more = result.errors.length > 1 ? ` (+${result.errors.length - 1} more)` : "";
    return `${error}${more}`;
  }
  if (result.missing.length > 0) return `no data: ${result.missing.join(", ")}`;
  if (result.userErrors.length > 0) return `userErrors: ${result.userErrors.join("; ")}`;
  return "no data";
}

/**
 * The report as a Markdown table, with a summary line and the ratchet's list; with `details`,
 * then every error, missing path and userError of each failing document.
 */
export function formatHydrogenReport(
  results: readonly DocumentResult[],
  version: string,
  options: { details?: boolean } = {},
): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s+/g, " ");
  const passing = results.filter((result) => result.ok).map((result) => result.name);
  return [
    `Hydrogen starter against the Storefront API ${version}: ${passing.length} of ${results.length} documents OK`,
    "",
    "| Document | Sent by | Result |",
    "| --- | --- | --- |",
    ...results.map(
      (result) => `| ${result.name} | ${cell(result.origin)} | ${cell(verdict(result))} |`,
    ),
    "",
    `PASSING (hydrogen-starter.int.test.ts): ${JSON.stringify(passing)}`,
    ...(options.details
      ? results
          .filter((result) => !result.ok)
          .flatMap((result) => [
            "",
            `${result.name} (${result.origin}):`,
            ...result.errors.map((error) => `  error: ${error}`),
            ...result.missing.map((path) => `  no data: ${path}`),
            ...result.userErrors.map((error) => `  userError: ${error}`),
          ])
      : []),
  ].join("\n");
}
