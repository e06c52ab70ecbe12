import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { runOnce } from "#platform/background-lock.ts";
import type { ContentScope } from "#platform/content/api-base.ts";
import {
  type EditContext,
  findEntry,
  publishEntry,
  unpublishEntry,
} from "#platform/content/editing/entries.ts";
import { isTimeZone, parseZoned, zonedIso } from "#platform/content/editing/zoned-time.ts";
import {
  ContentError,
  notFound,
  validationFailed,
  versionMismatch,
} from "#platform/content/errors.ts";
import { newContentId } from "#platform/content/ids.ts";
import { contentScheduledAction, type ScheduledActionStatus } from "#platform/content/schema.ts";

/**
 * Contentful's scheduled actions: publish or unpublish an entry at a date and time chosen in
 * Paris. A job (`startScheduledActions`) runs the due ones: each is claimed with
 * `FOR UPDATE SKIP LOCKED` in the transaction that publishes, and marked done in it, so that
 * whichever instances run the job at once, every action runs exactly once. A scheduled publish
 * publishes the entry as it is then (its latest draft), as Contentful's does; one that cannot
 * (a required field empty, the entry gone) is marked `failed` with Contentful's error.
 */

export type ScheduledActionRow = typeof contentScheduledAction.$inferSelect;
export type ScheduledActionKind = "publish" | "unpublish";

/** The shop's time zone: editors pick dates and times in Paris. */
export const SHOP_TIME_ZONE = "Europe/Paris";

export type ScheduleInput = {
  entityId: string;
  action: ScheduledActionKind;
  /** An instant, or an ISO 8601 date and time (without an offset: local time in `timezone`). */
  scheduledFor: Date | string;
  timezone?: string;
};

const actor = (ctx: EditContext) => ctx.by ?? null;
const clock = (ctx: EditContext) => ctx.now ?? new Date();

function readWhen(
  input: Pick<ScheduleInput, "scheduledFor" | "timezone">,
  now: Date,
): { scheduledFor: Date; timezone: string } {
  const timezone = input.timezone ?? SHOP_TIME_ZONE;
  if (!isTimeZone(timezone)) {
    throw validationFailed("Validation error", [
      {
        name: "in",
        path: ["scheduledFor", "timezone"],
        details: "Unknown time zone",
        value: timezone,
      },
    ]);
  }
  const scheduledFor =
    input.scheduledFor instanceof Date
      ? input.scheduledFor
      : parseZoned(input.scheduledFor, timezone);
  if (!scheduledFor || Number.isNaN(scheduledFor.getTime())) {
    throw validationFailed("Validation error", [
      {
        name: "type",
        path: ["scheduledFor", "datetime"],
        details: "An ISO 8601 date and time is expected",
        value: input.scheduledFor,
      },
    ]);
  }
  if (scheduledFor.getTime() <= now.getTime()) {
    throw validationFailed("Validation error", [
      {
        name: "range",
        path: ["scheduledFor", "datetime"],
        details: "The scheduled time must be in the future",
        value: zonedIso(scheduledFor, timezone),
      },
    ]);
  }
  return { scheduledFor, timezone };
}

/** Schedules a publish or an unpublish of an entry; the entry must exist. */
export async function scheduleAction(
  ctx: EditContext,
  input: ScheduleInput,
): Promise<ScheduledActionRow> {
  const now = clock(ctx);
  const when = readWhen(input, now);
  if (!(await findEntry(ctx.db, input.entityId))) {
    throw validationFailed("Validation error", [
      {
        name: "notResolvable",
        path: ["entity"],
        details: `The entry "${input.entityId}" does not exist`,
        link: { type: "Link", linkType: "Entry", id: input.entityId },
      },
    ]);
  }
  const [row] = await ctx.db
    .insert(contentScheduledAction)
    .values({
      id: newContentId(),
      entityType: "Entry",
      entityId: input.entityId,
      action: input.action,
      ...when,
      createdAt: now,
      createdBy: actor(ctx),
      updatedAt: now,
      updatedBy: actor(ctx),
    })
    .returning();
  if (!row) throw new Error("The scheduled action was not written");
  return row;
}

async function withScheduled<T>(
  ctx: EditContext,
  id: string,
  version: number | undefined,
  work: (tx: Tx, row: ScheduledActionRow) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(contentScheduledAction)
      .where(eq(contentScheduledAction.id, id))
      .for("update");
    if (!row) throw notFound("ScheduledAction", id);
    if (version !== undefined && row.version !== version) throw versionMismatch();
    if (row.status !== "scheduled") {
      throw new ContentError("BadRequest", `The scheduled action is ${row.status}.`);
    }
    return work(tx, row);
  });
}

