import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Context } from "hono";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import {
  type ContentEnv,
  type ContentScope,
  contentApiBase,
  notFound,
} from "#platform/content/api-base.ts";
import { type ContentField, findContentType } from "#platform/content/content-types.ts";
import { ContentError } from "#platform/content/errors.ts";
import { contentAsset, contentEntry } from "#platform/content/schema.ts";

/**
 * The content service's Management API: the subset of Contentful's that the admin area uses to
 * write entries and assets. Same paths as Contentful's (which lives on its own host), under
 * `/content-management` so it does not meet the Delivery API's `/content` catch-all:
 * `/content-management/spaces/:space/environments/:environment/{entries,assets}/:id[/published]`.
 *
 * Every change is conditional on `X-Contentful-Version` (the row's `revision`), checked inside
 * the UPDATE or DELETE itself, so two writers holding the same version cannot both succeed.
 * There is no separate draft: a published entry shows its current fields, so `publishedVersion`
 * is the current version while `published_at` is set.
 */

export type ContentChange = { kind: "Entry" | "Asset"; id: string; contentType?: string };

export type ContentManagementApiOptions = {
  db: Db;
  /** The token clients send as `Authorization: Bearer …` (never as a query parameter). */
  managementToken: string;
  space?: string;
  environment?: string;
  /** Called after every successful write, e.g. to refresh caches; its failures are only logged. */
  onChange?: (change: ContentChange) => void | Promise<void>;
};

type EntryRow = typeof contentEntry.$inferSelect;
type AssetRow = typeof contentAsset.$inferSelect;

const ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
// Contentful locale codes: `fr`, `fr-FR`, `en-US`, `zh-Hans-CN`…
const LOCALE_PATTERN = /^[a-z]{2,3}(-[A-Za-z]{2,4}){0,2}$/;

const bodySchema = z
  .object({
    fields: z.record(z.string(), z.unknown()),
    // What the contentful-management SDK echoes back on update; ignored.
    sys: z.unknown().optional(),
    metadata: z.unknown().optional(),
  })
  .strict();

const link = (linkType: string, id: string) => ({ sys: { type: "Link", linkType, id } });
const linkSchema = (linkType: string) =>
  z.object({
    sys: z.object({ type: z.literal("Link"), linkType: z.literal(linkType), id: z.string() }),
  });

/** A Contentful rich-text document: its nodes are kept as sent. */
const richTextSchema = z
  .object({ nodeType: z.literal("document"), data: z.unknown(), content: z.array(z.unknown()) })
  .passthrough();

/** The zod schema of one field's value, from its definition in the content model. */
function fieldSchema(field: Pick<ContentField, "type" | "linkType" | "items">): z.ZodType {
  switch (field.type) {
    case "Symbol":
    case "Text":
    case "Date":
      return z.string();
    case "Integer":
      return z.number().int();
    case "Number":
      return z.number();
    case "Boolean":
      return z.boolean();
    case "RichText":
      return richTextSchema;
    case "Link":
      return linkSchema(field.linkType ?? "Entry");
    case "Array":
      return z.array(field.items ? fieldSchema(field.items) : z.unknown());
    default:
      return z.unknown();
  }
}

const fileSchema = z
  .object({
    url: z.string().min(1),
    fileName: z.string().min(1),
    contentType: z.string().min(1),
    details: z
      .object({
        size: z.number().int().nonnegative().optional(),
        image: z.object({ width: z.number().int(), height: z.number().int() }).optional(),
      })
      .optional(),
  })
  .strict();

const ASSET_FIELDS: Record<string, z.ZodType> = {
  title: z.string(),
  description: z.string(),
  file: fileSchema,
};

/**
 * Contentful's Management API stores fields per locale (`{ title: { fr: "…" } }`) while this
 * service keeps one locale per row. Both forms are accepted: a value that is a non-empty object
 * whose keys all look like locale codes (and is not a link) is read as localised and its value for
 * the row's locale is kept — other locales are refused, since they could not be stored; any other
 * value is taken as the plain value for the row's locale.
 */
function delocalise(name: string, value: unknown, locale: string): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 0 || "sys" in value || !keys.every((key) => LOCALE_PATTERN.test(key))) {
    return value;
  }
  if (keys.length !== 1 || keys[0] !== locale) {
    throw validationFailed(`Field "${name}" may only hold the locale "${locale}"`, [
      { name: "locale", path: ["fields", name], value: keys },
    ]);
  }
  return (value as Record<string, unknown>)[locale];
}

/** Plain, checked fields from a request body, against the given field schemas. */
function readFields(
  raw: Record<string, unknown>,
  schemas: Record<string, z.ZodType>,
  locale: string,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const errors: unknown[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const schema = schemas[name];
    if (!schema) {
      errors.push({ name: "unknown", path: ["fields", name], details: "The field is unknown" });
      continue;
    }
    const plain = delocalise(name, value, locale);
    const parsed = schema.safeParse(plain);
    if (parsed.success) fields[name] = parsed.data;
    else errors.push({ name: "type", path: ["fields", name], details: parsed.error.message });
  }
  if (errors.length > 0) throw validationFailed("Validation error", errors);
  return fields;
}

