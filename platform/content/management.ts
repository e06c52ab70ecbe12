import type { Context } from "hono";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import {
  type ContentEnv,
  type ContentScope,
  contentApiBase,
  notFound,
} from "#platform/content/api-base.ts";
import { queryAssetRows, queryEntryRows } from "#platform/content/delivery.ts";
import {
  archiveAsset,
  createAsset,
  deleteAsset,
  findAsset,
  publishAsset,
  unarchiveAsset,
  unpublishAsset,
  updateAsset,
} from "#platform/content/editing/assets.ts";
import {
  archiveEntry,
  createEntry,
  deleteEntry,
  type EditContext,
  findEntry,
  publishEntry,
  unarchiveEntry,
  unpublishEntry,
  updateEntry,
} from "#platform/content/editing/entries.ts";
import { getSnapshot, listSnapshots } from "#platform/content/editing/history.ts";
import {
  type AssetRow,
  type EntryRow,
  MANAGEMENT_API_USER,
  renderManagementAsset,
  renderManagementEntry,
  renderSnapshot,
} from "#platform/content/editing/render.ts";
import {
  cancelScheduledAction,
  getScheduledAction,
  listScheduledActions,
  renderScheduledAction,
  type ScheduledActionListOptions,
  scheduleAction,
  updateScheduledAction,
} from "#platform/content/editing/scheduled-actions.ts";
import { ContentError, validationFailed, versionMismatch } from "#platform/content/errors.ts";
import { isContentId } from "#platform/content/ids.ts";

/**
 * The content service's Management API: the subset of Contentful's that editors' tools use.
 * Same paths as Contentful's (which lives on its own host), under `/content-management` so it
 * does not meet the Delivery API's `/content` catch-all:
 * `/content-management/spaces/:space/environments/:environment/{entries,assets}/:id[/published|/archived]`,
 * `…/entries/:id/snapshots[/:snapshotId]`, and `/content-management/spaces/:space/scheduled_actions`.
 *
 * The routes parse and answer; the rules are the editing functions' (`editing/`), which the
 * admin screens call directly: a save changes the draft only, a publish is what shoppers see,
 * every change is conditional on `X-Contentful-Version` (409 `VersionMismatch` when stale).
 */

export type ContentChangeAction =
  | "create"
  | "save"
  | "publish"
  | "unpublish"
  | "archive"
  | "unarchive"
  | "delete";

export type ContentChange = {
  kind: "Entry" | "Asset";
  id: string;
  contentType?: string;
  action: ContentChangeAction;
  /** Whether what shoppers see changed (a publish or an unpublish): pages must be purged. */
  live: boolean;
};

/** Whether an action changes what the Delivery API shows. */
export const isLiveAction = (action: ContentChangeAction) =>
  action === "publish" || action === "unpublish";

export type ContentManagementApiOptions = {
  db: Db;
  /** The token clients send as `Authorization: Bearer …` (never as a query parameter). */
  managementToken: string;
  space?: string;
  environment?: string;
  /** Called after every successful write, e.g. to purge pages; its failures are only logged. */
  onChange?: (change: ContentChange) => void | Promise<void>;
  /** The clock (tests pass theirs). */
  now?: () => Date;
};

const bodySchema = z
  .object({
    fields: z.record(z.string(), z.unknown()),
    // What the contentful-management SDK echoes back on update; ignored.
    sys: z.unknown().optional(),
    metadata: z.unknown().optional(),
  })
  .strict();

const linkSchema = (linkType: string) =>
  z.object({
    sys: z.object({ type: z.literal("Link"), linkType: z.literal(linkType), id: z.string() }),
  });

const scheduledActionSchema = z
  .object({
    entity: linkSchema("Entry"),
    environment: linkSchema("Environment"),
    action: z.enum(["publish", "unpublish"]),
    scheduledFor: z
      .object({ datetime: z.string().min(1), timezone: z.string().min(1).optional() })
      .strict(),
    sys: z.unknown().optional(),
  })
  .strict();

