import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entrySchedule } from "#app/lib/admin/content-schedule.server.ts";
import { SCHEDULE_MESSAGES } from "#app/lib/admin/content-schedule.ts";
import type { Database } from "#db/client.ts";
import { readChangeLog } from "#platform/backoffice/index.ts";
import {
  addStaffMember,
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
  type StaffSession,
  staffFormPost,
  staffPage,
  type TestRequest,
} from "#platform/backoffice/testing.ts";
import { createEntry, entityStatus, findEntry, parseZoned } from "#platform/content/index.ts";
import { formatDate, formatDateTime, parisDay } from "#platform/format.ts";

/**
 * Scheduled publishing on the content screens (issue 50, item 7) through the composed server:
 * a publish scheduled at a Paris date and time shows in the entry's panel and in the calendar; a
 * past or unreadable time is refused in French with nothing scheduled; a writer may not
 * schedule; a schedule is canceled from the entry or the calendar; the job's run shows in both,
 * done or failed with the reason.
 */
const EMAIL = "chef@comptoir.test";
const PASSWORD = "un mot de passe solide";
const DAY_MS = 86_400_000;

let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let database: Database;
let request: TestRequest;
let session: StaffSession;

const answer = {
  nodeType: "document",
  data: {},
  content: [
    {
      nodeType: "paragraph",
      data: {},
      content: [{ nodeType: "text", value: "Oui, le samedi matin.", marks: [], data: {} }],
    },
  ],
};

beforeAll(async () => {
  database = await createAdminTestDatabase({ email: EMAIL, password: PASSWORD });
  const camille = { db: database.db, by: "camille@comptoir.test" };
  await createEntry(camille, {
    id: "question-samedi",
    contentType: "faq_question",
    fields: { question: "Livrez-vous le samedi ?", answer },
  });
  // No question: its publish is refused by the model.
  await createEntry(camille, {
    id: "question-vide",
    contentType: "faq_question",
    fields: { answer },
  });
  server = await composeSignedInServer(database, { email: EMAIL, password: PASSWORD });
  ({ request, session } = server);
});

afterAll(() => closeTestServer(server, database));

/** A Paris day `days` from today (`YYYY-MM-DD`). */
const dayFromToday = (days: number) => parisDay(new Date(Date.now() + days * DAY_MS));

const schedulePath = (id: string) => `/middleware/contenu/entrees/${id}/programmation/`;

const post = (path: string, fields: Record<string, string>, who = session) =>
  request(path, staffFormPost(fields, who));

const schedule = (id: string, fields: Record<string, string>, who = session) =>
  post(schedulePath(id), { intent: "schedule", ...fields }, who);

const page = (path: string) => staffPage(request, path, session);

/** The query of a redirect back to the entry's screen. */
const backTo = (response: Response, id: string) => {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location") ?? "", "http://shop.test");
  expect(location.pathname).toBe(`/middleware/contenu/entrees/${id}/`);
  expect(location.hash).toBe("#programmation");
  return location.searchParams;
};

