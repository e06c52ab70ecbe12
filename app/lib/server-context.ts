import { createContext, type RouterContext } from "react-router";
import type { Database } from "#db/client.ts";
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
};

// A global, not a module variable: the server and the storefront bundle each load their own copy
// of this module, and both must use the same context key.
const KEY = Symbol.for("comptoir.serverContext");

function sharedContext(): RouterContext<ServerContext> {
  const holder = globalThis as typeof globalThis & { [KEY]?: RouterContext<ServerContext> };
  holder[KEY] ??= createContext<ServerContext>();
  return holder[KEY];
}

export const serverContext = sharedContext();
