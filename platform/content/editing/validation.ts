import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "#db/client.ts";
import {
  type ContentField,
  type ContentValidation,
  findContentType,
} from "#platform/content/content-types.ts";
import { ContentError, type FieldError, validationFailed } from "#platform/content/errors.ts";
import { contentAsset, contentEntry } from "#platform/content/schema.ts";

/**
 * Fields as the content model allows them, at two moments, as Contentful does:
 * - a **save** (`readEntryFields`, `readAssetFields`) refuses what cannot be stored: an unknown
 *   field, a value of the wrong type, another locale; a draft may be incomplete;
 * - a **publish** (`validateEntry`) checks the model's rules: required fields, lengths and counts,
 *   ranges, values, patterns, unique values, the content types a link may point at, the kind of
 *   file an asset link may point at, and that every link leads somewhere.
 * Errors are Contentful's (`ValidationFailed`, `UnresolvedLinks`), in English, each with the
 * `path` of its field.
 */

// Contentful locale codes: `fr`, `fr-FR`, `en-US`, `zh-Hans-CN`…
const LOCALE_PATTERN = /^[a-z]{2,3}(-[A-Za-z]{2,4}){0,2}$/;
// Contentful's Date: a day, or a day and a time with an optional offset.
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** Contentful's own limits on text fields, whatever the model says. */
export const SYMBOL_MAX_LENGTH = 256;
export const TEXT_MAX_LENGTH = 50_000;

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
      return z.string();
    case "Date":
      return z.string().regex(DATE_PATTERN, "An ISO 8601 date (YYYY-MM-DD) is expected");
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
      {
        name: "locale",
        path: ["fields", name],
        details: `Only the locale "${locale}" is stored`,
        value: keys,
      },
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
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const schema = schemas[name];
    if (!schema) {
      errors.push({ name: "unknown", path: ["fields", name], details: "The field is unknown" });
      continue;
    }
    const plain = delocalise(name, value, locale);
    // A null value is no value (Contentful drops it).
    if (plain === null || plain === undefined) continue;
    const parsed = schema.safeParse(plain);
    if (parsed.success) fields[name] = parsed.data;
    else {
      errors.push({
        name: "type",
        path: ["fields", name, locale],
        details: parsed.error.issues.map((issue) => issue.message).join("; "),
        value: plain,
      });
    }
  }
  if (errors.length > 0) throw validationFailed("Validation error", errors);
  return fields;
}

/** The fields of an entry of this type, plain or localised, checked against the model. */
export function readEntryFields(
  contentTypeId: string,
  raw: Record<string, unknown>,
  locale = "fr",
): Record<string, unknown> {
  const type = findContentType(contentTypeId);
  if (!type) {
    throw validationFailed(`Unknown content type "${contentTypeId}"`, [
      {
        name: "unknownContentType",
        path: ["sys", "contentType"],
        details: "The content type is unknown",
        value: contentTypeId,
      },
    ]);
  }
  const schemas = Object.fromEntries(type.fields.map((field) => [field.id, fieldSchema(field)]));
  return readFields(raw, schemas, locale);
}

export type AssetFields = {
  title?: string;
  description?: string;
  file?: z.infer<typeof fileSchema>;
};

/** An asset's fields (`title`, `description`, `file`), plain or localised. */
export function readAssetFields(raw: Record<string, unknown>, locale = "fr"): AssetFields {
  return readFields(raw, ASSET_FIELDS, locale) as AssetFields;
}

// ---------------------------------------------------------------------------------------------
// At publish

export type EntryToValidate = {
  /** The entry's id (left out of the unique check); none for an entry not created yet. */
  id?: string;
  contentType: string;
  fields: Record<string, unknown>;
  locale?: string;
};

export type EntryValidation = {
  /** What `ValidationFailed` would list. */
  errors: FieldError[];
  /** What `UnresolvedLinks` would list: links to entries or assets that do not exist. */
  unresolved: FieldError[];
};

export type ValidationMode =
  /** Contentful's check at publish: unique among the other published entries. */
  | "publish"
  /** For a screen, at save: also unique among the other drafts, so a taken slug shows early. */
  | "draft";

type LinkAt = { linkType: "Entry" | "Asset"; id: string; path: (string | number)[] };

const isMissing = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === "" ||
  (Array.isArray(value) && value.length === 0);

function asLink(value: unknown): { linkType: "Entry" | "Asset"; id: string } | null {
  const sys = (value as { sys?: { type?: unknown; linkType?: unknown; id?: unknown } } | null)?.sys;
  if (
    sys?.type === "Link" &&
    (sys.linkType === "Entry" || sys.linkType === "Asset") &&
    typeof sys.id === "string"
  ) {
    return { linkType: sys.linkType, id: sys.id };
  }
  return null;
}

