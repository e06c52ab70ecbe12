import type { Logger } from "pino";
import { expect } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { ensureFirstAdmin } from "#platform/backoffice/staff.ts";
import { composedShops } from "#server/testing.ts";

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
export async function composeTestServer(database: Database, options: { logger?: Logger } = {}) {
  const shops = await composedShops(database);
  const composed = shops.shop({}, { remoteAddress: OFFICE_ADDRESS, logger: options.logger });
  const request: TestRequest = composed.request;
  return { ...composed, request, close: shops.close };
}

/** A form post, as a browser sends one. */
export function formPost(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  };
}

/** A signed-in staff member: its session cookie and the CSRF token of its forms. */
export type StaffSession = { cookie: string; csrf: string };

/** Signs a staff member in; the session cookie and the CSRF token of its forms. */
export async function signInStaff(
  request: TestRequest,
  credentials: { email: string; password: string },
): Promise<StaffSession> {
  const login = await request("/middleware/login/", formPost({ ...credentials, next: "" }));
  if (login.status !== 302) throw new Error(`sign-in failed with ${login.status}`);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const page = await (await request("/middleware/dashboard/", { headers: { cookie } })).text();
  return { cookie, csrf: /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? "" };
}

/** A form post from a signed-in staff member: its cookie, and its CSRF token among the fields. */
export function staffFormPost(fields: Record<string, string>, who: StaffSession) {
  return formPost({ ...fields, _csrf: who.csrf }, { cookie: who.cookie });
}

/** An admin-area page as `who` sees it, which must answer 200; its HTML. */
export async function staffPage(request: TestRequest, path: string, who: { cookie: string }) {
  const response = await request(path, { headers: { cookie: who.cookie } });
  expect(response.status, path).toBe(200);
  return response.text();
}

/**
 * Adds a staff member with a role through the staff screen, as the signed-in administrator
 * `session` does, and signs them in with the temporary password the screen shows once.
 */
export async function addStaffMember(
  request: TestRequest,
  session: StaffSession,
  member: { name: string; email: string; role: string },
): Promise<StaffSession> {
  const response = await request(
    "/middleware/staff/",
    staffFormPost({ intent: "create", ...member }, session),
  );
  const html = await response.text();
  const password = /id="temporary-password"[^>]*value="([^"]+)"/.exec(html)?.[1];
  if (!password) {
    throw new Error(
      `no temporary password for ${member.email} on the staff screen (status ${response.status})`,
    );
  }
  return signInStaff(request, { email: member.email, password });
}

/**
 * The composed server with a staff member signed in (`session`: its cookie and CSRF token).
 * Should the sign-in fail, the server is closed before the error goes up.
 */
export async function composeSignedInServer(
  database: Database,
  credentials: { email: string; password: string },
) {
  const server = await composeTestServer(database);
  try {
    return { ...server, session: await signInStaff(server.request, credentials) };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** The end of an admin-area test file: the server (when it started), then the database. */
export async function closeTestServer(
  server: { close: () => Promise<unknown> } | undefined,
  database: Database | undefined,
) {
  await server?.close();
  await database?.close();
}

/** A fresh test database whose first administrator has the given credentials. */
export async function createAdminTestDatabase(credentials: { email: string; password: string }) {
  const database = await createTestDatabase();
  try {
    await ensureFirstAdmin(database.db, credentials);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
