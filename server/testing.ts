import { mkdir, readdir, rmdir, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pino, { type Logger } from "pino";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import type { Database } from "#db/client.ts";
import { createServerApp } from "#server/app.ts";
import type { Invalidations } from "#server/invalidation.ts";
import { testEnv } from "#server/test-env.ts";

/** A request to a composed shop, from a socket address as @hono/node-server gives it. */
export type ShopRequest = (
  url: string,
  init?: RequestInit,
  remoteAddress?: string,
) => Promise<Response>;

/**
 * The whole server in-process for tests: the real rules, the storefront loaded through Vite, the
 * given database. Each shop takes its own environment (`testEnv` plus overrides); requests come
 * from `remoteAddress` unless a call says otherwise, and redirects are not followed.
 *
 * One Vite serves every test file a worker runs (`isolate: false` keeps this module loaded
 * across files): its first page transforms the whole storefront, some 7 s of CPU, which each of
 * some 80 files (40 on each engine) used to pay again. What the storefront's modules keep lives
 * in process globals that each composition resets (`forgetServiceReads`, the service registry),
 * or is keyed by database, so a file's shops do not see the previous file's. `close` stops the
 * shops' invalidation listeners and leaves Vite running; the worker's exit stops it.
 */
export async function composedShops(database: Database) {
  const vite = await sharedVite();
  const build = () =>
    vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  const shop = (
    overrides: Record<string, string> = {},
    options: { remoteAddress?: string; logger?: Logger; clientDirectory?: string } = {},
  ) => {
    const composed = createServerApp({
      env: testEnv(overrides),
      database,
      logger: options.logger ?? pino({ level: "silent" }),
      build,
      // The built browser files' folder, for a test of the files it serves (public/ holds some).
      ...(options.clientDirectory ? { clientDirectory: options.clientDirectory } : {}),
    });
    // It hears the events writes send with their commit (page purges), as a booted server does.
    const listening = composed.invalidations.start();
    started.push(composed.invalidations);
    const request: ShopRequest = async (url, init = {}, remoteAddress = options.remoteAddress) => {
      await listening;
      return composed.app.request(
        url,
        { redirect: "manual", ...init },
        { incoming: { socket: { remoteAddress: remoteAddress ?? "203.0.113.9" } } },
      );
    };
    return { ...composed, request, listening };
  };
  const started: Invalidations[] = [];
  const close = async () => {
    await Promise.all(started.map((invalidations) => invalidations.stop()));
  };
  return { shop, close };
}

let vite: Promise<ViteDevServer> | undefined;

/** This worker's Vite, started on first use (one start at a time across workers). */
function sharedVite(): Promise<ViteDevServer> {
  vite ??= oneAtATime(() =>
    createServer({
      server: { middlewareMode: true, hmr: false, watch: null },
      appType: "custom",
      logLevel: "silent",
    }),
  );
  // A start that failed is tried again by the next file.
  vite.catch(() => {
    vite = undefined;
  });
  return vite;
}

const root = resolve(import.meta.dirname, "..");
const typesFolder = join(root, ".react-router/types");
/** A folder made atomically: whoever makes it holds the lock. */
const VITE_START_LOCK = join(root, ".react-router/vite-start.lock");
const POLL_MS = 20;
/** More than a coarse file-time tick (1–10 ms). */
const CLOCK_TICK_MS = 25;
/** A lock held longer than this was left by a process that died holding it. */
const STALE_LOCK_MS = 60_000;
/** How long to wait for React Router's types to be written again before going on anyway. */
const TYPES_WRITTEN_MS = 15_000;

/**
 * Starts a Vite dev server while no other test worker is starting one. React Router's plugin has
 * each dev server delete `.react-router/types` and write it again; two doing so at once fail
 * with `ENOENT`, an unhandled error in whichever test file is running (Vitest workers share the
 * checkout). So a start holds a lock across workers until its server has written every file of
 * that folder that was there before (`react-router typegen` runs before the suite).
 */
async function oneAtATime<T>(start: () => Promise<T>): Promise<T> {
  await acquireStartLock();
  try {
    const earlier = await typeFiles();
    // File times are kept at the clock's tick: the files this start writes are past its time by
    // more than a tick, and the earlier ones are before it.
    const startedAt = Date.now();
    await sleep(CLOCK_TICK_MS);
    const started = await start();
    await typesWrittenSince(earlier, startedAt);
    return started;
  } finally {
    await rmdir(VITE_START_LOCK).catch(() => {});
  }
}

async function acquireStartLock() {
  await mkdir(join(root, ".react-router"), { recursive: true });
  for (;;) {
    try {
      await mkdir(VITE_START_LOCK);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const held = await stat(VITE_START_LOCK).catch(() => null);
    if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS)
      await rmdir(VITE_START_LOCK).catch(() => {});
    await sleep(POLL_MS);
  }
}

/** The files under `.react-router/types`. */
async function typeFiles(): Promise<string[]> {
  const entries = await readdir(typesFolder, { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Waits until each of `files` (at least the server build's declaration) has been written at or
 * after `since`: the dev server's rewrite of the folder is then past its deletion, and each
 * file is open or written, so another deletion can no longer fail it.
 */
async function typesWrittenSince(files: string[], since: number) {
  const expected = files.length > 0 ? files : [join(typesFolder, "+server-build.d.ts")];
  const deadline = Date.now() + TYPES_WRITTEN_MS;
  while (Date.now() < deadline) {
    const times = await Promise.all(
      expected.map((file) =>
        stat(file).then(
          (info) => info.mtimeMs,
          () => 0,
        ),
      ),
    );
    if (times.every((time) => time >= since)) return;
    await sleep(POLL_MS);
  }
}

/** Polls until `check` holds, for at most a second (what a purge across instances is given). */
export async function withinOneSecond(check: () => boolean | Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 1_000;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
}
