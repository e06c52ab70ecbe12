import { and, desc, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "#db/client.ts";
import { backgroundLockHeld, tryBackgroundLock } from "#platform/background-lock.ts";
import { adminJobRun } from "#platform/backoffice/schema.ts";
import { processGlobal } from "#platform/process-global.ts";

/** Where a long operation stands: a phase, and how far into it. */
export type JobProgress = { phase: string; done: number; total: number };

export type JobState<Result, Progress extends JobProgress = JobProgress> =
  | { status: "idle" }
  | { status: "running"; startedBy: string; startedAt: Date; progress: Progress | null }
  | { status: "done"; startedBy: string; startedAt: Date; finishedAt: Date; result: Result }
  | { status: "failed"; startedBy: string; startedAt: Date; finishedAt: Date; error: string };

export type JobRun<Result, Progress extends JobProgress = JobProgress> = (
  report: (progress: Progress) => void,
) => Promise<Result>;

/** The error of a run whose instance stopped before it ended (its lock went with it). */
export const INTERRUPTED = "interrompue, le serveur qui l'exécutait s'est arrêté";

/** Progress is written at most this often within a phase (a new phase is written at once). */
const PROGRESS_EVERY_MS = 500;

/**
 * A long operation (index rebuild, exports, synchronisations) run in the background, one at a
 * time per kind across every instance on the database: the run holds the advisory lock
 * `job:<name>` (platform/background-lock.ts) from start to end, and writes where it stands to
 * `admin_job_run` as it advances, so the screen of any instance reads the same state. A run left
 * `running` by an instance that died holds no lock: it reads as failed (`INTERRUPTED`), and the
 * next start, which may go ahead, records it so.
 */
export class AdminJob<Result, Progress extends JobProgress = JobProgress> {
  #running: Promise<void> | undefined;
  readonly name: string;

  constructor(name: string) {
    this.name = name;
  }

  get lockName(): string {
    return `job:${this.name}`;
  }

  /** Where the latest run of this job stands, whichever instance runs or ran it. */
  async state(db: Db): Promise<JobState<Result, Progress>> {
    const row = await this.#latest(db);
    if (!row) return { status: "idle" };
    if (row.status === "running" && !(await backgroundLockHeld(db, this.lockName))) {
      // Its run may have ended between the two reads: read it again before calling it lost.
      const again = await this.#latest(db);
      if (again?.id === row.id && again.status === "running") {
        return { ...common(row), status: "failed", finishedAt: row.updatedAt, error: INTERRUPTED };
      }
      return again ? toState(again) : { status: "idle" };
    }
    return toState(row);
  }

  /**
   * Starts `run` unless a run of this job is going on here or on another instance; says whether
   * this call started it.
   */
  async start(
    db: Db,
    startedBy: string,
    run: JobRun<Result, Progress>,
    logger?: Logger,
  ): Promise<boolean> {
    const lock = await tryBackgroundLock(db, this.lockName);
    if (!lock) return false;
    let id: number;
    const startedAt = new Date();
    try {
      await db
        .update(adminJobRun)
        .set({ status: "failed", finishedAt: startedAt, error: INTERRUPTED })
        .where(and(eq(adminJobRun.name, this.name), eq(adminJobRun.status, "running")));
      const [row] = await db
        .insert(adminJobRun)
        .values({ name: this.name, status: "running", startedBy, startedAt, updatedAt: startedAt })
        .returning({ id: adminJobRun.id });
      id = (row as { id: number }).id;
    } catch (error) {
      await lock.release();
      throw error;
    }
    this.#running = this.#run(db, id, run, startedBy, logger).finally(() => lock.release());
    return true;
  }

  /** Resolves when the run this process started, if any, has ended (tests, shutdown). */
  async settled(): Promise<void> {
    await this.#running;
  }

  async #latest(db: Db) {
    const [row] = await db
      .select()
      .from(adminJobRun)
      .where(eq(adminJobRun.name, this.name))
      .orderBy(desc(adminJobRun.id))
      .limit(1);
    return row;
  }

  async #run(
    db: Db,
    id: number,
    run: JobRun<Result, Progress>,
    startedBy: string,
    logger?: Logger,
  ) {
    // A run taken over as interrupted (its lock lost with its connection) writes no more.
    const where = and(eq(adminJobRun.id, id), eq(adminJobRun.status, "running"));
    // Progress writes go one after the other; the last one is awaited before the end is written.
    let writes: Promise<unknown> = Promise.resolve();
    let written: { phase: string; at: number } | null = null;
    const report = (progress: Progress) => {
      const at = Date.now();
      if (written && written.phase === progress.phase && at - written.at < PROGRESS_EVERY_MS) {
        return;
      }
      written = { phase: progress.phase, at };
      const values = { progress: { ...progress }, updatedAt: new Date(at) };
      writes = writes
        .then(() => db.update(adminJobRun).set(values).where(where))
        .catch((error: unknown) =>
          logger?.warn({ err: error, job: this.name }, "progress not saved"),
        );
    };
    try {
      const result = await run(report);
      await writes;
      const finishedAt = new Date();
      await db
        .update(adminJobRun)
        .set({ status: "done", finishedAt, updatedAt: finishedAt, result: result as object })
        .where(where);
      logger?.info({ job: this.name, startedBy }, "admin job done");
    } catch (error) {
      await writes;
      logger?.error({ err: error, job: this.name }, "admin job failed");
      const finishedAt = new Date();
      await db
        .update(adminJobRun)
        .set({
          status: "failed",
          finishedAt,
          updatedAt: finishedAt,
          error: error instanceof Error ? error.message : String(error),
        })
        .where(where)
        .catch((failure: unknown) =>
          logger?.error({ err: failure, job: this.name }, "admin job end not saved"),
        );
    }
  }
}

type RunRow = typeof adminJobRun.$inferSelect;

function common(row: RunRow) {
  return { startedBy: row.startedBy, startedAt: row.startedAt };
}

function toState<Result, Progress extends JobProgress>(row: RunRow): JobState<Result, Progress> {
  switch (row.status) {
    case "running":
      return { ...common(row), status: "running", progress: (row.progress as Progress) ?? null };
    case "done":
      return {
        ...common(row),
        status: "done",
        finishedAt: row.finishedAt ?? row.updatedAt,
        result: row.result as Result,
      };
    default:
      return {
        ...common(row),
        status: "failed",
        finishedAt: row.finishedAt ?? row.updatedAt,
        error: row.error ?? "",
      };
  }
}

export type JobName =
  | "export-contentful"
  | "export-flipdish"
  | "sync-categories"
  | "sync-products"
  | "search-rebuild";

/**
 * The job of that kind in this process (created on first use). The server and the storefront
 * bundle each load this module: both must see the same jobs.
 */
export function adminJob<Result, Progress extends JobProgress = JobProgress>(
  name: JobName,
): AdminJob<Result, Progress> {
  const jobs = processGlobal("adminJobs", () => new Map<JobName, AdminJob<unknown>>());
  let job = jobs.get(name);
  if (!job) {
    job = new AdminJob<unknown>(name);
    jobs.set(name, job);
  }
  return job as unknown as AdminJob<Result, Progress>;
}

/** Lets the event loop serve other requests between two batches of a long operation. */
export function breathe(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
