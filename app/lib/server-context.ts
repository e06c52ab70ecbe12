import type { Logger } from "pino";
import { createContext, type RouterContext, type RouterContextProvider } from "react-router";
import type { Database } from "#db/client.ts";
import type { PageCache, SearchRebuild, ShopCaches } from "#platform/backoffice/index.ts";
import type { PaymentProvider } from "#platform/payments/index.ts";
import { processGlobal } from "#platform/process-global.ts";

/** The few settings of the server's environment (server/env.ts) that pages and screens read. */
export type ShopSettings = {
  /** The shop's public origin. */
  PUBLIC_URL: string;
  GTM_ID?: string;
  /** The ordering service's administrative token, for the admin area's menu export. */
  ORDERING_API_TOKEN: string;
  /** Signs the content screens' preview links (`previewPath` of `#platform/content/index.ts`). */
  CONTENT_PREVIEW_TOKEN: string;
  /** The ordering service's white label, whose vouchers the admin area's promotions screen edits. */
  ORDERING_WHITE_LABEL: string;
  /** Where resized images are cached (the admin area forgets a deleted image's copies). */
  IMAGE_CACHE_DIR?: string;
  DATA_DIR: string;
};

/**
 * What the server hands to loaders and actions that need more than the platform's APIs: the
 * admin area's staff accounts live in the shop's own database, and rate limits need the client's
 * address. Set for every request by `server/app.ts`.
 */
export type ServerContext = {
  env: ShopSettings;
  database: Database;
  logger: Logger;
  /** The client's address (trusted proxies resolved), when known. */
  clientIp: string | undefined;
  /** The server's page cache, which the admin area purges. */
  pageCache: PageCache;
  /** The search index rebuild the admin area starts and watches. */
  searchRebuild: SearchRebuild;
  /** The in-memory copies the admin area drops after a write. */
  caches: ShopCaches;
  /**
   * The payment provider (server/payments.ts): the back office refunds, captures and releases
   * the payments of orders paid through it.
   */
  paymentProvider: PaymentProvider;
  /**
   * This page's Content-Security-Policy nonce (server/rules/security-headers.ts): `entry.server.tsx`
   * puts it on every inline script and style React and React Router write.
   */
  nonce: string | undefined;
  /** The request's id (hono's request-id), on every log line written about it. */
  requestId: string;
  /** Set once a failure of this request is logged: the server logs any other 500 it answers. */
  errorLogged: boolean;
};

// The server and the storefront bundle each load this module: both must use the same context key.
export const serverContext: RouterContext<ServerContext> = processGlobal("serverContext", () =>
  createContext<ServerContext>(),
);

/**
 * The shop's public origin (PUBLIC_URL), for every absolute link a page carries (canonical,
 * og:url, JSON-LD, sitemaps): never the request's Host, which anyone can set and the page cache
 * would then serve to everyone.
 */
export function shopOrigin(context: Readonly<RouterContextProvider>): string {
  return context.get(serverContext).env.PUBLIC_URL;
}
