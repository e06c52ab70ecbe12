import { desc, eq, sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Database, openDatabase } from "#db/client.ts";
import { createTestDatabase, testEngine } from "#db/testing/index.ts";
import { lockKey } from "#platform/background-lock.ts";
import { AdminJob, INTERRUPTED, type JobProgress } from "#platform/backoffice/jobs.ts";
import { adminJobRun } from "#platform/backoffice/schema.ts";

// Two instances on one database: on PostgreSQL a second pool on the same database (another
// process would open just that); PGlite serves one process, so both use its only handle.
let first: Database;
let second: Database;

beforeAll(async () => {
  first = await createTestDatabase();
  second =
    first.engine === "postgres"
      ? await openDatabase({ url: (first.client as pg.Pool).options.connectionString, poolSize: 3 })
      : first;
});

afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
});

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

async function runs(name: string) {
  return first.db
    .select()
    .from(adminJobRun)
    .where(eq(adminJobRun.name, name))
    .orderBy(desc(adminJobRun.id));
}

describe("background jobs across instances", () => {
  it("runs a job started by two instances at once exactly once; the other is told it runs", async () => {
    const name = "race";
    const [here, there] = [new AdminJob<number>(name), new AdminJob<number>(name)];
    const { open, opened } = gate();
    let ran = 0;
    const run = async () => {
      ran++;
      await opened;
      return 42;
    };
    const started = await Promise.all([
      here.start(first.db, "a@comptoir.test", run),
      there.start(second.db, "b@comptoir.test", run),
    ]);
    expect(started.filter(Boolean)).toHaveLength(1);
    expect(ran).toBe(1);
    // Neither instance may start it again while it runs.
    expect(await here.start(first.db, "a@comptoir.test", run)).toBe(false);
    expect(await there.start(second.db, "b@comptoir.test", run)).toBe(false);

    open();
    await Promise.all([here.settled(), there.settled()]);
    expect(await runs(name)).toHaveLength(1);
    // Once it has ended, the lock is free again.
    expect(await there.start(second.db, "b@comptoir.test", async () => 7)).toBe(true);
    await there.settled();
    expect(await here.state(first.db)).toMatchObject({ status: "done", result: 7 });
  });

  it("shows the progress written by the running instance to the other one, then its result", async () => {
    const name = "progress";
    const [runner, reader] = [new AdminJob<{ rows: number }>(name), new AdminJob(name)];
    expect(await reader.state(second.db)).toEqual({ status: "idle" });
    const { open, opened } = gate();
    await runner.start(first.db, "a@comptoir.test", async (report) => {
      report({ phase: "products", done: 3, total: 10 } satisfies JobProgress);
      await opened;
      return { rows: 10 };
    });
    await vi.waitFor(async () =>
      expect(await reader.state(second.db)).toMatchObject({
        status: "running",
        startedBy: "a@comptoir.test",
        progress: { phase: "products", done: 3, total: 10 },
      }),
    );
    open();
    await runner.settled();
    const state = await reader.state(second.db);
    expect(state).toMatchObject({ status: "done", result: { rows: 10 } });
    expect(state.status === "done" && state.finishedAt).toBeInstanceOf(Date);
  });

  it("reads a run left running by a dead instance as interrupted, and lets a new run take over", async () => {
    const name = "interrupted";
    const lastSeen = new Date("2026-11-20T10:00:00Z");
    // What an instance that died mid-run leaves: a running row, and no lock.
    const [dead] = await first.db
      .insert(adminJobRun)
      .values({
        name,
        status: "running",
        startedBy: "a@comptoir.test",
        startedAt: new Date("2026-11-20T09:59:00Z"),
        updatedAt: lastSeen,
        progress: { phase: "products", done: 1, total: 5 },
      })
      .returning();
    const job = new AdminJob<string>(name);
    expect(await job.state(second.db)).toMatchObject({
      status: "failed",
      error: INTERRUPTED,
      finishedAt: lastSeen,
    });

    expect(await job.start(second.db, "b@comptoir.test", async () => "ok")).toBe(true);
    await job.settled();
    const [latest, previous] = await runs(name);
    expect(latest).toMatchObject({ status: "done", result: "ok", startedBy: "b@comptoir.test" });
    expect(previous).toMatchObject({ id: dead?.id, status: "failed", error: INTERRUPTED });
  });

  it.runIf(testEngine() === "postgres")(
    "lets another instance start when the runner's connection is lost, and keeps the lost run from writing",
    async () => {
      const name = "lost";
      const [lost, other] = [new AdminJob<string>(name), new AdminJob<string>(name)];
      const { open, opened } = gate();
      await lost.start(first.db, "a@comptoir.test", async () => {
        await opened;
        return "late";
      });
      expect(await other.start(second.db, "b@comptoir.test", async () => "never")).toBe(false);

      // The runner's session goes away (its instance died): so does its lock.
      const key = lockKey(lost.lockName);
      await second.db.execute(sql`
        select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and objsubid = 1
          and objid::text::bigint = (${key}::bigint & 4294967295)`);
      await vi.waitFor(async () =>
        expect(await other.state(second.db)).toMatchObject({
          status: "failed",
          error: INTERRUPTED,
        }),
      );

      expect(await other.start(second.db, "b@comptoir.test", async () => "taken over")).toBe(true);
      await other.settled();
      open();
      await lost.settled();
      const [latest, previous] = await runs(name);
      expect(latest).toMatchObject({ status: "done", result: "taken over" });
      expect(previous).toMatchObject({ status: "failed", error: INTERRUPTED });
    },
  );
});