function entrySchemas(contentTypeId: string): Record<string, z.ZodType> {
  const type = findContentType(contentTypeId);
  if (!type) {
    throw validationFailed(`Unknown content type "${contentTypeId}"`, [
      { name: "unknownContentType", value: contentTypeId },
    ]);
  }
  return Object.fromEntries(type.fields.map((field) => [field.id, fieldSchema(field)]));
}

const localised = (fields: Record<string, unknown>, locale: string) =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, { [locale]: value }]));

function commonSys(row: EntryRow | AssetRow, scope: ContentScope) {
  return {
    id: row.id,
    space: link("Space", scope.space),
    environment: link("Environment", scope.environment),
    version: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.publishedAt
      ? { publishedVersion: row.revision, publishedAt: row.publishedAt.toISOString() }
      : {}),
  };
}

/** An entry as the Management API shows it: fields keyed by locale. */
export function renderManagementEntry(row: EntryRow, scope: ContentScope) {
  return {
    metadata: { tags: [] },
    sys: {
      type: "Entry" as const,
      ...commonSys(row, scope),
      contentType: link("ContentType", row.contentType),
    },
    fields: localised(row.fields, row.locale),
  };
}

export function renderManagementAsset(row: AssetRow, scope: ContentScope) {
  const fields: Record<string, unknown> = { title: row.title, file: row.file };
  if (row.description !== "") fields.description = row.description;
  return {
    metadata: { tags: [] },
    sys: { type: "Asset" as const, ...commonSys(row, scope) },
    fields: localised(fields, row.locale),
  };
}