describe("scheduled publishing on the content screens", () => {
  const date = dayFromToday(2);
  const at = parseZoned(`${date}T10:00`, "Europe/Paris") ?? new Date(Number.NaN);

  it("schedules a publish at a Paris date and time: in the entry's panel and the calendar", async () => {
    const response = await schedule("question-samedi", {
      operation: "publish",
      date,
      time: "10:00",
    });
    expect(backTo(response, "question-samedi").get("programmation")).toBe("ok");

    const panel = await entrySchedule(database.db, "question-samedi");
    expect(panel.pending).toHaveLength(1);
    expect(panel.pending[0]).toMatchObject({
      operation: "publish",
      text: `Publication le ${formatDateTime(at)}`,
      by: EMAIL,
    });
    expect(panel.pending[0]?.text).toMatch(/^Publication le \d{1,2} \S+ \d{4} à 10h00$/);
    expect(panel.today).toBe(parisDay(new Date()));

    const calendar = await page("/middleware/contenu/calendrier/");
    expect(calendar).toContain(formatDate(date));
    expect(calendar).toContain(">10h00<");
    expect(calendar).toContain("Publication");
    expect(calendar).toContain('href="/middleware/contenu/entrees/question-samedi/"');
    expect(calendar).toContain("Livrez-vous le samedi ?");
    expect(calendar).toContain("Question de la FAQ");
    expect(calendar).toContain(EMAIL);

    const log = await readChangeLog(database.db, { subject: "question-samedi" });
    expect(log.lines[0]).toMatchObject({
      action: "Publication programmée",
      subjectType: "contenu",
      staffEmail: EMAIL,
    });
  });

  it("refuses a past or unreadable time in French, keeps what was typed, schedules nothing", async () => {
    const yesterday = dayFromToday(-1);
    const past = backTo(
      await schedule("question-samedi", { operation: "unpublish", date: yesterday, time: "10:00" }),
      "question-samedi",
    );
    expect(past.get("programmation-erreur")).toBe("passe");
    expect(past.get("programmation-operation")).toBe("unpublish");
    expect(past.get("programmation-date")).toBe(yesterday);
    expect(past.get("programmation-heure")).toBe("10:00");
    expect(SCHEDULE_MESSAGES.passe).toContain("déjà passées");

    const cases: [Record<string, string>, string][] = [
      [{ operation: "publish", date: "2026-02-30", time: "10:00" }, "date"],
      [{ operation: "publish", date: "demain", time: "10:00" }, "date"],
      [{ operation: "publish", date, time: "25:00" }, "heure"],
      [{ operation: "publish", date, time: "" }, "heure"],
      [{ operation: "archive", date, time: "10:00" }, "operation"],
    ];
    for (const [fields, code] of cases) {
      const query = backTo(await schedule("question-samedi", fields), "question-samedi");
      expect(query.get("programmation-erreur"), JSON.stringify(fields)).toBe(code);
    }
    // The last Sunday of March 2027, 2h30 does not exist in Paris.
    const skipped = backTo(
      await schedule("question-samedi", {
        operation: "publish",
        date: "2027-03-28",
        time: "02:30",
      }),
      "question-samedi",
    );
    expect(skipped.get("programmation-erreur")).toBe("heure-inexistante");

    expect((await entrySchedule(database.db, "question-samedi")).pending).toHaveLength(1);
  });

  it("closes scheduling to a writer, who may read the calendar", async () => {
    const writer = await addStaffMember(request, session, {
      name: "Rose Rédactrice",
      email: "rose@comptoir.test",
      role: "writer",
    });
    const refused = await schedule(
      "question-samedi",
      { operation: "unpublish", date, time: "11:00" },
      writer,
    );
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("ne permet pas cette action");
    expect((await entrySchedule(database.db, "question-samedi")).pending).toHaveLength(1);

    const calendar = await request("/middleware/contenu/calendrier/", {
      headers: { cookie: writer.cookie },
    });
    expect(calendar.status).toBe(200);
    const html = await calendar.text();
    expect(html).toContain("Livrez-vous le samedi ?");
    expect(html).not.toContain('name="intent" value="cancel"');

    const [pending] = (await entrySchedule(database.db, "question-samedi")).pending;
    const cancel = await post(
      schedulePath("question-samedi"),
      { intent: "cancel", id: pending?.id ?? "", version: String(pending?.version) },
      writer,
    );
    expect(cancel.status).toBe(403);
  });

  it("cancels from the entry's panel and from the calendar", async () => {
    const scheduled = backTo(
      await schedule("question-samedi", {
        operation: "unpublish",
        date: dayFromToday(3),
        time: "18:30",
      }),
      "question-samedi",
    );
    expect(scheduled.get("programmation")).toBe("ok");
    const unpublish = (await entrySchedule(database.db, "question-samedi")).pending.find(
      (item) => item.operation === "unpublish",
    );
    expect(unpublish?.text).toMatch(/^Dépublication le .* à 18h30$/);
    const fields = {
      intent: "cancel",
      id: unpublish?.id ?? "",
      version: String(unpublish?.version),
    };
    const canceled = backTo(await post(schedulePath("question-samedi"), fields), "question-samedi");
    expect(canceled.get("programmation")).toBe("annulee");
    expect((await entrySchedule(database.db, "question-samedi")).pending).toHaveLength(1);
    // Once canceled, it cannot be canceled again; nor another entry's from this one.
    const again = backTo(await post(schedulePath("question-samedi"), fields), "question-samedi");
    expect(again.get("programmation-erreur")).toBe("deja-executee");
    const [publish] = (await entrySchedule(database.db, "question-samedi")).pending;
    const foreign = backTo(
      await post(schedulePath("question-vide"), {
        intent: "cancel",
        id: publish?.id ?? "",
        version: String(publish?.version),
      }),
      "question-vide",
    );
    expect(foreign.get("programmation-erreur")).toBe("programmation-introuvable");
    expect(
      (await readChangeLog(database.db, { subject: "question-samedi" })).lines[0],
    ).toMatchObject({ action: "Programmation annulée", subjectType: "contenu" });

    // From the calendar.
    await schedule("question-samedi", {
      operation: "unpublish",
      date: dayFromToday(4),
      time: "08:00",
    });
    const other = (await entrySchedule(database.db, "question-samedi")).pending.find(
      (item) => item.operation === "unpublish",
    );
    const fromCalendar = await post("/middleware/contenu/calendrier/", {
      intent: "cancel",
      id: other?.id ?? "",
      version: String(other?.version),
    });
    expect(fromCalendar.status).toBe(200);
    expect(await fromCalendar.text()).toContain("Programmation annulée.");
    expect((await entrySchedule(database.db, "question-samedi")).pending).toHaveLength(1);
  });

  it("shows the job's runs: the entry published, done in the calendar; a refused publish failed", async () => {
    await schedule("question-vide", { operation: "publish", date, time: "10:00" });
    expect(entityStatus((await findEntry(database.db, "question-samedi")) ?? never())).toBe(
      "draft",
    );
    await server.platform.contentSchedule.runNow(new Date(at.getTime() + 1_000));

    expect(entityStatus((await findEntry(database.db, "question-samedi")) ?? never())).toBe(
      "published",
    );
    const panel = await entrySchedule(database.db, "question-samedi");
    expect(panel.pending).toEqual([]);
    expect(panel.runs[0]).toMatchObject({ status: "succeeded", operation: "publish" });
    expect(panel.runs[0]?.result).toMatch(/^Effectuée le /);
    const failed = await entrySchedule(database.db, "question-vide");
    expect(failed.runs[0]?.status).toBe("failed");
    expect(failed.runs[0]?.result).toBe(
      "Échec : des champs sont à corriger avant de publier (« Question »).",
    );

    const calendar = await page("/middleware/contenu/calendrier/");
    expect(calendar).toContain("Aucune publication ni dépublication programmée.");
    expect(calendar).toContain("Effectuée");
    expect(calendar).toContain("Échec : des champs sont à corriger avant de publier");
    expect(calendar).toContain('href="/middleware/contenu/entrees/question-vide/"');
  });

  it("sends a browser that opens the form's address to the entry", async () => {
    const response = await request(schedulePath("question-samedi"), {
      headers: { cookie: session.cookie },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/middleware/contenu/entrees/question-samedi/");
  });
});

function never(): never {
  throw new Error("the entry is missing");
}
