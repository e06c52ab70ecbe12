import { timingSafeEqual } from "node:crypto";
import { buildSchema } from "graphql";
import { createSchema, createYoga, type YogaLogger } from "graphql-yoga";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Db } from "#db/client.ts";
import { cartJsHandler } from "#platform/commerce/checkout/cart-js.ts";
import { createCartResolvers } from "#platform/commerce/graphql/cart-resolvers.ts";
import { createCustomerResolvers } from "#platform/commerce/graphql/customer-resolvers.ts";
import { queryLimitsPlugin } from "#platform/commerce/graphql/limits.ts";
import { createLoaders } from "#platform/commerce/graphql/loaders.ts";
import { createOrderResolvers } from "#platform/commerce/graphql/order-resolvers.ts";
import type { CommerceContext } from "#platform/commerce/graphql/resolver-support.ts";
import { createResolvers } from "#platform/commerce/graphql/resolvers.ts";
import { STOREFRONT_SDL } from "#platform/commerce/graphql/sdl.ts";
import type { CatalogueSearch } from "#platform/commerce/search-port.ts";
import type { LimiterStore } from "#platform/rate-limit.ts";

/** Storefront API versions we answer, as Shopify names them (quarterly releases). */
export const SUPPORTED_VERSIONS = [
  "2023-04",
  "2023-07",
  "2023-10",
  "2024-01",
  "2024-04",
  "2024-07",
  "2024-10",
  "2025-01",
  "2025-04",
  "2025-07",
] as const;

export const MAX_BODY_BYTES = 100 * 1024;

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
  /** Where sign-in attempts are counted: process memory unless instances share a store. */
  limiterStore?: LimiterStore;
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
 * `POST /api/{version}/graphql.json`: the Storefront API of the commerce service. Refuses, the
 * way Shopify does, a request without a valid public or private access token (401), a version it
 * does not know (404) and a body over 100 kB (413); bounds tokens, aliases, directives, depth,
 * cost and expensive fields before executing (limits.ts).
 */
export function storefrontApi(options: StorefrontApiOptions) {
  const schema = createSchema<{ commerce: CommerceContext } & CommerceContext>({
    typeDefs: STOREFRONT_SDL,
    resolvers: [
      createResolvers(),
      createCartResolvers(),
      createCustomerResolvers({ limiterStore: options.limiterStore }),
      createOrderResolvers(),
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
    plugins: [queryLimitsPlugin(plainSchema)],
  });

  const api = new Hono();
  api.use(
    "/api/:version/graphql.json",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.json(errorBody("Request body too large (100 kB at most)", "PAYLOAD_TOO_LARGE"), 413),
    }),
  );
  api.all("/api/:version/graphql.json", async (c) => {
    const version = c.req.param("version");
    if (!(SUPPORTED_VERSIONS as readonly string[]).includes(version)) {
      return c.json(errorBody(`Unsupported API version ${version}`, "NOT_FOUND"), 404);
    }
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
    const commerce: CommerceContext = {
      db: options.db,
      loaders: createLoaders(options.db),
      origin: options.publicOrigin,
      search: options.search,
      now: options.now ?? (() => new Date()),
      buyerIp: buyerIp(c, sameSecret(privateToken, options.privateToken), options.clientIp),
    };
    return yoga.fetch(new Request(url, c.req.raw), { commerce });
  });
  api.get("/cart.js", cartJsHandler(options));
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
