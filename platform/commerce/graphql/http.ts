import { timingSafeEqual } from "node:crypto";
import { buildSchema } from "graphql";
import { createSchema, createYoga, type YogaLogger } from "graphql-yoga";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { cartJsHandler } from "#platform/commerce/checkout/cart-js.ts";
import { type ContentReads, NO_CONTENT } from "#platform/commerce/content-port.ts";
import { linkTokenState } from "#platform/commerce/customers/tokens.ts";
import { createCartResolvers } from "#platform/commerce/graphql/cart-resolvers.ts";
import { createCustomerResolvers } from "#platform/commerce/graphql/customer-resolvers.ts";
import { eagerDeferPlugin } from "#platform/commerce/graphql/defer.ts";
import { createDeliveryGroupResolvers } from "#platform/commerce/graphql/delivery-group-resolvers.ts";
import { executionBudgetPlugin } from "#platform/commerce/graphql/execution-budget.ts";
import { queryLimitsPlugin } from "#platform/commerce/graphql/limits.ts";
import { createLoaders } from "#platform/commerce/graphql/loaders.ts";
import { createLocationResolvers } from "#platform/commerce/graphql/location-resolvers.ts";
import { createOnlineStoreResolvers } from "#platform/commerce/graphql/online-store-resolvers.ts";
import { createOrderResolvers } from "#platform/commerce/graphql/order-resolvers.ts";
import { createRecommendationResolvers } from "#platform/commerce/graphql/recommendation-resolvers.ts";
import type { CommerceContext } from "#platform/commerce/graphql/resolver-support.ts";
import { createResolvers } from "#platform/commerce/graphql/resolvers.ts";
import { STOREFRONT_SDL } from "#platform/commerce/graphql/sdl.ts";
import { createShopSettingsResolvers } from "#platform/commerce/graphql/shop-settings-resolvers.ts";
import { createSitemapResolvers } from "#platform/commerce/graphql/sitemap-resolvers.ts";
import { createUrlRedirectResolvers } from "#platform/commerce/graphql/url-redirect-resolvers.ts";
import { createVariantResolvers } from "#platform/commerce/graphql/variant-resolvers.ts";
import { API_VERSION_HEADER, answeringVersion } from "#platform/commerce/graphql/versions.ts";
import type { CatalogueSearch } from "#platform/commerce/search-port.ts";
import type { SlotBookings } from "#platform/commerce/slot-port.ts";
import type { LimiterStore } from "#platform/rate-limit.ts";

export const MAX_BODY_BYTES = 100 * 1024;

/** Whether an activation or reset link still works (`linkTokenState`): not a Shopify path. */
export const CUSTOMER_LINK_STATE_PATH = "/api/comptoir/customer-link-state";

const LINK_STATE_BODY = z
  .object({
    kind: z.enum(["activation", "reset"]),
    customerId: z.number().int().positive(),
    token: z.string().min(1).max(200),
  })
  .strict();

/** Where Shopify serves the Storefront API: both spellings answer the same. */
export const STOREFRONT_API_PATHS = [
  "/api/:version/graphql.json",
  "/api/:version/graphql",
] as const;

export type StorefrontApiOptions = {
  db: Db;
  search: CatalogueSearch;
  publicToken: string;
  privateToken: string;
  /**
   * The shop's origin, for every absolute URL in answers and emails: never the request's Host,
   * which anyone can set.
   */
  publicOrigin: string;
  /** Show internal error messages (development); masked otherwise. */
  exposeErrors?: boolean;
  /** The clock (tests fix it); the system clock by default. */
  now?: () => Date;
  /** The client address of a request (the server's rule, aware of trusted proxies). */
  clientIp?: (c: Context) => string | undefined;
  /** Where unexpected resolver errors are logged; Yoga's console logger when absent. */
  logging?: YogaLogger;
  /** Fields one request may resolve (execution-budget.ts); tests lower it. */
  maxResolvedFields?: number;
  /** Where sign-in attempts are counted: process memory unless instances share a store. */
  limiterStore?: LimiterStore;
  /** The online store's menus, pages, policies and blogs; none when absent. */
  content?: ContentReads;
  /** The ordering service's stores and slots (carts' delivery groups); none when absent. */
  slots?: SlotBookings;
};

const errorBody = (message: string, code: string) => ({
  errors: [{ message, extensions: { code } }],
});

function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `POST /api/{version}/graphql.json` (or `/graphql`): the Storefront API of the commerce service.
 * Answers each version as Shopify does (versions.ts: a retired one as the oldest supported, named
 * in `X-Shopify-API-Version` on every answer) and refuses, the way Shopify does, a request without
 * a valid public or private access token (401), a version it does not know (404) and a body over
 * 100 kB (413); bounds tokens, aliases, directives, depth and expensive fields before executing
 * (limits.ts), and the fields a request resolves while it runs (execution-budget.ts).
 */
