import { entryTitle, fieldLabel, typeLabel } from "#app/lib/admin/content-labels.ts";
import {
  type EntrySchedule,
  OPERATION_LABELS,
  type PendingScheduleItem,
  SCHEDULE_ANCHOR,
  SCHEDULE_PARAMS,
  type ScheduleErrorCode,
  type ScheduleOperation,
  type ScheduleRun,
} from "#app/lib/admin/content-schedule.ts";
import type { Db } from "#db/client.ts";
import { recordChange, type Staff } from "#platform/backoffice/index.ts";
import {
  ContentError,
  cancelScheduledAction,
  entriesByIds,
  type FieldError,
  findContentType,
  getScheduledAction,
  listScheduledActions,
  parseZoned,
  type ScheduledActionRow,
  SHOP_TIME_ZONE,
  scheduleAction,
  zonedIso,
} from "#platform/content/index.ts";
import { formatDate, formatDateTime, formatTime, parisDay } from "#platform/format.ts";

/**
 * Scheduled publishing on the content screens (issue 50, item 7), server side: what the entry's
 * « Programmation » panel and the calendar show, in French and in Paris time, and the forms that
 * schedule and cancel (each one in the change log, subject « contenu »). The job that runs the
 * actions is the content service's (`startScheduledActions`, server/platform.ts).
 */

/** How many of an entry's past runs its panel shows. */
const ENTRY_RUNS = 5;
/** How far back the calendar shows what ran. */
const CALENDAR_PAST_DAYS = 7;

const DAY_MS = 86_400_000;

/** « Publication le 4 décembre 2026 à 10h00 ». */
const actionText = (row: Pick<ScheduledActionRow, "action" | "scheduledFor">) =>
  `${OPERATION_LABELS[row.action]} le ${formatDateTime(row.scheduledFor)}`;

function pendingItem(row: ScheduledActionRow): PendingScheduleItem {
  return {
    id: row.id,
    version: row.version,
    operation: row.action,
    text: actionText(row),
    at: zonedIso(row.scheduledFor, row.timezone),
    by: row.createdBy,
    scheduledAt: formatDateTime(row.createdAt),
  };
}

/** Field names as the office knows them, by field id, for a failure's reason. */
function fieldNames(contentType: string | undefined): Map<string, string> {
  const definition = contentType ? findContentType(contentType) : undefined;
  return new Map((definition?.fields ?? []).map((field) => [field.id, fieldLabel(field)]));
}

/**
 * Why a scheduled action failed, in French, from Contentful's error the job kept: the fields to
 * correct when the publish was refused by the model.
 */
export function failureReason(
  error: Record<string, unknown> | null,
  contentType: string | undefined,
): string {
  const id = (error?.sys as { id?: string } | undefined)?.id;
  const details = (error?.details ?? {}) as { errors?: FieldError[] };
  const names = fieldNames(contentType);
  const fields = [
    ...new Set(
      (details.errors ?? [])
        .map((one) => (one.path?.[0] === "fields" ? String(one.path[1] ?? "") : ""))
        .filter(Boolean)
        .map((field) => `« ${names.get(field) ?? field} »`),
    ),
  ];
  const inFields = fields.length > 0 ? ` (${fields.join(", ")})` : "";
  const message = typeof error?.message === "string" ? error.message : "";
  switch (id) {
    case "ValidationFailed":
      return `des champs sont à corriger avant de publier${inFields}`;
    case "UnresolvedLinks":
      return `un lien mène à un contenu ou un média qui n'existe pas${inFields}`;
    case "NotFound":
      return "le contenu n'existe plus";
    case "BadRequest":
      if (/archived/i.test(message)) return "le contenu est archivé";
      if (/not published/i.test(message)) return "le contenu n'était pas publié";
      return "l'action n'était pas possible";
    default:
      return "une erreur inattendue";
  }
}

function runOf(row: ScheduledActionRow, contentType: string | undefined): ScheduleRun {
  const status = row.status === "failed" ? "failed" : "succeeded";
  return {
    id: row.id,
    operation: row.action,
    text: actionText(row),
    at: zonedIso(row.scheduledFor, row.timezone),
    by: row.createdBy,
    status,
    result:
      status === "failed"
        ? `Échec : ${failureReason(row.error, contentType)}.`
        : `Effectuée le ${formatDateTime(row.ranAt ?? row.scheduledFor)}.`,
  };
}

