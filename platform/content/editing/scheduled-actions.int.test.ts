import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  createEntry,
  deleteEntry,
  findEntry,
  publishEntry,
  updateEntry,
} from "#platform/content/editing/entries.ts";
import { listSnapshots } from "#platform/content/editing/history.ts";
import {
  runDueScheduledActions,
  type ScheduledChange,
  scheduleAction,
  scheduledCalendar,
} from "#platform/content/editing/scheduled-actions.ts";
import { createContentApi } from "#platform/content/http.ts";
import { createContentManagementApi } from "#platform/content/management.ts";
import { TEST_ACCESS_TOKEN } from "#platform/content/testing.ts";

/**
 * Scheduled publishing: Contentful's scheduled actions over HTTP, and the job that runs them
 * once whatever runs it at the same time. Fixed clocks throughout: nothing waits.
 */

const TOKEN = "content-test-management-token";
const SPACE = "/content-management/spaces/comptoir";
/** 10 March 2026, 9h00 in Paris. */
const NOW = new Date("2026-03-10T08:00:00.000Z");
const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

let database: Database;
let api: ReturnType<typeof createContentManagementApi>;
let delivery: ReturnType<typeof createContentApi>;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createContentManagementApi({ db: database.db, managementToken: TOKEN, now: () => NOW });
  delivery = createContentApi({ db: database.db, accessToken: TEST_ACCESS_TOKEN });
});
afterAll(() => database?.close());

