import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase, testEngine } from "#db/testing/index.ts";
import { testDatabaseUrl } from "#db/testing/url.ts";
import { parseEnv } from "#server/env.ts";
import { workerCount, workersRefusal } from "#server/workers.ts";

/**
 * `WEB_CONCURRENCY` (issue 20, item 1): the production entry (server/main.ts) as `npm start` runs
 * it, in processes of its own. On PGlite more than one worker is refused with one line; on
 * PostgreSQL the primary prepares the database, forks the workers, replaces one that dies, and
 * on SIGTERM stops them all. The storefront build is a stand-in: only the services' API and the
 * health checks are asked for.
 */
const root = resolve(import.meta.dirname, "..");
const node = process.execPath;
const main = join(root, "server/main.ts");

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "comptoir-workers-"));
  await mkdir(join(folder, "build/server"), { recursive: true });
  await mkdir(join(folder, "build/client"), { recursive: true });
  await writeFile(
    join(folder, "build/server/index.js"),
    "export const routes = {}; export const assets = { routes: {} }; export const entry = { module: {} };\n",
  );
});
afterAll(() => rm(folder, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

function start(env: Record<string, string>): ChildProcess {
  return spawn(node, [main], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      COMPTOIR_BUILD_DIR: join(folder, "build"),
      DATA_DIR: join(folder, "data"),
      SEED_ON_START: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** The pids of a process's children (its workers). */
function children(pid: number): number[] {
  try {
    return execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
      .split("\n")
      .map((line) => Number(line.trim()))
      .filter((child) => child > 0);
  } catch {
    return [];
  }
}

/** Polls until `check` holds (the processes start and stop on their own time). */
async function eventually<T>(check: () => Promise<T> | T, ok: (value: T) => boolean) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await check();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((next) => setTimeout(next, 100));
  }
}

describe("how many workers", () => {
  it("reads a number, or auto for one per core", () => {
    expect(workerCount(3, 8)).toBe(3);
    expect(workerCount("auto", 8)).toBe(8);
    expect(parseEnv({ WEB_CONCURRENCY: "auto" }).WEB_CONCURRENCY).toBe("auto");
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(() => parseEnv({ WEB_CONCURRENCY: "beaucoup" })).toThrow(/WEB_CONCURRENCY/);
  });

  it("refuses more than one on PGlite, with one line, before anything starts", async () => {
    expect(workersRefusal(parseEnv({ WEB_CONCURRENCY: "1" }), 1)).toBeNull();
    const child = start({ WEB_CONCURRENCY: "2", PORT: String(await freePort()) });
    let stderr = "";
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    const [code] = await once(child, "exit");
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      "WEB_CONCURRENCY=2 needs PostgreSQL (set DATABASE_URL): the embedded PGlite database belongs to one process.",
    );
  });
});

describe.runIf(testEngine() === "postgres")("workers on PostgreSQL", () => {
  let database: Database;
  let databaseUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const name = (await database.db.execute("select current_database() as name")) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(testDatabaseUrl());
    url.pathname = `/${name.rows[0]?.name}`;
    databaseUrl = url.toString();
  });
  afterAll(() => database?.close());

  it("serves from two workers, replaces one that dies, and stops them all on SIGTERM", async () => {
    const port = await freePort();
    const primary = start({ WEB_CONCURRENCY: "2", PORT: String(port), DATABASE_URL: databaseUrl });
    let log = "";
    primary.stdout?.on("data", (chunk) => {
      log += chunk;
    });
    primary.stderr?.on("data", (chunk) => {
      log += chunk;
    });
    const exited = once(primary, "exit");
    try {
      const pid = primary.pid ?? 0;
      const ready = async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
        } catch {
          return 0;
        }
      };
      expect(await eventually(ready, (status) => status === 200)).toBe(200);
      const workers = await eventually(
        () => children(pid),
        (pids) => pids.length === 2,
      );
      expect(workers, log).toHaveLength(2);
      // The primary migrated the database before the workers started.
      expect(log).toContain("workers started");

      // Many requests, each on a connection of its own, all answered.
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: "close" } }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));

      // A worker that dies once it serves is replaced; the shop keeps answering. (One that dies
      // before it listens stops the primary: wait until this one listens, as a slow start can lag.)
      const listening = `"pid":${workers[0]},"msg":"worker listening"`;
      expect(
        await eventually(
          () => log,
          (text) => text.includes(listening),
        ),
      ).toContain(listening);
      process.kill(workers[0] as number, "SIGKILL");
      const replaced = await eventually(
        () => children(pid),
        (pids) => pids.length === 2 && !pids.includes(workers[0] as number),
      );
      expect(replaced, log).toHaveLength(2);
      expect(replaced).not.toContain(workers[0]);
      expect(await eventually(ready, (status) => status === 200)).toBe(200);

      primary.kill("SIGTERM");
      const [code] = await exited;
      expect(code).toBe(0);
      expect(replaced.filter((worker) => children(pid).includes(worker))).toEqual([]);
      for (const worker of replaced) expect(() => process.kill(worker, 0)).toThrow();
    } finally {
      if (primary.exitCode === null) primary.kill("SIGKILL");
    }
  }, 180_000);

  it("stops, with an error, when the workers die before they serve", async () => {
    const broken = join(folder, "broken");
    await mkdir(join(broken, "server"), { recursive: true });
    await writeFile(join(broken, "server/index.js"), 'throw new Error("a bad build");\n');
    const primary = start({
      WEB_CONCURRENCY: "2",
      PORT: String(await freePort()),
      DATABASE_URL: databaseUrl,
      COMPTOIR_BUILD_DIR: broken,
    });
    const [code] = await once(primary, "exit");
    expect(code).toBe(1);
  }, 60_000);
});