export function storefrontApi(options: StorefrontApiOptions) {
  const schema = createSchema<{ commerce: CommerceContext } & CommerceContext>({
    typeDefs: STOREFRONT_SDL,
    resolvers: [
      createResolvers(),
      createCartResolvers(),
      createCustomerResolvers({ limiterStore: options.limiterStore }),
      createOrderResolvers(),
      createVariantResolvers(),
      createOnlineStoreResolvers(),
      createSitemapResolvers(),
      createDeliveryGroupResolvers(),
      createUrlRedirectResolvers(),
      createShopSettingsResolvers(),
      createRecommendationResolvers(),
      createLocationResolvers(),
    ],
  });
  const plainSchema = buildSchema(STOREFRONT_SDL);
  const yoga = createYoga<{ commerce: CommerceContext }, CommerceContext>({
    schema,
    graphqlEndpoint: "/graphql",
    graphiql: false,
    landingPage: false,
    maskedErrors: !options.exposeErrors,
    logging: options.logging ?? true,
    context: ({ commerce }) => commerce,
    plugins: [
      queryLimitsPlugin(plainSchema),
      executionBudgetPlugin(options.maxResolvedFields),
      eagerDeferPlugin(),
    ],
  });

  const graphqlHandler = async (c: Context) => {
    const publicToken = c.req.header("x-shopify-storefront-access-token");
    const privateToken = c.req.header("shopify-storefront-private-token");
    if (
      !sameSecret(publicToken, options.publicToken) &&
      !sameSecret(privateToken, options.privateToken)
    ) {
      return c.json(
        errorBody(
          "Invalid API key or access token (unrecognized login or wrong password)",
          "UNAUTHORIZED",
        ),
        401,
      );
    }
    const url = new URL(c.req.url);
    url.pathname = "/graphql";
    const privateAccess = sameSecret(privateToken, options.privateToken);
    const commerce: CommerceContext = {
      db: options.db,
      loaders: createLoaders(options.db),
      origin: options.publicOrigin,
      search: options.search,
      now: options.now ?? (() => new Date()),
      buyerIp: buyerIp(c, privateAccess, options.clientIp),
      privateAccess,
      content: options.content ?? NO_CONTENT,
      slots: options.slots ?? null,
    };
    return yoga.fetch(new Request(url, c.req.raw), { commerce });
  };

  const api = new Hono();
  for (const path of STOREFRONT_API_PATHS) {
    api.use(path, async (c, next) => {
      const requested = c.req.param("version");
      const version = answeringVersion(requested);
      if (!version) {
        return c.json(errorBody(`Unsupported API version ${requested}`, "NOT_FOUND"), 404);
      }
      await next();
      // Set on whatever answered, the refusals below (401, 413) included.
      c.header(API_VERSION_HEADER, version);
    });
    api.use(
      path,
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: (c) =>
          c.json(errorBody("Request body too large (100 kB at most)", "PAYLOAD_TOO_LARGE"), 413),
      }),
    );
    api.all(path, graphqlHandler);
  }
  api.get("/cart.js", cartJsHandler(options));
  // Our own addition beside Shopify's API (its shapes unchanged): the shop's server asks, with
  // the private token, whether an activation or reset link still works, before showing its form.
  api.post(CUSTOMER_LINK_STATE_PATH, async (c) => {
    if (!sameSecret(c.req.header("shopify-storefront-private-token"), options.privateToken)) {
      return c.json(errorBody("A private access token is required", "UNAUTHORIZED"), 401);
    }
    const body = LINK_STATE_BODY.safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      return c.json(errorBody("kind, customerId and token are required", "BAD_REQUEST"), 400);
    const { kind, customerId, token } = body.data;
    const now = (options.now ?? (() => new Date()))();
    const state = await linkTokenState(options.db, customerId, kind, token, now);
    c.header("Cache-Control", "private, no-store");
    return c.json({ state });
  });
  return api;
}

/**
 * The shopper's address as a server-side caller reports it (`Shopify-Storefront-Buyer-IP`), else
 * the client address of the request itself. The header is believed only from a request carrying
 * the valid private token (the shop's own server): from anyone else it would let a client pick
 * the address its sign-in attempts are counted by, and rotate it past every per-address limit.
 */
function buyerIp(c: Context, privateAccess: boolean, clientIp: StorefrontApiOptions["clientIp"]) {
  const reported = c.req.header("shopify-storefront-buyer-ip")?.trim();
  if (privateAccess && reported) return reported;
  return clientIp?.(c);
}
