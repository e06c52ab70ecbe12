import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleError } from "#app/entry.server.tsx";
import { type ServerContext, serverContext } from "#app/lib/server-context.ts";
import type { Database } from "#db/client.ts";
import {
  closeTestServer,
  composeTestServer,
  createAdminTestDatabase,
  formPost,
  signInStaff,
} from "#platform/backoffice/testing.ts";
import { createLogger } from "#server/logger.ts";

/**
 * A 500 of the admin area is logged once, as one JSON line with the request's id and its cause,
 * and staff see the admin area's error page, on the data path of a client navigation
 * (`…/_.data`) as on a plain form post.
 */
const CREDENTIALS = { email: "chef@comptoir.test", password: "un mot de passe solide" };
const SCREEN = "/middleware/synonymes/";

function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ LOG_LEVEL: "info" }, stream), lines };
}

const captured = capturedLogger();
let database: Database;
let server: Awaited<ReturnType<typeof composeTestServer>> | undefined;
let session: { cookie: string; csrf: string };

beforeAll(async () => {
  database = await createAdminTestDatabase(CREDENTIALS);
  server = await composeTestServer(database, { logger: captured.logger });
  session = await signInStaff(server.request, CREDENTIALS);
  // The synonyms' table gone: the screen's delete action fails in its query.
  await database.db.execute(sql`alter table search_synonym rename to search_synonym_gone`);
}, 120_000);
afterAll(() => closeTestServer(server, database));

const deleteSynonym = (path: string) =>
  (server ?? expect.unreachable()).request(
    path,
    formPost({ intent: "delete", id: "1", _csrf: session.csrf }, { cookie: session.cookie }),
  );

/** The error lines of the last request to `path`, found by the id its request line names. */
function failuresOf(path: string) {
  const request = captured.lines.findLast((line) => line.msg === "request" && line.path === path);
  expect(request).toMatchObject({ status: 500, reqId: expect.any(String) });
  return captured.lines.filter((line) => line.reqId === request?.reqId && Number(line.level) >= 50);
}

describe("an admin action that throws", () => {
  it("on the data path: one error line with the request id and the cause", async () => {
    const response = await deleteSynonym(`${SCREEN}_.data`);
    expect(response.status).toBe(500);
    const body = await response.text();
    // The turbo-stream names the error for the client, which renders the nearest boundary.
    expect(body).toContain("SanitizedError");
    const lines = failuresOf(`${SCREEN}_.data`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "request failed", path: `${SCREEN}_.data` });
    const err = lines[0]?.err as { message: string; code: string };
    expect(err.code).toBe("42P01");
    expect(err.message).toContain("Failed query (SQL and parameters withheld)");
  });

  it("as a document: the admin area's error page, and its line", async () => {
    const response = await deleteSynonym(SCREEN);
    expect(response.status).toBe(500);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Une erreur est survenue dans l&#x27;administration");
    expect(html).toContain("Retour au tableau de bord");
    expect(html).not.toContain("Retour à la page d&#x27;accueil");
    expect(failuresOf(SCREEN)).toHaveLength(1);
  });
});

describe("the log line of a failure", () => {
  it("keeps a cause that is not an Error, and the line of a request the client left", () => {
    const { logger, lines } = capturedLogger();
    const context = new RouterContextProvider();
    context.set(serverContext, { logger, requestId: "req-1", errorLogged: false } as ServerContext);
    const left = new AbortController();
    left.abort();
    handleError("session row already there", {
      request: new Request("http://shop.test/middleware/login/_.data", { method: "POST" }),
      context,
      params: {},
    });
    handleError(
      { code: "23505" },
      {
        request: new Request("http://shop.test/middleware/login/_.data", { signal: left.signal }),
        context,
        params: {},
      },
    );
    expect(lines).toMatchObject([
      {
        level: 50,
        reqId: "req-1",
        msg: "request failed",
        err: { message: "non-Error thrown: session row already there" },
      },
      {
        level: 40,
        reqId: "req-1",
        msg: "request failed after the client left",
        err: { message: 'non-Error thrown: {"code":"23505"}' },
      },
    ]);
    expect(context.get(serverContext).errorLogged).toBe(true);
  });
});