export function createContentManagementApi(options: ContentManagementApiOptions) {
  const scope: ContentScope = {
    space: options.space ?? "comptoir",
    environment: options.environment ?? "master",
  };
  const { db } = options;
  const api = contentApiBase("/content-management", options.managementToken);
  const context = (): EditContext => ({
    db,
    by: MANAGEMENT_API_USER,
    now: options.now?.() ?? new Date(),
  });

  const changed = async (
    kind: ContentChange["kind"],
    row: { id: string; contentType?: string },
    action: ContentChangeAction,
  ) => {
    const change: ContentChange = {
      kind,
      id: row.id,
      ...(row.contentType ? { contentType: row.contentType } : {}),
      action,
      live: isLiveAction(action),
    };
    try {
      await options.onChange?.(change);
    } catch (error) {
      // The write is committed: failing the request would make the client retry a stale version.
      console.error("content: onChange failed", change, error);
    }
  };

  /** The target id, once the space and environment are known to be this service's. */
  const target = (c: Context<ContentEnv>) => {
    const { space, environment, id = "" } = c.req.param() as Record<string, string | undefined>;
    if (space !== scope.space) throw notFound("Space", space);
    if (environment !== scope.environment) throw notFound("Environment", environment);
    if (!isContentId(id)) throw notFound("Resource", id);
    return id;
  };
  const inScope = (c: Context<ContentEnv>) => {
    const { space, environment } = c.req.param() as Record<string, string | undefined>;
    if (space !== scope.space) throw notFound("Space", space);
    if (environment !== scope.environment) throw notFound("Environment", environment);
    return new URL(c.req.url).searchParams;
  };

  const prefix = "/spaces/:space/environments/:environment";
  const entry = (c: Context<ContentEnv>, row: EntryRow, status: 200 | 201 = 200) =>
    c.json(renderManagementEntry(row, scope), status);
  const asset = (c: Context<ContentEnv>, row: AssetRow, status: 200 | 201 = 200) =>
    c.json(renderManagementAsset(row, scope), status);

  // Entries.
  // Every row (drafts, archived), filtered and ordered as the Delivery API does; no includes.
  api.get(`${prefix}/entries`, async (c) => {
    const { query, rows, total } = await queryEntryRows(db, inScope(c), "management");
    return c.json({
      sys: { type: "Array" },
      total,
      skip: query.skip,
      limit: query.limit,
      items: rows.map((row) => renderManagementEntry(row, scope)),
    });
  });

  api.get(`${prefix}/entries/:id`, async (c) => {
    const id = target(c);
    const row = await findEntry(db, id);
    if (!row) throw notFound("Entry", id);
    return entry(c, row);
  });

  api.put(`${prefix}/entries/:id`, async (c) => {
    const id = target(c);
    const body = await readBody(c);
    const version = optionalVersion(c);
    if (version === undefined) {
      if (await findEntry(db, id)) throw versionMismatch();
      const contentType = c.req.header("x-contentful-content-type");
      if (!contentType) {
        throw validationFailed("X-Contentful-Content-Type is required", [
          {
            name: "required",
            path: ["sys", "contentType"],
            details: "X-Contentful-Content-Type is required",
          },
        ]);
      }
      const row = await createEntry(context(), { id, contentType, fields: body.fields });
      await changed("Entry", row, "create");
      return entry(c, row, 201);
    }
    const row = await updateEntry(context(), { id, version, fields: body.fields });
    await changed("Entry", row, "save");
    return entry(c, row);
  });

  api.put(`${prefix}/entries/:id/published`, async (c) => {
    const row = await publishEntry(context(), { id: target(c), version: requiredVersion(c) });
    await changed("Entry", row, "publish");
    return entry(c, row);
  });

  api.delete(`${prefix}/entries/:id/published`, async (c) => {
    const row = await unpublishEntry(context(), { id: target(c), version: optionalVersion(c) });
    await changed("Entry", row, "unpublish");
    return entry(c, row);
  });

  api.put(`${prefix}/entries/:id/archived`, async (c) => {
    const row = await archiveEntry(context(), { id: target(c), version: requiredVersion(c) });
    await changed("Entry", row, "archive");
    return entry(c, row);
  });

  api.delete(`${prefix}/entries/:id/archived`, async (c) => {
    const row = await unarchiveEntry(context(), { id: target(c), version: requiredVersion(c) });
    await changed("Entry", row, "unarchive");
    return entry(c, row);
  });

  api.delete(`${prefix}/entries/:id`, async (c) => {
    const row = await deleteEntry(context(), { id: target(c), version: requiredVersion(c) });
    await changed("Entry", row, "delete");
    return c.body(null, 204);
  });

  api.get(`${prefix}/entries/:id/snapshots`, async (c) => {
    const id = target(c);
    const params = new URL(c.req.url).searchParams;
    const page = await listSnapshots(db, id, {
      skip: integer(params, "skip", 0),
      limit: integer(params, "limit", 100),
    });
    const row = await findEntry(db, id);
    if (!row) throw notFound("Entry", id);
    return c.json({
      sys: { type: "Array" },
      total: page.total,
      skip: page.skip,
      limit: page.limit,
      items: page.items.map((snapshot) => renderSnapshot(snapshot, row, scope)),
    });
  });

  api.get(`${prefix}/entries/:id/snapshots/:snapshotId`, async (c) => {
    const id = target(c);
    const row = await findEntry(db, id);
    if (!row) throw notFound("Entry", id);
    const snapshot = await getSnapshot(db, id, c.req.param("snapshotId"));
    return c.json(renderSnapshot(snapshot, row, scope));
  });

  // Assets.
  api.get(`${prefix}/assets`, async (c) => {
    const { query, rows, total } = await queryAssetRows(db, inScope(c), "management");
    return c.json({
      sys: { type: "Array" },
      total,
      skip: query.skip,
      limit: query.limit,
      items: rows.map((row) => renderManagementAsset(row, scope)),
    });
  });

  api.get(`${prefix}/assets/:id`, async (c) => {
    const id = target(c);
    const row = await findAsset(db, id);
    if (!row) throw notFound("Asset", id);
    return asset(c, row);
  });

  api.put(`${prefix}/assets/:id`, async (c) => {
    const id = target(c);
    const body = await readBody(c);
    const version = optionalVersion(c);
    if (version === undefined) {
      if (await findAsset(db, id)) throw versionMismatch();
      const row = await createAsset(context(), { id, fields: body.fields });
      await changed("Asset", row, "create");
      return asset(c, row, 201);
    }
    const row = await updateAsset(context(), { id, version, fields: body.fields });
    await changed("Asset", row, "save");
    return asset(c, row);
  });

  api.put(`${prefix}/assets/:id/published`, async (c) => {
    const row = await publishAsset(context(), { id: target(c), version: requiredVersion(c) });
    await changed("Asset", row, "publish");
    return asset(c, row);
  });

  api.delete(`${prefix}/assets/:id/published`, async (c) => {
    const row = await unpublishAsset(context(), { id: target(c), version: optionalVersion(c) });
    await changed("Asset", row, "unpublish");
    return asset(c, row);
  });

  api.put(`${prefix}/assets/:id/archived`, async (c) => {
    const row = await archiveAsset(context(), { id: target(c), version: requiredVersion(c) });
    await changed("Asset", row, "archive");
    return asset(c, row);
  });

  api.delete(`${prefix}/assets/:id/archived`, async (c) => {
    const row = await unarchiveAsset(context(), { id: target(c), version: requiredVersion(c) });
    await changed("Asset", row, "unarchive");
    return asset(c, row);
  });

  api.delete(`${prefix}/assets/:id`, async (c) => {
    const row = await deleteAsset(context(), { id: target(c), version: requiredVersion(c) });
    await changed("Asset", row, "delete");
    return c.body(null, 204);
  });

  // Scheduled actions: a space's, the environment named in the body or the query.
  const scheduledPrefix = "/spaces/:space/scheduled_actions";
  const scheduledScope = (c: Context<ContentEnv>, environment: string | undefined) => {
    const space = c.req.param("space");
    if (space !== scope.space) throw notFound("Space", space);
    if (environment === undefined) {
      throw new ContentError("BadRequest", "The environment.sys.id query parameter is required.");
    }
    if (environment !== scope.environment) throw notFound("Environment", environment);
  };

  api.post(scheduledPrefix, async (c) => {
    const body = await readScheduledAction(c);
    scheduledScope(c, body.environment.sys.id);
    const row = await scheduleAction(context(), {
      entityId: body.entity.sys.id,
      action: body.action,
      scheduledFor: body.scheduledFor.datetime,
      timezone: body.scheduledFor.timezone,
    });
    return c.json(renderScheduledAction(row, scope), 201);
  });

  api.get(scheduledPrefix, async (c) => {
    const params = new URL(c.req.url).searchParams;
    scheduledScope(c, params.get("environment.sys.id") ?? undefined);
    const listOptions: ScheduledActionListOptions = {
      limit: integer(params, "limit", 100),
      order: params.get("order") === "-scheduledFor.datetime" ? "-scheduledFor" : "scheduledFor",
    };
    const entityId = params.get("entity.sys.id");
    if (entityId !== null) listOptions.entityId = entityId;
    const statuses = params.get("sys.status[in]") ?? params.get("sys.status");
    if (statuses !== null) {
      listOptions.status = statuses.split(",") as ScheduledActionListOptions["status"] & string[];
    }
    const from = dateParam(params, "scheduledFor.datetime[gte]");
    if (from) listOptions.from = from;
    const to = dateParam(params, "scheduledFor.datetime[lt]");
    if (to) listOptions.to = to;
    const rows = await listScheduledActions(db, listOptions);
    return c.json({
      sys: { type: "Array" },
      pages: {},
      limit: listOptions.limit,
      items: rows.map((row) => renderScheduledAction(row, scope)),
    });
  });

  api.get(`${scheduledPrefix}/:id`, async (c) => {
    scheduledScope(c, c.req.query("environment.sys.id"));
    return c.json(renderScheduledAction(await getScheduledAction(db, c.req.param("id")), scope));
  });

  api.put(`${scheduledPrefix}/:id`, async (c) => {
    const body = await readScheduledAction(c);
    scheduledScope(c, body.environment.sys.id);
    const existing = await getScheduledAction(db, c.req.param("id"));
    if (existing.entityId !== body.entity.sys.id) {
      throw validationFailed("Validation error", [
        { name: "unchangeable", path: ["entity"], details: "The entity cannot change" },
      ]);
    }
    const row = await updateScheduledAction(context(), {
      id: existing.id,
      version: requiredVersion(c),
      action: body.action,
      scheduledFor: body.scheduledFor.datetime,
      timezone: body.scheduledFor.timezone,
    });
    return c.json(renderScheduledAction(row, scope));
  });

  api.delete(`${scheduledPrefix}/:id`, async (c) => {
    scheduledScope(c, c.req.query("environment.sys.id"));
    const row = await cancelScheduledAction(context(), {
      id: c.req.param("id"),
      version: optionalVersion(c),
    });
    return c.json(renderScheduledAction(row, scope));
  });

  api.all("/*", () => {
    throw notFound("Route", undefined);
  });
  return api;
}

