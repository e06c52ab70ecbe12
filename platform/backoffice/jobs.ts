import type { Logger } from "pino";
import { processGlobal } from "#platform/process-global.ts";

/** Where a long operation stands: a phase, and how far into it. */
export type JobProgress = { phase: string; done: number; total: number };

export type JobState<Result> =
  | { status: "idle" }
  | { status: "running"; startedBy: string; startedAt: Date; progress: JobProgress | null }
  | { status: "done"; startedBy: string; startedAt: Date; finishedAt: Date; result: Result }
  | { status: "failed"; startedBy: string; startedAt: Date; finishedAt: Date; error: string };

export type JobRun<Result> = (report: (progress: JobProgress) => void) => Promise<Result>;

/**
 * A long admin operation (exports, synchronisations) run in the background, one at a time per
 * kind and per server, its progress readable while it runs: the pattern of the search index
 * rebuild (`search-rebuild.ts`) for any operation. The screen starts it and follows its state.
 */
export class AdminJob<Result> {
  #state: JobState<Result> = { status: "idle" };
  #running: Promise<void> | undefined;
  readonly name: string;

  constructor(name: string) {
    this.name = name;
  }

  get state(): JobState<Result> {
    return this.#state;
  }

  /** Starts `run` unless this job is running; says whether this call started it. */
  start(startedBy: string, run: JobRun<Result>, logger?: Logger): boolean {
    if (this.#state.status === "running") return false;
    const startedAt = new Date();
    this.#state = { status: "running", startedBy, startedAt, progress: null };
    this.#running = this.#run(run, startedBy, startedAt, logger);
    return true;
  }

  /** Resolves when the current run, if any, has ended (tests, shutdown). */
  async settled(): Promise<void> {
    await this.#running;
  }

  async #run(run: JobRun<Result>, startedBy: string, startedAt: Date, logger?: Logger) {
    try {
      const result = await run((progress) => {
        this.#state = { status: "running", startedBy, startedAt, progress };
      });
      this.#state = { status: "done", startedBy, startedAt, finishedAt: new Date(), result };
      logger?.info({ job: this.name, startedBy }, "admin job done");
    } catch (error) {
      logger?.error({ err: error, job: this.name }, "admin job failed");
      this.#state = {
        status: "failed",
        startedBy,
        startedAt,
        finishedAt: new Date(),
        error: error instanceof Error ? error.message : String(error),
      };
    }
  }
}

export type JobName = "export-contentful" | "export-flipdish" | "sync-categories" | "sync-products";

/**
 * The job of that kind on this server (created on first use). The server and the storefront
 * bundle each load this module: both must see the same jobs.
 */
export function adminJob<Result>(name: JobName): AdminJob<Result> {
  const jobs = processGlobal("adminJobs", () => new Map<JobName, AdminJob<unknown>>());
  let job = jobs.get(name);
  if (!job) {
    job = new AdminJob<unknown>(name);
    jobs.set(name, job);
  }
  return job as AdminJob<Result>;
}

/** Lets the event loop serve other requests between two batches of a long operation. */
export function breathe(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