/** Every link inside a value (rich-text documents included), with the path of its field. */
function linksIn(value: unknown, path: (string | number)[], into: LinkAt[]): void {
  const link = asLink(value);
  if (link) {
    into.push({ ...link, path });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((element, index) => {
      // Link arrays name the element; inside a rich-text document the field is enough.
      linksIn(element, asLink(element) ? [...path, index] : path, into);
    });
    return;
  }
  if (value !== null && typeof value === "object") {
    for (const child of Object.values(value)) linksIn(child, path, into);
  }
}

/**
 * Checks an entry's fields against the model's rules, as a publish does; nothing is written.
 * A screen calls it at save (`mode: "draft"`) to show each error next to its field before the
 * editor publishes.
 */
export async function validateEntry(
  db: Db | Tx,
  entry: EntryToValidate,
  mode: ValidationMode = "publish",
): Promise<EntryValidation> {
  const type = findContentType(entry.contentType);
  if (!type) {
    return {
      errors: [
        {
          name: "unknownContentType",
          path: ["sys", "contentType"],
          details: "The content type is unknown",
          value: entry.contentType,
        },
      ],
      unresolved: [],
    };
  }
  const locale = entry.locale ?? "fr";
  const errors: FieldError[] = [];
  const links: LinkAt[] = [];
  const ruled: { field: ContentField; link: LinkAt; rules: ContentValidation[] }[] = [];

  for (const field of type.fields) {
    const value = entry.fields[field.id];
    const path = ["fields", field.id, locale];
    if (isMissing(value)) {
      if (field.required) {
        errors.push({
          name: "required",
          path: ["fields", field.id],
          details: `The property "${field.id}" is required here`,
        });
      }
      continue;
    }
    errors.push(...builtInLimits(field, value, path));
    for (const rule of field.validations ?? []) {
      const error = checkRule(rule, value, path);
      if (error) errors.push(error);
    }
    if (field.type === "Array" && Array.isArray(value) && field.items?.type === "Symbol") {
      value.forEach((item, index) => {
        for (const rule of field.items?.validations ?? []) {
          const error = checkRule(rule, item, [...path, index]);
          if (error) errors.push(error);
        }
      });
    }
    const found: LinkAt[] = [];
    linksIn(value, path, found);
    links.push(...found);
    const rules =
      field.type === "Link"
        ? (field.validations ?? [])
        : field.type === "Array"
          ? (field.items?.validations ?? [])
          : [];
    if (field.type === "Link" || (field.type === "Array" && field.items?.type === "Link")) {
      for (const link of found) ruled.push({ field, link, rules });
    }
  }

  errors.push(...(await uniqueErrors(db, entry, type.fields, locale, mode)));

  const targets = await linkTargets(db, links);
  const unresolved: FieldError[] = [];
  for (const link of links) {
    const key = `${link.linkType}:${link.id}`;
    if (!targets.has(key)) {
      unresolved.push({
        name: "notResolvable",
        path: link.path,
        details: `The link to the ${link.linkType.toLowerCase()} "${link.id}" leads nowhere`,
        link: { type: "Link", linkType: link.linkType, id: link.id },
      });
    }
  }
  for (const { link, rules } of ruled) {
    const target = targets.get(`${link.linkType}:${link.id}`);
    if (!target) continue;
    for (const rule of rules) {
      if ("linkContentType" in rule && link.linkType === "Entry") {
        if (!rule.linkContentType.includes(target)) {
          errors.push({
            name: "linkContentType",
            path: link.path,
            details: `Link to an entry of type "${target}": only ${rule.linkContentType.join(", ")} may be linked here`,
            contentTypeId: rule.linkContentType,
            value: { sys: { type: "Link", linkType: "Entry", id: link.id } },
          });
        }
      }
      if ("linkMimetypeGroup" in rule && link.linkType === "Asset") {
        const group = target.split("/")[0] ?? "";
        if (!rule.linkMimetypeGroup.includes(group)) {
          errors.push({
            name: "linkMimetypeGroup",
            path: link.path,
            details: `The file "${link.id}" is ${target}: only ${rule.linkMimetypeGroup.join(", ")} files may be linked here`,
            mimetypeGroupName: rule.linkMimetypeGroup,
            value: { sys: { type: "Link", linkType: "Asset", id: link.id } },
          });
        }
      }
    }
  }
  return { errors, unresolved };
}

/** Throws Contentful's `ValidationFailed`, then `UnresolvedLinks`, for an entry that may not be published. */
export async function assertPublishable(db: Db | Tx, entry: EntryToValidate): Promise<void> {
  const { errors, unresolved } = await validateEntry(db, entry, "publish");
  if (errors.length > 0) throw validationFailed("Validation error", errors);
  if (unresolved.length > 0) {
    throw new ContentError("UnresolvedLinks", "Validation error", { errors: unresolved });
  }
}

