import type { Logger } from "pino";
import type { Db } from "#db/client.ts";
import { adminJob, type JobState } from "#platform/backoffice/jobs.ts";
import { catalogueSearchSource } from "#platform/commerce/index.ts";
import {
  type RebuildProgress,
  type RebuildResult,
  rebuildSearchIndex,
} from "#platform/search/index.ts";

export type SearchRebuildState = JobState<RebuildResult, RebuildProgress>;

/**
 * The search index rebuild of the admin area (`algolia` screen, `GET /api/algolia`): an admin job
 * (jobs.ts), so one at a time across every instance, run in the background, its progress
 * readable from any instance while it runs.
 */
export class SearchRebuild {
  readonly #db: Db;
  readonly #logger: Logger;

  constructor(db: Db, logger: Logger) {
    this.#db = db;
    this.#logger = logger;
  }

  get #job() {
    return adminJob<RebuildResult, RebuildProgress>("search-rebuild");
  }

  /** Where the latest rebuild stands, whichever instance runs or ran it. */
  state(): Promise<SearchRebuildState> {
    return this.#job.state(this.#db);
  }

  /** Starts a rebuild unless one is running (on any instance); says whether this call started it. */
  start(startedBy: string): Promise<boolean> {
    return this.#job.start(
      this.#db,
      startedBy,
      async (onProgress) => {
        const result = await rebuildSearchIndex(this.#db, catalogueSearchSource, { onProgress });
        this.#logger.info({ ...result, startedBy }, "search index rebuilt");
        return result;
      },
      this.#logger,
    );
  }

  /** Resolves when the rebuild this process started, if any, has ended (tests, shutdown). */
  settled(): Promise<void> {
    return this.#job.settled();
  }
}
