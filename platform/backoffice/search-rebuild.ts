import type { Logger } from "pino";
import type { Db } from "#db/client.ts";
import { catalogueSearchSource } from "#platform/commerce/index.ts";
import {
  type RebuildProgress,
  type RebuildResult,
  rebuildSearchIndex,
} from "#platform/search/index.ts";

export type SearchRebuildState =
  | { status: "idle" }
  | { status: "running"; startedBy: string; startedAt: Date; progress: RebuildProgress | null }
  | { status: "done"; startedBy: string; startedAt: Date; finishedAt: Date; result: RebuildResult }
  | { status: "failed"; startedBy: string; startedAt: Date; finishedAt: Date; error: string };

/**
 * The search index rebuild of the admin area (`algolia` screen, `GET /api/algolia`): one at a
 * time per server, run in the background, its progress readable while it runs.
 */
export class SearchRebuild {
  #state: SearchRebuildState = { status: "idle" };
  #running: Promise<void> | undefined;

  readonly #db: Db;
  readonly #logger: Logger;

  constructor(db: Db, logger: Logger) {
    this.#db = db;
    this.#logger = logger;
  }

  get state(): SearchRebuildState {
    return this.#state;
  }

  /** Starts a rebuild unless one is running; says whether this call started it. */
  start(startedBy: string): boolean {
    if (this.#state.status === "running") return false;
    const startedAt = new Date();
    this.#state = { status: "running", startedBy, startedAt, progress: null };
    this.#running = this.#run(startedBy, startedAt);
    return true;
  }

  /** Resolves when the current rebuild, if any, has ended (tests, shutdown). */
  async settled(): Promise<void> {
    await this.#running;
  }

  async #run(startedBy: string, startedAt: Date) {
    try {
      const result = await rebuildSearchIndex(this.#db, catalogueSearchSource, {
        onProgress: (progress) => {
          this.#state = { status: "running", startedBy, startedAt, progress };
        },
      });
      this.#state = { status: "done", startedBy, startedAt, finishedAt: new Date(), result };
      this.#logger.info({ ...result, startedBy }, "search index rebuilt");
    } catch (error) {
      this.#logger.error({ err: error }, "search index rebuild failed");
      const message = error instanceof Error ? error.message : String(error);
      this.#state = {
        status: "failed",
        startedBy,
        startedAt,
        finishedAt: new Date(),
        error: message,
      };
    }
  }
}