/** Moves a scheduled action (or changes what it does) while it has not run. */
export async function updateScheduledAction(
  ctx: EditContext,
  input: { id: string; version: number } & Partial<Omit<ScheduleInput, "entityId">>,
): Promise<ScheduledActionRow> {
  return withScheduled(ctx, input.id, input.version, async (tx, row) => {
    const now = clock(ctx);
    const when = readWhen(
      {
        scheduledFor: input.scheduledFor ?? row.scheduledFor,
        timezone: input.timezone ?? row.timezone,
      },
      now,
    );
    const [updated] = await tx
      .update(contentScheduledAction)
      .set({
        ...when,
        action: input.action ?? row.action,
        version: row.version + 1,
        updatedAt: now,
        updatedBy: actor(ctx),
      })
      .where(eq(contentScheduledAction.id, row.id))
      .returning();
    if (!updated) throw notFound("ScheduledAction", row.id);
    return updated;
  });
}

/** Cancels a scheduled action that has not run (Contentful's DELETE). */
export async function cancelScheduledAction(
  ctx: EditContext,
  input: { id: string; version?: number },
): Promise<ScheduledActionRow> {
  return withScheduled(ctx, input.id, input.version, async (tx, row) => {
    const now = clock(ctx);
    const [updated] = await tx
      .update(contentScheduledAction)
      .set({
        status: "canceled",
        canceledAt: now,
        canceledBy: actor(ctx),
        version: row.version + 1,
        updatedAt: now,
        updatedBy: actor(ctx),
      })
      .where(eq(contentScheduledAction.id, row.id))
      .returning();
    if (!updated) throw notFound("ScheduledAction", row.id);
    return updated;
  });
}

export async function getScheduledAction(db: Db | Tx, id: string): Promise<ScheduledActionRow> {
  const [row] = await db
    .select()
    .from(contentScheduledAction)
    .where(eq(contentScheduledAction.id, id));
  if (!row) throw notFound("ScheduledAction", id);
  return row;
}

export type ScheduledActionListOptions = {
  entityId?: string;
  status?: ScheduledActionStatus | readonly ScheduledActionStatus[];
  /** Scheduled at or after this instant. */
  from?: Date;
  /** Scheduled before this instant. */
  to?: Date;
  /** By `scheduledFor`, soonest first by default. */
  order?: "scheduledFor" | "-scheduledFor";
  limit?: number;
};

/** Scheduled actions in order of their time: the calendar's rows. */
export async function listScheduledActions(
  db: Db | Tx,
  options: ScheduledActionListOptions = {},
): Promise<ScheduledActionRow[]> {
  const statuses =
    options.status === undefined
      ? undefined
      : typeof options.status === "string"
        ? [options.status]
        : [...options.status];
  const column = contentScheduledAction.scheduledFor;
  return db
    .select()
    .from(contentScheduledAction)
    .where(
      and(
        options.entityId === undefined
          ? undefined
          : eq(contentScheduledAction.entityId, options.entityId),
        statuses === undefined ? undefined : inArray(contentScheduledAction.status, statuses),
        options.from === undefined ? undefined : gte(column, options.from),
        options.to === undefined ? undefined : lt(column, options.to),
      ),
    )
    .orderBy(
      options.order === "-scheduledFor" ? desc(column) : asc(column),
      asc(contentScheduledAction.id),
    )
    .limit(Math.min(options.limit ?? 500, 1000));
}

/**
 * The calendar: what is still to run, soonest first, and what ran or was canceled, latest
 * first (the last `doneLimit`).
 */
export async function scheduledCalendar(
  db: Db | Tx,
  options: { entityId?: string; doneLimit?: number } = {},
): Promise<{ upcoming: ScheduledActionRow[]; done: ScheduledActionRow[] }> {
  const [upcoming, done] = await Promise.all([
    listScheduledActions(db, { entityId: options.entityId, status: "scheduled" }),
    listScheduledActions(db, {
      entityId: options.entityId,
      status: ["succeeded", "failed", "canceled"],
      order: "-scheduledFor",
      limit: options.doneLimit ?? 50,
    }),
  ]);
  return { upcoming, done };
}

/** A change a scheduled action made to what shoppers see. */
export type ScheduledChange = { id: string; contentType: string; action: ScheduledActionKind };

/** The most actions one run takes: the next run goes on. */
const RUN_LIMIT = 200;

/**
 * Runs the actions due at `now`, one transaction each: the action is claimed (`SKIP LOCKED`, so
 * another instance running at once takes the next one), the entry published or unpublished,
 * the action marked `succeeded` — or `failed` with Contentful's error, the entry untouched.
 * `onChange` is told of each entry published or unpublished once its transaction committed.
 */