async function readJson(c: Context<ContentEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ContentError("BadRequest", "The body is not valid JSON.");
  }
}

function parsed<T>(result: z.ZodSafeParseResult<T>): T {
  if (result.success) return result.data;
  throw validationFailed(
    "Validation error",
    result.error.issues.map((issue) => ({
      name: issue.code,
      path: issue.path.map((part) => (typeof part === "symbol" ? String(part) : part)),
      details: issue.message,
    })),
  );
}

async function readBody(c: Context<ContentEnv>) {
  return parsed(bodySchema.safeParse(await readJson(c)));
}

async function readScheduledAction(c: Context<ContentEnv>) {
  return parsed(scheduledActionSchema.safeParse(await readJson(c)));
}

function optionalVersion(c: Context<ContentEnv>): number | undefined {
  const header = c.req.header("x-contentful-version");
  if (header === undefined) return undefined;
  if (!/^\d{1,9}$/.test(header)) throw versionMismatch();
  return Number(header);
}

/** Contentful answers a missing or unparsable version like a stale one. */
function requiredVersion(c: Context<ContentEnv>): number {
  const version = optionalVersion(c);
  if (version === undefined) throw versionMismatch();
  return version;
}

function integer(params: URLSearchParams, name: string, fallback: number): number {
  const raw = params.get(name);
  if (raw === null) return fallback;
  if (!/^\d{1,6}$/.test(raw)) {
    throw new ContentError("InvalidQuery", `The "${name}" parameter must be an integer.`, {
      parameter: name,
    });
  }
  return Number(raw);
}

function dateParam(params: URLSearchParams, name: string): Date | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  const time = Date.parse(raw);
  if (Number.isNaN(time)) {
    throw new ContentError("InvalidQuery", `"${name}" takes a date.`, { parameter: name });
  }
  return new Date(time);
}
