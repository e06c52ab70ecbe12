import pino from "pino";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import type { Database } from "#db/client.ts";
import { createServerApp } from "#server/app.ts";
import { testEnv } from "#server/test-env.ts";

/** A request to a composed shop, from a socket address as @hono/node-server gives it. */
export type ShopRequest = (
  url: string,
  init?: RequestInit,
  remoteAddress?: string,
) => Promise<Response>;

/**
 * The whole server in-process for tests: the real rules, the storefront loaded through Vite (one
 * Vite per test file, shared by every shop it composes), the given database. Each shop takes its
 * own environment (`testEnv` plus overrides); requests come from `remoteAddress` unless a call
 * says otherwise, and redirects are not followed.
 */
export async function composedShops(database: Database) {
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false },
    appType: "custom",
    logLevel: "silent",
  });
  const build = () =>
    vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  const shop = (
    overrides: Record<string, string> = {},
    options: { remoteAddress?: string } = {},
  ) => {
    const composed = createServerApp({
      env: testEnv(overrides),
      database,
      logger: pino({ level: "silent" }),
      build,
    });
    const request: ShopRequest = async (url, init = {}, remoteAddress = options.remoteAddress) =>
      composed.app.request(
        url,
        { redirect: "manual", ...init },
        { incoming: { socket: { remoteAddress: remoteAddress ?? "203.0.113.9" } } },
      );
    return { ...composed, request };
  };
  return { shop, close: () => vite.close() };
}