function builtInLimits(field: ContentField, value: unknown, path: (string | number)[]) {
  const max =
    field.type === "Symbol" ? SYMBOL_MAX_LENGTH : field.type === "Text" ? TEXT_MAX_LENGTH : null;
  if (max === null || typeof value !== "string" || value.length <= max) return [];
  return [sizeError(path, { max }, value)];
}

function sizeError(
  path: (string | number)[],
  { min, max }: { min?: number; max?: number },
  value: unknown,
): FieldError {
  const details =
    min !== undefined && max !== undefined
      ? `Size must be between ${min} and ${max}`
      : max !== undefined
        ? `Size must be at most ${max}`
        : `Size must be at least ${min}`;
  return {
    name: "size",
    path,
    details,
    value,
    ...(min !== undefined && { min }),
    ...(max !== undefined && { max }),
  };
}

/** One rule of the model on a value (links are checked against their targets elsewhere). */
function checkRule(
  rule: ContentValidation,
  value: unknown,
  path: (string | number)[],
): FieldError | null {
  if ("size" in rule) {
    const length = typeof value === "string" || Array.isArray(value) ? value.length : undefined;
    if (length === undefined) return null;
    const { min, max } = rule.size;
    if ((min !== undefined && length < min) || (max !== undefined && length > max)) {
      return sizeError(path, rule.size, value);
    }
    return null;
  }
  if ("range" in rule) {
    if (typeof value !== "number") return null;
    const { min, max } = rule.range;
    if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
      return {
        name: "range",
        path,
        details: `Must be between ${min ?? "-∞"} and ${max ?? "∞"}`,
        value,
        ...rule.range,
      };
    }
    return null;
  }
  if ("in" in rule) {
    if (typeof value !== "string" && typeof value !== "number") return null;
    if (rule.in.includes(value)) return null;
    return {
      name: "in",
      path,
      details: "Value must be one of expected values",
      expected: rule.in,
      value,
    };
  }
  if ("regexp" in rule) {
    if (typeof value !== "string") return null;
    if (new RegExp(rule.regexp.pattern, rule.regexp.flags).test(value)) return null;
    return {
      name: "regexp",
      path,
      details: "Does not match given regular expression",
      regexp: rule.regexp,
      value,
    };
  }
  return null;
}

/** `unique` fields whose value another entry of the type holds (published, or also as a draft). */
async function uniqueErrors(
  db: Db | Tx,
  entry: EntryToValidate,
  fields: ContentField[],
  locale: string,
  mode: ValidationMode,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const field of fields) {
    if (!field.validations?.some((rule) => "unique" in rule)) continue;
    const value = entry.fields[field.id];
    if (isMissing(value)) continue;
    const json = JSON.stringify(value);
    const published = and(
      isNotNull(contentEntry.publishedAt),
      sql`${contentEntry.publishedFields} -> ${field.id} = ${json}::jsonb`,
    );
    const held =
      mode === "publish"
        ? published
        : or(
            published,
            and(
              isNull(contentEntry.archivedVersion),
              sql`${contentEntry.fields} -> ${field.id} = ${json}::jsonb`,
            ),
          );
    const others = await db
      .select({ id: contentEntry.id })
      .from(contentEntry)
      .where(
        and(
          eq(contentEntry.contentType, entry.contentType),
          entry.id === undefined ? undefined : ne(contentEntry.id, entry.id),
          held,
        ),
      )
      .orderBy(contentEntry.id)
      .limit(10);
    if (others.length === 0) continue;
    errors.push({
      name: "unique",
      path: ["fields", field.id, locale],
      details: "Same field value present in other entry",
      value,
      conflicting: others.map(({ id }) => ({ sys: { type: "Link", linkType: "Entry", id } })),
    });
  }
  return errors;
}

/**
 * What each link leads to: an entry's content type, an asset's file type; links to what does
 * not exist (or is archived) are missing from the map.
 */
async function linkTargets(db: Db | Tx, links: LinkAt[]): Promise<Map<string, string>> {
  const entryIds = [...new Set(links.filter((l) => l.linkType === "Entry").map((l) => l.id))];
  const assetIds = [...new Set(links.filter((l) => l.linkType === "Asset").map((l) => l.id))];
  const [entries, assets] = await Promise.all([
    entryIds.length === 0
      ? []
      : db
          .select({ id: contentEntry.id, type: contentEntry.contentType })
          .from(contentEntry)
          .where(and(inArray(contentEntry.id, entryIds), isNull(contentEntry.archivedVersion))),
    assetIds.length === 0
      ? []
      : db
          .select({ id: contentAsset.id, file: contentAsset.file })
          .from(contentAsset)
          .where(and(inArray(contentAsset.id, assetIds), isNull(contentAsset.archivedVersion))),
  ]);
  const targets = new Map<string, string>();
  for (const row of entries) targets.set(`Entry:${row.id}`, row.type);
  for (const row of assets) targets.set(`Asset:${row.id}`, row.file.contentType);
  return targets;
}
