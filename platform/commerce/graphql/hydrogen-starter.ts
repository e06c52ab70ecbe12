import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { hydrogenLibraryDocuments } from "#platform/commerce/graphql/hydrogen-library.ts";

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

/** What Hydrogen's client is given by the starter (app/lib/context.ts): `storefront.i18n`. */
export const STARTER_I18N = { language: "EN", country: "US" } as const;

/** One Storefront API document that the starter sends. */
export type StarterDocument = {
  /** The operation's name, unique across the starter. */
  name: string;
  /** Where it is written: a starter file and constant, or the Hydrogen call that sends it. */
  origin: string;
  /** The document as written, every `${FRAGMENT}` replaced by the text it names. */
  text: string;
};

/** The starter's source as `@shopify/create-hydrogen` ships it (a devDependency). */
export function starterFolder(): string {
  const manifest = createRequire(import.meta.url).resolve("@shopify/create-hydrogen/package.json");
  return join(dirname(manifest), "dist/assets/hydrogen/starter");
}

// ---------------------------------------------------------------------------------------------
// Reading the starter's documents

/** `const NAME = <backtick>#graphql …<backtick>`, exported or not, as the starter writes them. */
const TAGGED_CONSTANT =
  /(?:export\s+)?const\s+([A-Za-z_$][\w$]*)\s*=\s*\x60(#graphql[^\x60]*)\x60/g;
const INTERPOLATION = /\$\{\s*([A-Za-z_$][\w$]*)\s*\}/g;
const NAMED_IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
/** Hydrogen's test of a query or mutation (`assertQuery`, `assertMutation`), on minified text. */
const OPERATION = /(^|}\s)(query|mutation)[\s({]/i;
const OPERATION_NAME = /(?:^|}\s)(?:query|mutation)\s+([A-Za-z_]\w*)/i;

/**
 * The files of the starter's Storefront API project, as its `.graphqlrc.ts` lists them: the root
 * files and `app/**`, less `app/graphql/**` (the Customer Account API project). Generated
 * declaration files hold types, not documents.
 */
function storefrontProjectFiles(folder: string): string[] {
  const files: string[] = [];
  const walk = (path: string, recursive: boolean) => {
    for (const entry of readdirSync(join(folder, path), { withFileTypes: true })) {
      const child = path ? `${path}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (recursive && child !== "app/graphql" && entry.name !== "node_modules") {
          walk(child, true);
        }
      } else if (/\.(ts|tsx|js|jsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        files.push(child);
      }
    }
  };
  walk("", false);
  walk("app", true);
  return files.sort();
}

type SourceFile = { constants: Map<string, string>; imports: Map<string, [string, string]> };

/** The file a starter import names (`~/lib/fragments` is app/lib/fragments.ts). */
function importedFile(folder: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith("."))
    base = relative(folder, join(folder, dirname(from), specifier));
  else return null;
  const found = ["", ".ts", ".tsx", ".js", ".jsx"]
    .map((extension) => base + extension)
    .find((path) => /\.(ts|tsx|js|jsx)$/.test(path) && existsSync(join(folder, path)));
  return found ?? null;
}

function readSourceFile(folder: string, file: string): SourceFile {
  const source = readFileSync(join(folder, file), "utf8");
  const constants = new Map<string, string>();
  for (const [, name = "", body = ""] of source.matchAll(TAGGED_CONSTANT)) {
    constants.set(name, body);
  }
  const imports = new Map<string, [string, string]>();
  for (const [, names = "", specifier = ""] of source.matchAll(NAMED_IMPORT)) {
    const target = importedFile(folder, file, specifier);
    if (!target) continue;
    for (const item of names.split(",")) {
      const [imported, local = imported] = item
        .replace(/^\s*type\s+/, "")
        .split(/\s+as\s+/)
        .map((part) => part.trim());
      if (imported && local) imports.set(local, [target, imported]);
    }
  }
  return { constants, imports };
}

/**
 * Every tagged constant of the starter's Storefront API files, its `${NAME}` interpolations
 * resolved as JavaScript would: a constant of the same file, or one it imports. Keyed
 * `file#NAME`.
 */
export function starterConstants(folder = starterFolder()): Map<string, string> {
  const files = new Map<string, SourceFile>();
  const fileAt = (file: string) => {
    let read = files.get(file);
    if (!read) {
      read = readSourceFile(folder, file);
      files.set(file, read);
    }
    return read;
  };
  const resolved = new Map<string, string>();
  const resolve = (file: string, name: string, trail: string[]): string => {
    const key = `${file}#${name}`;
    const done = resolved.get(key);
    if (done !== undefined) return done;
    if (trail.includes(key)) throw new Error(`${key} interpolates itself`);
    const { constants, imports } = fileAt(file);
    const body = constants.get(name);
    if (body === undefined) {
      const imported = imports.get(name);
      if (!imported) throw new Error(`${file}: \${${name}} names no #graphql constant`);
      return resolve(imported[0], imported[1], [...trail, key]);
    }
    const text = body.replace(INTERPOLATION, (_, inner: string) =>
      resolve(file, inner, [...trail, key]),
    );
    if (text.includes("${")) throw new Error(`${key}: an interpolation is not a plain name`);
    resolved.set(key, text);
    return text;
  };
  const constants = new Map<string, string>();
  for (const file of storefrontProjectFiles(folder)) {
    for (const name of fileAt(file).constants.keys()) {
      constants.set(`${file}#${name}`, resolve(file, name, []));
    }
  }
  return constants;
}

/** Hydrogen's client sends documents minified (`minifyQuery`): no comments, one space. */
export function minifyQuery(text: string): string {
  return text
    .replace(/\s*#.*$/gm, "")
    .replace(/\s+/gm, " ")
    .trim();
}

function operationName(text: string): string | null {
  const minified = minifyQuery(text);
  if (!OPERATION.test(minified)) return null;
  return OPERATION_NAME.exec(minified)?.[1] ?? null;
}

/** The starter's own documents: the tagged constants that hold an operation (not only fragments). */
export function starterRouteDocuments(folder = starterFolder()): StarterDocument[] {
  const documents: StarterDocument[] = [];
  for (const [key, text] of starterConstants(folder)) {
    const name = operationName(text);
    if (name) documents.push({ name, origin: key.replace("#", " "), text });
  }
  return documents;
}

/**
 * Every Storefront API document of the starter: its own, then Hydrogen's for it, in the order
 * a visit sends them (hydrogen-library.ts).
 */
export function hydrogenStarterDocuments(folder = starterFolder()): StarterDocument[] {
  const cartFragment = starterConstants(folder).get("app/lib/fragments.ts#CART_QUERY_FRAGMENT");
  if (!cartFragment) throw new Error("app/lib/fragments.ts has no CART_QUERY_FRAGMENT");
  const library = hydrogenLibraryDocuments(cartFragment).map(({ call, text }) => {
    const name = operationName(text);
    if (!name) throw new Error(`${call} sends no named operation`);
    return { name, origin: `@shopify/hydrogen ${call}`, text };
  });
  return [...starterRouteDocuments(folder), ...library];
}

/**
 * The documents of the starter's committed codegen output (`storefrontapi.generated.d.ts`): the
 * keys of its `GeneratedQueryTypes` and `GeneratedMutationTypes`, which are the documents exactly
 * as the starter's code builds them. A check on our reading of the source.
 */
export function generatedStarterDocuments(folder = starterFolder()): string[] {
  const source = readFileSync(join(folder, "storefrontapi.generated.d.ts"), "utf8");
  const documents: string[] = [];
  for (const block of ["GeneratedQueryTypes", "GeneratedMutationTypes"]) {
    const start = source.indexOf(`interface ${block} {`);
    if (start < 0) throw new Error(`storefrontapi.generated.d.ts has no ${block}`);
    const body = source.slice(start, source.indexOf("\n}", start));
    for (const [, key = ""] of body.matchAll(/^ {2}'((?:[^'\\]|\\.)*)': \{$/gm)) {
      documents.push(key.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c)));
    }
  }
  return documents;
}

// ---------------------------------------------------------------------------------------------
// Running them

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely and checked by path
export type Json = Record<string, any>;
export type Variables = Record<string, unknown>;

/** Posts one document with its variables to the Storefront API; the status and JSON body. */
export type Send = (query: string, variables: Variables) => Promise<{ status: number; body: Json }>;

/** What a visit of the demo shop uses: its real handles, and the cart it builds as it goes. */
export type Visit = {
  i18n: { language: string; country: string };
  collection: string;
  product: string;
  /** Two variants for sale, for the cart. */
  variants: [string, string];
  /** A word that finds products. */
  term: string;
  page: string;
  blog: string;
  article: string;
  cartId?: string;
  lineId?: string;
  /** The demo gift card once applied to the cart (`AppliedGiftCard` id). */
  appliedGiftCardId?: string;
  /**
   * The order mode the shop's storefront writes on a cart (attributes `mode`, store, slot), given
   * by the caller from the ordering service's data: the cart's delivery options follow from it.
   */
  orderMode?: { key: string; value: string }[];
  /** The cart's delivery group and the option to select, read from `cart.deliveryGroups`. */
  deliveryGroupId?: string;
  deliveryOptionHandle?: string;
};

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
  // app/routes/search.tsx
  RegularSearch: {
    variables: (visit) => ({ ...firstPage(8), term: visit.term }),
    shows: ["products.nodes"],
  },
  PredictiveSearch: {
    variables: (visit) => ({ limit: 10, limitScope: "EACH", term: visit.term }),
    shows: ["predictiveSearch.products"],
  },
  // The cart: app/routes/cart.tsx, cart.$lines.tsx, discount.$code.tsx, through Hydrogen
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
  // app/routes/cart.tsx's gift card form, then the same code added again, then taken off.
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

const HANDLES_QUERY = `#graphql
  query HydrogenCompatCatalogue {
    products(first: 50) {
      nodes {
        handle
        title
        availableForSale
        collections(first: 1) {
          nodes {
            handle
          }
        }
        variants(first: 1) {
          nodes {
            id
            availableForSale
          }
        }
      }
    }
  }
`;

const PAGES_QUERY = `#graphql
  query HydrogenCompatPages {
    pages(first: 1) {
      nodes {
        handle
      }
    }
  }
`;

const BLOGS_QUERY = `#graphql
  query HydrogenCompatBlogs {
    blogs(first: 1) {
      nodes {
        handle
        articles(first: 1) {
          nodes {
            handle
          }
        }
      }
    }
  }
`;

/**
 * Until our API serves pages and blogs, the demo content's own: its store page, first blog
 * category and that category's first post (seed/content/editorial.ts).
 */
const DEMO_CONTENT = { page: "magasin", blog: "recettes", article: "galette-des-rois-frangipane" };

/**
 * A visit of the demo shop: a product for sale, a collection holding it, a second product for the
 * cart, a word of the first one's title to search, and a page, blog and article — asked of the API itself,
 * as a storefront finds them; the demo content's when the API cannot tell yet.
 */
export async function demoVisit(send: Send, i18n: Visit["i18n"] = STARTER_I18N): Promise<Visit> {
  const { body } = await send(HANDLES_QUERY, {});
  if (body.errors) throw new Error(`the catalogue query failed: ${body.errors[0]?.message}`);
  const forSale = (body.data.products.nodes as Json[]).filter(
    (node) => node.availableForSale && node.variants.nodes[0]?.availableForSale,
  );
  const [first, second] = forSale;
  const collection = first?.collections.nodes[0];
  if (!collection || !first || !second) throw new Error("the demo shop has too few products");
  const term = (first.title as string).split(/[^\p{L}]+/u).find((word) => word.length >= 4);

  const pages = (await send(PAGES_QUERY, {})).body;
  const blogs = (await send(BLOGS_QUERY, {})).body;
  const blog = blogs.data?.blogs?.nodes?.[0];
  return {
    i18n,
    collection: collection.handle,
    product: first.handle,
    variants: [first.variants.nodes[0].id, second.variants.nodes[0].id],
    term: term ?? first.title,
    page: pages.data?.pages?.nodes?.[0]?.handle ?? DEMO_CONTENT.page,
    blog: blog?.handle ?? DEMO_CONTENT.blog,
    article: blog?.articles?.nodes?.[0]?.handle ?? DEMO_CONTENT.article,
  };
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