/**
 * What the entry screen's « Programmation » panel shows: the entry's actions still to run,
 * soonest first, and its last runs (done, or failed with the reason), latest first.
 */
export async function entrySchedule(
  db: Db,
  entryId: string,
  now: Date = new Date(),
): Promise<EntrySchedule> {
  const [pending, runs, [entry]] = await Promise.all([
    listScheduledActions(db, { entityId: entryId, status: "scheduled" }),
    listScheduledActions(db, {
      entityId: entryId,
      status: ["succeeded", "failed"],
      order: "-scheduledFor",
      limit: ENTRY_RUNS,
    }),
    entriesByIds(db, [entryId]),
  ]);
  return {
    pending: pending.map(pendingItem),
    runs: runs.map((row) => runOf(row, entry?.contentType)),
    today: parisDay(now),
  };
}

export type CalendarItem = PendingScheduleItem & {
  /** « 10h00 » (Paris time). */
  time: string;
  entry: { id: string; title: string; type: string };
};

export type CalendarRun = ScheduleRun & {
  /** « 4 décembre 2026 à 10h00 ». */
  when: string;
  entry: { id: string; title: string; type: string };
};

export type ScheduleCalendar = {
  /** The actions to come, by day in Paris, soonest first. */
  days: { day: string; label: string; items: CalendarItem[] }[];
  /** What ran in the last 7 days (and since), latest first. */
  past: CalendarRun[];
};

