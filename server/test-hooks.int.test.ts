import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  createEntry,
  entityStatus,
  findEntry,
  getScheduledAction,
  scheduleAction,
} from "#platform/content/index.ts";
import { VERIFY_HEADER } from "#server/api/verify.ts";
import { EnvError, parseEnv } from "#server/env.ts";
import { TEST_SECRETS } from "#server/test-env.ts";
import { composedShops } from "#server/testing.ts";

/**
 * The browser journeys' hook (`TEST_HOOKS`): a journey with a fixed clock runs the content
 * schedule at its instant. Off unless the flag is set, refused in production off this machine,
 * and answered only to a caller on this machine with the verify secret.
 */

let database: Database;
let shops: Awaited<ReturnType<typeof composedShops>>;

beforeAll(async () => {
  database = await createTestDatabase();
  shops = await composedShops(database);
});
afterAll(async () => {
  await shops?.close();
  await database?.close();
});

const RUN = "/__test/content-schedule/run";
const VERIFY = { [VERIFY_HEADER]: TEST_SECRETS.ADMIN_VERIFY_SECRET };

const run = (
  shop: ReturnType<typeof shops.shop>,
  body: unknown,
  headers: Record<string, string> = VERIFY,
) =>
  shop.request(RUN, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

async function draftQuestion(id: string) {
  return createEntry(
    { db: database.db, by: "editrice@comptoir.test" },
    {
      id,
      contentType: "faq_question",
      fields: {
        question: "Livrez-vous le lundi ?",
        answer: {
          nodeType: "document",
          data: {},
          content: [
            {
              nodeType: "paragraph",
              data: {},
              content: [{ nodeType: "text", value: "Oui.", marks: [], data: {} }],
            },
          ],
        },
      },
    },
  );
}

describe("the content schedule's test hook", () => {
  it("runs the schedule at the instant given, and says what was due", async () => {
    const shop = shops.shop({ TEST_HOOKS: "1" }, { remoteAddress: "127.0.0.1" });
    const kinds: string[] = [];
    shop.invalidations.on("content", (event) => kinds.push(event.kind));
    await draftQuestion("question-lundi");
    const now = new Date();
    const at = new Date(now.getTime() + 60_000);
    const action = await scheduleAction(
      { db: database.db, by: "editrice@comptoir.test", now },
      { entityId: "question-lundi", action: "publish", scheduledFor: at },
    );

    const early = await run(shop, { at: new Date(now.getTime() + 30_000).toISOString() });
    expect(early.status).toBe(200);
    expect((await early.json()).ran).toEqual([]);
    expect((await getScheduledAction(database.db, action.id)).status).toBe("scheduled");

    const due = await run(shop, { at: at.toISOString() });
    expect(due.status).toBe(200);
    expect(await due.json()).toEqual({
      at: at.toISOString(),
      ran: [
        {
          id: action.id,
          entityId: "question-lundi",
          action: "publish",
          scheduledFor: at.toISOString(),
          status: "succeeded",
        },
      ],
    });
    const entry = await findEntry(database.db, "question-lundi");
    expect(entry && entityStatus(entry)).toBe("published");
    // Pages on every instance are dropped, as after a publish by hand.
    expect(kinds).toEqual(["content"]);
  });

  it("refuses a body without an instant, a caller without the secret, one elsewhere", async () => {
    const shop = shops.shop({ TEST_HOOKS: "1" }, { remoteAddress: "127.0.0.1" });
    expect((await run(shop, { at: "demain" })).status).toBe(400);
    expect((await run(shop, { at: "2026-12-04T10:00" })).status).toBe(400);
    expect((await run(shop, { at: new Date().toISOString() }, {})).status).toBe(401);
    const elsewhere = shops.shop({ TEST_HOOKS: "1" }, { remoteAddress: "203.0.113.9" });
    expect((await run(elsewhere, { at: new Date().toISOString() })).status).toBe(404);
  });

  it("is not there without TEST_HOOKS", async () => {
    await draftQuestion("question-mardi");
    const now = new Date();
    const action = await scheduleAction(
      { db: database.db, now },
      {
        entityId: "question-mardi",
        action: "publish",
        scheduledFor: new Date(now.getTime() + 1_000),
      },
    );
    const shop = shops.shop({}, { remoteAddress: "127.0.0.1" });
    const response = await run(shop, { at: new Date(now.getTime() + 60_000).toISOString() });
    // No such route: React Router's answer to a post to a page that takes none.
    expect([404, 405]).toContain(response.status);
    expect((await getScheduledAction(database.db, action.id)).status).toBe("scheduled");
  });

  it("is refused by a production server that answers beyond this machine", () => {
    const production = { NODE_ENV: "production", TEST_HOOKS: "1" };
    expect(() => parseEnv({ ...production, PUBLIC_URL: "https://comptoir.example" })).toThrow(
      EnvError,
    );
    expect(() => parseEnv({ ...production, PUBLIC_URL: "http://192.168.1.10:3000" })).toThrow(
      /TEST_HOOKS/,
    );
    for (const origin of ["http://127.0.0.1:3100", "http://localhost:3000", "http://[::1]:3000"]) {
      expect(parseEnv({ ...production, PUBLIC_URL: origin }).TEST_HOOKS).toBe(true);
    }
    expect(parseEnv({ NODE_ENV: "production" }).TEST_HOOKS).toBe(false);
  });
});
