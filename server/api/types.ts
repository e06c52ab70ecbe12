import type { Database } from "#db/client.ts";
import type { Env } from "#server/env.ts";
import type { Invalidations } from "#server/invalidation.ts";
import type { Logger } from "#server/logger.ts";

/** What every router of the shop's own API (`/api/...`, ordering-and-server.md §7) receives. */
export type ApiDependencies = {
  env: Env;
  database: Database;
  logger: Logger;
  /** Where a write tells every instance what it made stale. */
  invalidations: Invalidations;
};