export async function runDueScheduledActions(options: {
  db: Db;
  now: Date;
  onChange?: (change: ScheduledChange) => void | Promise<void>;
}): Promise<{ succeeded: string[]; failed: string[] }> {
  const { db, now } = options;
  const result = { succeeded: [] as string[], failed: [] as string[] };
  for (let round = 0; round < RUN_LIMIT; round++) {
    const ran = await db.transaction(async (tx) => {
      const [action] = await tx
        .select()
        .from(contentScheduledAction)
        .where(
          and(
            eq(contentScheduledAction.status, "scheduled"),
            lte(contentScheduledAction.scheduledFor, now),
          ),
        )
        .orderBy(asc(contentScheduledAction.scheduledFor), asc(contentScheduledAction.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!action) return null;
      const ctx: EditContext = { db: tx, by: action.createdBy, now };
      let status: ScheduledActionStatus = "succeeded";
      let error: Record<string, unknown> | null = null;
      let change: ScheduledChange | null = null;
      try {
        const entry =
          action.action === "publish"
            ? await publishEntry(ctx, { id: action.entityId })
            : await unpublishEntry(ctx, { id: action.entityId });
        change = { id: entry.id, contentType: entry.contentType, action: action.action };
      } catch (caught) {
        if (!(caught instanceof ContentError)) throw caught;
        status = "failed";
        error = {
          sys: { type: "Error", id: caught.id },
          message: caught.message,
          details: caught.details,
        };
      }
      await tx
        .update(contentScheduledAction)
        .set({
          status,
          error,
          ranAt: now,
          updatedAt: now,
          version: sql`${contentScheduledAction.version} + 1`,
        })
        .where(eq(contentScheduledAction.id, action.id));
      return { id: action.id, status, change };
    });
    if (!ran) break;
    result[ran.status === "succeeded" ? "succeeded" : "failed"].push(ran.id);
    if (ran.change) {
      try {
        await options.onChange?.(ran.change);
      } catch (error) {
        // Committed: the next page view must not wait for a retry that would never come.
        console.error("content: scheduled action onChange failed", ran.change, error);
      }
    }
  }
  return result;
}

/** How often the job looks for due actions. */
export const SCHEDULED_ACTIONS_INTERVAL_MS = 15_000;

type JobLogger = { error: (object: Record<string, unknown>, message: string) => void };

/**
 * Runs the due scheduled actions every `intervalMs` (never with 0), never two rounds at once in
 * this process (and, under an advisory lock, at most one instance at a time: the claim makes a
 * second one harmless anyway); a failure is logged and the next round tries again. `runNow`
 * runs a round at once, at the job's clock or at the instant given (a test's fixed clock).
 */
export function startScheduledActions(options: {
  db: Db;
  logger: JobLogger;
  now?: () => Date;
  intervalMs?: number;
  onChange?: (change: ScheduledChange) => void | Promise<void>;
}): { stop(): Promise<void>; runNow(at?: Date): Promise<void> } {
  const now = options.now ?? (() => new Date());
  let running: Promise<unknown> | null = null;
  const round = (at = now()) =>
    runOnce(options.db, "content-scheduled-actions", () =>
      runDueScheduledActions({ db: options.db, now: at, onChange: options.onChange }),
    );
  const tick = () => {
    if (running) return;
    running = round()
      .catch((error: unknown) =>
        options.logger.error({ err: error }, "content scheduled actions failed"),
      )
      .finally(() => {
        running = null;
      });
  };
  const intervalMs = options.intervalMs ?? SCHEDULED_ACTIONS_INTERVAL_MS;
  const timer = intervalMs > 0 ? setInterval(tick, intervalMs) : null;
  timer?.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
    async runNow(at?: Date) {
      await running;
      await round(at);
    },
  };
}

const link = (linkType: string, id: string) => ({ sys: { type: "Link" as const, linkType, id } });

/** A scheduled action as Contentful shows it. */
export function renderScheduledAction(row: ScheduledActionRow, scope: ContentScope) {
  return {
    sys: {
      id: row.id,
      type: "ScheduledAction" as const,
      version: row.version,
      space: link("Space", scope.space),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      ...(row.createdBy ? { createdBy: link("User", row.createdBy) } : {}),
      updatedAt: row.updatedAt.toISOString(),
      ...(row.updatedBy ? { updatedBy: link("User", row.updatedBy) } : {}),
      ...(row.canceledAt ? { canceledAt: row.canceledAt.toISOString() } : {}),
      ...(row.canceledBy ? { canceledBy: link("User", row.canceledBy) } : {}),
    },
    entity: link(row.entityType, row.entityId),
    environment: link("Environment", scope.environment),
    scheduledFor: { datetime: zonedIso(row.scheduledFor, row.timezone), timezone: row.timezone },
    action: row.action,
    ...(row.error ? { error: row.error } : {}),
  };
}
