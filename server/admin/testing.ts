import pino from "pino";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import type { Database } from "#db/client.ts";
import { createServerApp } from "#server/app.ts";
import { parseEnv } from "#server/env.ts";

/** An office address of the default allow-list. */
export const OFFICE_ADDRESS = "127.0.0.1";

export type TestRequest = (
  path: string,
  init?: RequestInit,
  remoteAddress?: string,
) => Promise<Response>;

/**
 * The whole server in-process for admin-area tests: the real rules, the storefront loaded
 * through Vite, the given database. Requests come from the office address unless told otherwise.
 */
export async function composeTestServer(database: Database) {
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false },
    appType: "custom",
    logLevel: "silent",
  });
  const composed = createServerApp({
    env: parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    database,
    logger: pino({ level: "silent" }),
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  });
  const request: TestRequest = async (path, init = {}, remoteAddress = OFFICE_ADDRESS) =>
    composed.app.request(
      path,
      { redirect: "manual", ...init },
      { incoming: { socket: { remoteAddress } } },
    );
  return { ...composed, request, close: () => vite.close() };
}

/** A form post, as a browser sends one. */
export function formPost(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  };
}

/** Signs a staff member in; the session cookie and the CSRF token of its forms. */
export async function signInStaff(
  request: TestRequest,
  credentials: { email: string; password: string },
): Promise<{ cookie: string; csrf: string }> {
  const login = await request("/middleware/login/", formPost({ ...credentials, next: "" }));
  if (login.status !== 302) throw new Error(`sign-in failed with ${login.status}`);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const page = await (await request("/middleware/dashboard/", { headers: { cookie } })).text();
  return { cookie, csrf: /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? "" };
}