async function send(method: string, path: string, body?: unknown, version?: number) {
  const res = await api.request(`${SPACE}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      "content-type": "application/json",
      ...(version === undefined ? {} : { "x-contentful-version": String(version) }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field.
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

const shown = async (id: string) =>
  (
    await delivery.request(`/content/spaces/comptoir/environments/master/entries/${id}`, {
      headers: { authorization: `Bearer ${TEST_ACCESS_TOKEN}` },
    })
  ).status === 200;

const action = (id: string, kind: "publish" | "unpublish", datetime: string) => ({
  entity: { sys: { type: "Link", linkType: "Entry", id } },
  environment: { sys: { type: "Link", linkType: "Environment", id: "master" } },
  action: kind,
  scheduledFor: { datetime, timezone: "Europe/Paris" },
});

describe("scheduled actions over HTTP", () => {
  it("schedules a publish at a Paris time, lists it, moves it and cancels it", async () => {
    await createEntry(
      { db: database.db },
      {
        id: "cms-soldes",
        contentType: "cms",
        fields: { title: "Soldes", slug: "soldes" },
      },
    );
    const created = await send(
      "POST",
      "/scheduled_actions",
      action("cms-soldes", "publish", "2026-03-10T10:30"),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      sys: { type: "ScheduledAction", status: "scheduled", version: 1 },
      entity: { sys: { type: "Link", linkType: "Entry", id: "cms-soldes" } },
      environment: { sys: { id: "master" } },
      action: "publish",
      scheduledFor: { datetime: "2026-03-10T10:30:00.000+01:00", timezone: "Europe/Paris" },
    });
    const id = created.body.sys.id;

    const listed = await send(
      "GET",
      "/scheduled_actions?environment.sys.id=master&entity.sys.id=cms-soldes&sys.status=scheduled",
    );
    expect(listed.body.items.map((item: { sys: { id: string } }) => item.sys.id)).toEqual([id]);
    expect((await send("GET", "/scheduled_actions")).status).toBe(400);
    expect((await send("GET", `/scheduled_actions/${id}?environment.sys.id=master`)).body).toEqual(
      created.body,
    );

    const stale = await send(
      "PUT",
      `/scheduled_actions/${id}`,
      action("cms-soldes", "publish", "2026-03-10T11:00"),
      7,
    );
    expect(stale.status).toBe(409);
    const moved = await send(
      "PUT",
      `/scheduled_actions/${id}`,
      action("cms-soldes", "publish", "2026-03-10T11:00:00.000+01:00"),
      1,
    );
    expect(moved.body).toMatchObject({
      sys: { version: 2 },
      scheduledFor: { datetime: "2026-03-10T11:00:00.000+01:00" },
    });

    const canceled = await send("DELETE", `/scheduled_actions/${id}?environment.sys.id=master`);
    expect(canceled.status).toBe(200);
    expect(canceled.body.sys).toMatchObject({ status: "canceled", version: 3 });
    expect(canceled.body.sys.canceledAt).toBe(NOW.toISOString());
    expect(
      (await send("DELETE", `/scheduled_actions/${id}?environment.sys.id=master`)).status,
    ).toBe(400);
    expect(
      (await runDueScheduledActions({ db: database.db, now: minutesLater(600) })).succeeded,
    ).toEqual([]);
    expect(await shown("cms-soldes")).toBe(false);
  });

  it("refuses a time past, an unknown entry, an unknown time zone and another action", async () => {
    const refused = [
      action("cms-soldes", "publish", "2026-03-10T08:59"),
      action("nope", "publish", "2026-03-10T10:00"),
      {
        ...action("cms-soldes", "publish", "2026-03-10T10:00"),
        scheduledFor: { datetime: "2026-03-10T10:00", timezone: "Mars/Olympus" },
      },
      { ...action("cms-soldes", "publish", "2026-03-10T10:00"), action: "archive" },
      action("cms-soldes", "publish", "bientôt"),
    ];
    for (const body of refused) {
      const { status, body: error } = await send("POST", "/scheduled_actions", body);
      expect(status).toBe(422);
      expect(error.sys.id).toBe("ValidationFailed");
    }
    const other = await send("POST", "/scheduled_actions", {
      ...action("cms-soldes", "publish", "2026-03-10T10:00"),
      environment: { sys: { type: "Link", linkType: "Environment", id: "staging" } },
    });
    expect(other.status).toBe(404);
  });
});

describe("the scheduled actions job", () => {
  it("publishes at the time and not before, the latest draft, and unpublishes later", async () => {
    const changes: ScheduledChange[] = [];
    const ctx = { db: database.db, by: "editrice@comptoir.test", now: NOW };
    await createEntry(ctx, {
      id: "cms-noel",
      contentType: "cms",
      fields: { title: "Noël", slug: "noel" },
    });
    await scheduleAction(ctx, {
      entityId: "cms-noel",
      action: "publish",
      scheduledFor: "2026-03-10T09:01",
    });
    await scheduleAction(ctx, {
      entityId: "cms-noel",
      action: "unpublish",
      scheduledFor: "2026-03-10T12:00",
    });

    const early = await runDueScheduledActions({ db: database.db, now: minutesLater(0.5) });
    expect(early).toEqual({ succeeded: [], failed: [] });
    expect(await shown("cms-noel")).toBe(false);

    const onTime = await runDueScheduledActions({
      db: database.db,
      now: minutesLater(1),
      onChange: (change) => {
        changes.push(change);
      },
    });
    expect(onTime.succeeded).toHaveLength(1);
    expect(changes).toEqual([{ id: "cms-noel", contentType: "cms", action: "publish" }]);
    expect(await shown("cms-noel")).toBe(true);
    const entry = await findEntry(database.db, "cms-noel");
    expect(entry).toMatchObject({
      publishedBy: "editrice@comptoir.test",
      publishedAt: minutesLater(1),
    });

    await runDueScheduledActions({ db: database.db, now: minutesLater(180) });
    expect(await shown("cms-noel")).toBe(false);
    const calendar = await scheduledCalendar(database.db, { entityId: "cms-noel" });
    expect(calendar.upcoming).toEqual([]);
    expect(calendar.done.map((row) => [row.action, row.status, row.ranAt])).toEqual([
      ["unpublish", "succeeded", minutesLater(180)],
      ["publish", "succeeded", minutesLater(1)],
    ]);
  });

  it("marks an action that cannot run as failed, with Contentful's error, and goes on", async () => {
    const ctx = { db: database.db, now: NOW };
    await createEntry(ctx, { id: "faq-vide", contentType: "faq_question", fields: {} });
    await createEntry(ctx, {
      id: "cms-ok",
      contentType: "cms",
      fields: { title: "OK", slug: "ok" },
    });
    const failing = await scheduleAction(ctx, {
      entityId: "faq-vide",
      action: "publish",
      scheduledFor: minutesLater(5),
    });
    await scheduleAction(ctx, {
      entityId: "cms-ok",
      action: "publish",
      scheduledFor: minutesLater(6),
    });

    const result = await runDueScheduledActions({ db: database.db, now: minutesLater(10) });
    expect(result.failed).toEqual([failing.id]);
    expect(result.succeeded).toHaveLength(1);
    expect(await shown("cms-ok")).toBe(true);
    const listed = await send(
      "GET",
      `/scheduled_actions?environment.sys.id=master&entity.sys.id=faq-vide`,
    );
    expect(listed.body.items[0]).toMatchObject({
      sys: { status: "failed" },
      error: {
        sys: { type: "Error", id: "ValidationFailed" },
        details: { errors: [{ name: "required", path: ["fields", "question"] }] },
      },
    });
  });

  it("publishes once when two instances run the job at the same time", async () => {
    const ctx = { db: database.db, now: NOW };
    const ids = Array.from({ length: 6 }, (_, i) => `cms-lot-${i}`);
    for (const id of ids) {
      await createEntry(ctx, { id, contentType: "cms", fields: { title: id, slug: id } });
      await scheduleAction(ctx, {
        entityId: id,
        action: "publish",
        scheduledFor: minutesLater(20),
      });
    }
    const runs = await Promise.all([
      runDueScheduledActions({ db: database.db, now: minutesLater(30) }),
      runDueScheduledActions({ db: database.db, now: minutesLater(30) }),
    ]);
    const succeeded = runs.flatMap((run) => run.succeeded);
    expect(succeeded).toHaveLength(6);
    expect(new Set(succeeded).size).toBe(6);
    for (const id of ids) {
      const entry = await findEntry(database.db, id);
      expect(entry).toMatchObject({ publishedCounter: 1, publishedVersion: 1, revision: 2 });
      expect((await listSnapshots(database.db, id)).total).toBe(1);
    }
  });

  it("publishes what the editor saved after scheduling", async () => {
    const ctx = { db: database.db, now: NOW };
    const created = await createEntry(ctx, {
      id: "cms-late",
      contentType: "cms",
      fields: { title: "Avant", slug: "late" },
    });
    await scheduleAction(ctx, {
      entityId: "cms-late",
      action: "publish",
      scheduledFor: minutesLater(40),
    });
    await publishEntry(ctx, { id: "cms-late", version: created.revision });
    await updateEntry(ctx, {
      id: "cms-late",
      version: 2,
      fields: { title: "Après", slug: "late" },
    });
    await runDueScheduledActions({ db: database.db, now: minutesLater(41) });
    expect((await findEntry(database.db, "cms-late"))?.publishedFields).toEqual({
      title: "Après",
      slug: "late",
    });
  });

  it("cancels what was scheduled for an entry that is deleted", async () => {
    const ctx = { db: database.db, by: "editrice@comptoir.test", now: NOW };
    const created = await createEntry(ctx, {
      id: "cms-gone",
      contentType: "cms",
      fields: { title: "Partie", slug: "partie" },
    });
    const scheduled = await scheduleAction(ctx, {
      entityId: "cms-gone",
      action: "publish",
      scheduledFor: minutesLater(50),
    });
    await deleteEntry(ctx, { id: "cms-gone", version: created.revision });
    const { done } = await scheduledCalendar(database.db, { entityId: "cms-gone" });
    expect(done.map((row) => [row.id, row.status, row.canceledBy])).toEqual([
      [scheduled.id, "canceled", "editrice@comptoir.test"],
    ]);
    expect(
      (await runDueScheduledActions({ db: database.db, now: minutesLater(60) })).failed,
    ).toEqual([]);
  });
});