/** The calendar screen: what is to come, grouped by day in Paris, and what ran lately. */
export async function scheduleCalendar(db: Db, now: Date = new Date()): Promise<ScheduleCalendar> {
  const [upcoming, past] = await Promise.all([
    listScheduledActions(db, { status: "scheduled" }),
    listScheduledActions(db, {
      status: ["succeeded", "failed"],
      from: new Date(now.getTime() - CALENDAR_PAST_DAYS * DAY_MS),
      order: "-scheduledFor",
    }),
  ]);
  const ids = [...new Set([...upcoming, ...past].map((row) => row.entityId))];
  const entries = new Map((await entriesByIds(db, ids)).map((row) => [row.id, row]));
  const entryOf = (id: string) => {
    const row = entries.get(id);
    const definition = row ? findContentType(row.contentType) : undefined;
    return {
      id,
      title: row
        ? entryTitle(row.fields, definition?.displayField, id)
        : `Contenu supprimé (${id})`,
      type: definition ? typeLabel(definition) : (row?.contentType ?? "—"),
      contentType: row?.contentType,
    };
  };
  const days: ScheduleCalendar["days"] = [];
  for (const row of upcoming) {
    const day = parisDay(row.scheduledFor);
    let group = days.at(-1);
    if (group?.day !== day) {
      group = { day, label: formatDate(day), items: [] };
      days.push(group);
    }
    const { contentType: _, ...entry } = entryOf(row.entityId);
    group.items.push({ ...pendingItem(row), time: formatTime(row.scheduledFor), entry });
  }
  return {
    days,
    past: past.map((row) => {
      const { contentType, ...entry } = entryOf(row.entityId);
      return {
        ...runOf(row, contentType),
        when: formatDateTime(row.scheduledFor),
        entry,
      };
    }),
  };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** A calendar day that exists (no 30 February). */
function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

function isTime(text: string): boolean {
  const match = TIME.exec(text);
  return match !== null && Number(match[1]) < 24 && Number(match[2]) < 60;
}

export type ScheduleOutcome =
  | { ok: true; row: ScheduledActionRow }
  | { ok: false; code: ScheduleErrorCode };

type StaffContext = { db: Db; staff: Staff; now?: Date };

/**
 * Schedules what the panel's form asks (`operation`, `date`, `time`: a Paris date and time)
 * for `entryId`, and writes it in the change log. A date or time that is unreadable, past, or
 * skipped by the clocks' change is refused with its code, nothing written.
 */
export async function scheduleFromForm(
  ctx: StaffContext,
  entryId: string,
  input: { operation: string; date: string; time: string },
): Promise<ScheduleOutcome> {
  if (input.operation !== "publish" && input.operation !== "unpublish") {
    return { ok: false, code: "operation" };
  }
  if (!isDay(input.date)) return { ok: false, code: "date" };
  if (!isTime(input.time)) return { ok: false, code: "heure" };
  const local = `${input.date}T${input.time}`;
  const instant = parseZoned(local, SHOP_TIME_ZONE);
  if (!instant) return { ok: false, code: "date" };
  // A time the clocks skip in spring (2h30 on the last Sunday of March) is read an hour later:
  // rather than schedule another time than the one typed, say so.
  if (!zonedIso(instant, SHOP_TIME_ZONE).startsWith(local)) {
    return { ok: false, code: "heure-inexistante" };
  }
  const operation: ScheduleOperation = input.operation;
  try {
    const row = await scheduleAction(
      { db: ctx.db, by: ctx.staff.email, now: ctx.now },
      { entityId: entryId, action: operation, scheduledFor: local, timezone: SHOP_TIME_ZONE },
    );
    await recordChange(ctx.db, {
      staff: ctx.staff,
      action: operation === "publish" ? "Publication programmée" : "Dépublication programmée",
      subjectType: "contenu",
      subjectId: entryId,
      after: {
        programmation: row.id,
        action: operation,
        le: zonedIso(row.scheduledFor, row.timezone),
      },
    });
    return { ok: true, row };
  } catch (error) {
    if (!(error instanceof ContentError) || error.id !== "ValidationFailed") throw error;
    const [first] = (error.details as { errors?: FieldError[] }).errors ?? [];
    if (first?.name === "range") return { ok: false, code: "passe" };
    if (first?.name === "notResolvable") return { ok: false, code: "introuvable" };
    return { ok: false, code: "date" };
  }
}

/**
 * Cancels a scheduled action (`id`, at `version` when given) and writes it in the change log;
 * with `entryId`, only one of that entry's.
 */
export async function cancelFromForm(
  ctx: StaffContext,
  input: { id: string; version?: number; entryId?: string },
): Promise<ScheduleOutcome> {
  try {
    const found = await getScheduledAction(ctx.db, input.id);
    if (input.entryId !== undefined && found.entityId !== input.entryId) {
      return { ok: false, code: "programmation-introuvable" };
    }
    // Run or canceled meanwhile: said so, rather than "changed" (its version moved too).
    if (found.status !== "scheduled") return { ok: false, code: "deja-executee" };
    const row = await cancelScheduledAction(
      { db: ctx.db, by: ctx.staff.email, now: ctx.now },
      { id: input.id, version: input.version },
    );
    await recordChange(ctx.db, {
      staff: ctx.staff,
      action: "Programmation annulée",
      subjectType: "contenu",
      subjectId: row.entityId,
      before: {
        programmation: row.id,
        action: row.action,
        le: zonedIso(row.scheduledFor, row.timezone),
      },
    });
    return { ok: true, row };
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    if (error.id === "NotFound") return { ok: false, code: "programmation-introuvable" };
    if (error.id === "VersionMismatch") return { ok: false, code: "programmation-modifiee" };
    if (error.id === "BadRequest") return { ok: false, code: "deja-executee" };
    throw error;
  }
}

/** The entry screen, back at its « Programmation » panel, with `params` in its query. */
export function entryScheduleUrl(entryId: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `/middleware/contenu/entrees/${encodeURIComponent(entryId)}/?${query}#${SCHEDULE_ANCHOR}`;
}

/** The query of a refused form: the code, and what was typed to show it again. */
export function refusedQuery(
  code: ScheduleErrorCode,
  typed: { operation: string; date: string; time: string },
): Record<string, string> {
  return {
    [SCHEDULE_PARAMS.error]: code,
    [SCHEDULE_PARAMS.operation]: typed.operation,
    [SCHEDULE_PARAMS.date]: typed.date,
    [SCHEDULE_PARAMS.time]: typed.time,
  };
}