export function createContentManagementApi(options: ContentManagementApiOptions) {
  const scope: ContentScope = {
    space: options.space ?? "comptoir",
    environment: options.environment ?? "master",
  };
  const { db } = options;
  const api = contentApiBase("/content-management", options.managementToken);

  const changed = async (change: ContentChange) => {
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
    if (!ID_PATTERN.test(id)) throw notFound("Resource", id);
    return id;
  };

  const prefix = "/spaces/:space/environments/:environment";

  // Entries.
  const findEntry = async (id: string) =>
    (await db.select().from(contentEntry).where(eq(contentEntry.id, id)))[0];
  const entryResult = async (c: Context<ContentEnv>, row: EntryRow | undefined, id: string) => {
    if (!row) throw await conflictOrMissing("Entry", id, findEntry);
    await changed({ kind: "Entry", id: row.id, contentType: row.contentType });
    return c.json(renderManagementEntry(row, scope));
  };

  api.get(`${prefix}/entries/:id`, async (c) => {
    const id = target(c);
    const row = await findEntry(id);
    if (!row) throw notFound("Entry", id);
    return c.json(renderManagementEntry(row, scope));
  });

  api.put(`${prefix}/entries/:id`, async (c) => {
    const id = target(c);
    const body = await readBody(c);
    const existing = await findEntry(id);
    if (!existing) {
      const contentType = c.req.header("x-contentful-content-type");
      if (!contentType) throw validationFailed("X-Contentful-Content-Type is required", []);
      const fields = readFields(body.fields, entrySchemas(contentType), "fr");
      const [row] = await db
        .insert(contentEntry)
        .values({ id, contentType, fields, locale: "fr", publishedAt: null })
        .onConflictDoNothing()
        .returning();
      if (!row) throw versionMismatch();
      await changed({ kind: "Entry", id, contentType });
      return c.json(renderManagementEntry(row, scope), 201);
    }
    const version = requiredVersion(c);
    const fields = readFields(body.fields, entrySchemas(existing.contentType), existing.locale);
    const [row] = await db
      .update(contentEntry)
      .set({ fields, revision: sql`${contentEntry.revision} + 1`, updatedAt: sql`now()` })
      .where(and(eq(contentEntry.id, id), eq(contentEntry.revision, version)))
      .returning();
    return entryResult(c, row, id);
  });

  api.put(`${prefix}/entries/:id/published`, async (c) => {
    const id = target(c);
    const version = requiredVersion(c);
    const [row] = await db
      .update(contentEntry)
      .set({ publishedAt: sql`now()`, revision: sql`${contentEntry.revision} + 1` })
      .where(and(eq(contentEntry.id, id), eq(contentEntry.revision, version)))
      .returning();
    return entryResult(c, row, id);
  });

  api.delete(`${prefix}/entries/:id/published`, async (c) => {
    const id = target(c);
    const version = optionalVersion(c);
    const [row] = await db
      .update(contentEntry)
      .set({ publishedAt: null, revision: sql`${contentEntry.revision} + 1` })
      .where(
        and(
          eq(contentEntry.id, id),
          isNotNull(contentEntry.publishedAt),
          version === undefined ? undefined : eq(contentEntry.revision, version),
        ),
      )
      .returning();
    if (!row && (await findEntry(id))?.publishedAt === null) throw notPublished("Entry", id);
    return entryResult(c, row, id);
  });

  api.delete(`${prefix}/entries/:id`, async (c) => {
    const id = target(c);
    const version = requiredVersion(c);
    const [row] = await db
      .delete(contentEntry)
      .where(and(eq(contentEntry.id, id), eq(contentEntry.revision, version)))
      .returning();
    if (!row) throw await conflictOrMissing("Entry", id, findEntry);
    await changed({ kind: "Entry", id, contentType: row.contentType });
    return c.body(null, 204);
  });

  // Assets.
  const findAsset = async (id: string) =>
    (await db.select().from(contentAsset).where(eq(contentAsset.id, id)))[0];
  const assetResult = async (c: Context<ContentEnv>, row: AssetRow | undefined, id: string) => {
    if (!row) throw await conflictOrMissing("Asset", id, findAsset);
    await changed({ kind: "Asset", id: row.id });
    return c.json(renderManagementAsset(row, scope));
  };

  api.get(`${prefix}/assets/:id`, async (c) => {
    const id = target(c);
    const row = await findAsset(id);
    if (!row) throw notFound("Asset", id);
    return c.json(renderManagementAsset(row, scope));
  });

  api.put(`${prefix}/assets/:id`, async (c) => {
    const id = target(c);
    const body = await readBody(c);
    const existing = await findAsset(id);
    const fields = readFields(body.fields, ASSET_FIELDS, existing?.locale ?? "fr") as {
      title?: string;
      description?: string;
      file?: AssetRow["file"];
    };
    const values = {
      title: fields.title ?? "",
      description: fields.description ?? "",
    };
    if (!existing) {
      if (!fields.file) {
        throw validationFailed("An asset needs a file", [
          { name: "required", path: ["fields", "file"] },
        ]);
      }
      const [row] = await db
        .insert(contentAsset)
        .values({ id, ...values, file: fields.file, locale: "fr", publishedAt: null })
        .onConflictDoNothing()
        .returning();
      if (!row) throw versionMismatch();
      await changed({ kind: "Asset", id });
      return c.json(renderManagementAsset(row, scope), 201);
    }
    const version = requiredVersion(c);
    const [row] = await db
      .update(contentAsset)
      .set({
        ...values,
        // Contentful replaces the whole fields object; the file column cannot be empty, so an
        // update without a file keeps the current one.
        ...(fields.file ? { file: fields.file } : {}),
        revision: sql`${contentAsset.revision} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(contentAsset.id, id), eq(contentAsset.revision, version)))
      .returning();
    return assetResult(c, row, id);
  });

  api.put(`${prefix}/assets/:id/published`, async (c) => {
    const id = target(c);
    const version = requiredVersion(c);
    const [row] = await db
      .update(contentAsset)
      .set({ publishedAt: sql`now()`, revision: sql`${contentAsset.revision} + 1` })
      .where(and(eq(contentAsset.id, id), eq(contentAsset.revision, version)))
      .returning();
    return assetResult(c, row, id);
  });

  api.delete(`${prefix}/assets/:id/published`, async (c) => {
    const id = target(c);
    const version = optionalVersion(c);
    const [row] = await db
      .update(contentAsset)
      .set({ publishedAt: null, revision: sql`${contentAsset.revision} + 1` })
      .where(
        and(
          eq(contentAsset.id, id),
          isNotNull(contentAsset.publishedAt),
          version === undefined ? undefined : eq(contentAsset.revision, version),
        ),
      )
      .returning();
    if (!row && (await findAsset(id))?.publishedAt === null) throw notPublished("Asset", id);
    return assetResult(c, row, id);
  });

  api.delete(`${prefix}/assets/:id`, async (c) => {
    const id = target(c);
    const version = requiredVersion(c);
    const [row] = await db
      .delete(contentAsset)
      .where(and(eq(contentAsset.id, id), eq(contentAsset.revision, version)))
      .returning();
    if (!row) throw await conflictOrMissing("Asset", id, findAsset);
    await changed({ kind: "Asset", id });
    return c.body(null, 204);
  });

  api.all("/*", () => {
    throw notFound("Route", undefined);
  });
  return api;
}

async function readBody(c: Context<ContentEnv>) {
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    throw new ContentError("BadRequest", "The body is not valid JSON.");
  }
  const parsed = bodySchema.safeParse(json);
  if (!parsed.success) {
    throw validationFailed(
      "Validation error",
      parsed.error.issues.map((issue) => ({
        name: issue.code,
        path: issue.path,
        details: issue.message,
      })),
    );
  }
  return parsed.data;
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

/** Why a conditional write matched no row: the row is gone, or its version moved on. */
async function conflictOrMissing(
  type: "Entry" | "Asset",
  id: string,
  find: (id: string) => Promise<unknown>,
): Promise<ContentError> {
  return (await find(id)) ? versionMismatch() : notFound(type, id);
}

function versionMismatch() {
  return new ContentError(
    "VersionMismatch",
    "The version you sent (X-Contentful-Version) is not the current one.",
  );
}

function validationFailed(message: string, errors: unknown[]) {
  return new ContentError("ValidationFailed", message, { errors });
}

function notPublished(type: string, id: string) {
  return new ContentError("BadRequest", `${type} ${id} is not published.`);
}
