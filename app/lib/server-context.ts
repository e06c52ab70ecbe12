import { createContext, type RouterContext, type RouterContextProvider } from "react-router";
import type { Database } from "#db/client.ts";
import { processGlobal } from "#platform/process-global.ts";
import type { SearchRebuild } from "#server/admin/search-rebuild.ts";
import type { Env } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";
import type { PageCache } from "#server/rules/page-cache.ts";

/**
 * What the server hands to loaders and actions that need more than the platform's APIs: the
 * admin area's staff accounts live in the shop's own database, and rate limits need the client's
 * address. Set for every request by `server/app.ts`.
 */
export type ServerContext = {
  env: Env;
  database: Database;
  logger: Logger;
  /** The client's address (trusted proxies resolved), when known. */
  clientIp: string | undefined;
  /** The server's page cache, which the admin area purges. */
  pageCache: PageCache;
  /** The search index rebuild the admin area starts and watches. */
  searchRebuild: SearchRebuild;
  /**
   * This page's Content-Security-Policy nonce (server/rules/security-headers.ts): `entry.server.tsx`
   * puts it on every inline script and style React and React Router write.
   */
  nonce: string | undefined;
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
