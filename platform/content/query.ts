import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne as notEqual,
  notInArray,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  type ContentField,
  type ContentTypeDefinition,
  findContentType,
} from "#platform/content/content-types.ts";
import { invalidQuery } from "#platform/content/errors.ts";
import { contentAsset, contentEntry } from "#platform/content/schema.ts";

/**
 * Contentful's Delivery API query parameters, turned into SQL conditions and orderings over
 * `content_entry` or `content_asset`. Every filter runs in the database; only `select` is applied
 * to the rows afterwards.
 */

/**
 * Which copy of the rows a read sees. The Delivery API (`delivery`) shows published rows as they
 * were published: their published fields, `sys.createdAt` their first publish, `sys.updatedAt`
 * their last, `sys.revision` the number of publishes. The Preview API (`preview`) shows every row
 * that is not archived as it is now, drafts included, with its own dates and version; the
 * Management API (`management`) every row, archived ones included.
 */
export type ContentView = "delivery" | "preview" | "management";

/** The columns and condition of a view over `content_entry`. */
export function entryView(view: ContentView) {
  return view === "delivery"
    ? {
        fields: contentEntry.publishedFields,
        visible: isNotNull(contentEntry.publishedAt),
        createdAt: contentEntry.firstPublishedAt,
        updatedAt: contentEntry.publishedAt,
        revision: contentEntry.publishedCounter,
      }
    : {
        fields: contentEntry.fields,
        visible: view === "preview" ? isNull(contentEntry.archivedVersion) : sql`true`,
        createdAt: contentEntry.createdAt,
        updatedAt: contentEntry.updatedAt,
        revision: contentEntry.revision,
      };
}

/** The same for `content_asset`; the fields are JSON in both views. */
export function assetView(view: ContentView) {
  return view === "delivery"
    ? {
        field: (name: "title" | "description" | "file") =>
          sql`(${contentAsset.publishedFields} -> ${name})`,
        visible: isNotNull(contentAsset.publishedAt),
        createdAt: contentAsset.firstPublishedAt,
        updatedAt: contentAsset.publishedAt,
        revision: contentAsset.publishedCounter,
      }
    : {
        field: (name: "title" | "description" | "file") =>
          name === "file" ? sql`(${contentAsset.file})` : sql`to_jsonb(${contentAsset[name]})`,
        visible: view === "preview" ? isNull(contentAsset.archivedVersion) : sql`true`,
        createdAt: contentAsset.createdAt,
        updatedAt: contentAsset.updatedAt,
        revision: contentAsset.revision,
      };
}

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;
export const DEFAULT_INCLUDE = 1;
export const MAX_INCLUDE = 10;

export type ListQuery = {
  where: SQL[];
  order: SQL[];
  limit: number;
  skip: number;
  include: number;
  /** `select` paths such as `["sys", "id"]` or `["fields"]`; undefined selects everything. */
  select?: string[][];
};

const OPERATORS = ["in", "nin", "ne", "all", "exists", "match", "lt", "lte", "gt", "gte"] as const;
type Operator = (typeof OPERATORS)[number] | "eq";

/** A filterable, orderable field: its JSON value in SQL and what paths may follow its id. */
type FieldSource = { json: SQL; field: ContentField; subPaths: string[] };

type Target = {
  kind: "Entry" | "Asset";
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
  revision: AnyPgColumn;
  contentType?: AnyPgColumn;
  /** The field with this id, or a reason why fields cannot be queried. */
  field(id: string): FieldSource | string;
};

const COMMON_PARAMS = new Set(["access_token", "limit", "skip", "order", "select", "locale"]);
const ENTRY_PARAMS = new Set([
  ...COMMON_PARAMS,
  "content_type",
  "sys.contentType.sys.id",
  "include",
  "query",
  "links_to_entry",
  "links_to_asset",
]);
const ASSET_PARAMS = new Set([...COMMON_PARAMS, "query"]);

const CONTENT_TYPE_REQUIRED =
  'A Content Type ID is required. When querying for fields you need to limit your query to a specific content type. Please send a Content Type ID (not the name) as the URI query parameter "content_type"';

function entryTarget(type: ContentTypeDefinition | undefined, view: ContentView): Target {
  const columns = entryView(view);
  return {
    kind: "Entry",
    id: contentEntry.id,
    createdAt: columns.createdAt,
    updatedAt: columns.updatedAt,
    revision: columns.revision,
    contentType: contentEntry.contentType,
    field(id) {
      if (!type) return CONTENT_TYPE_REQUIRED;
      const field = type.fields.find((candidate) => candidate.id === id);
      if (!field) return `No field with id "${id}" found in content type "${type.id}".`;
      const isLink = field.type === "Link" || field.items?.type === "Link";
      return {
        json: sql`(${columns.fields} -> ${id})`,
        field,
        subPaths: isLink ? ["sys.id"] : [],
      };
    },
  };
}

function assetTarget(view: ContentView): Target {
  const columns = assetView(view);
  const fields: Record<string, FieldSource> = {
    title: {
      json: columns.field("title"),
      field: { id: "title", name: "Title", type: "Symbol" },
      subPaths: [],
    },
    description: {
      json: columns.field("description"),
      field: { id: "description", name: "Description", type: "Text" },
      subPaths: [],
    },
    file: {
      json: columns.field("file"),
      field: { id: "file", name: "File", type: "Object" },
      subPaths: ["url", "fileName", "contentType"],
    },
  };
  return {
    kind: "Asset",
    id: contentAsset.id,
    createdAt: columns.createdAt,
    updatedAt: columns.updatedAt,
    revision: columns.revision,
    field: (id) => fields[id] ?? `No field with id "${id}" found for assets.`,
  };
}

/** Parses the query of `GET …/entries`; throws `InvalidQuery` for anything it cannot honour. */
export function parseEntriesQuery(
  params: URLSearchParams,
  view: ContentView = "delivery",
): ListQuery {
  const typeId = params.get("content_type") ?? params.get("sys.contentType.sys.id") ?? undefined;
  let type: ContentTypeDefinition | undefined;
  if (typeId !== undefined) {
    type = findContentType(typeId);
    if (!type)
      throw invalidQuery(`Unknown content type "${typeId}".`, { type: "unknownContentType" });
  }
  const columns = entryView(view);
  const query = parseListQuery(params, entryTarget(type, view), ENTRY_PARAMS);
  query.where.unshift(columns.visible);
  if (type) query.where.push(eq(contentEntry.contentType, type.id));
  const locale = params.get("locale");
  if (locale !== null && locale !== "*") query.where.push(eq(contentEntry.locale, locale));
  const text = params.get("query");
  if (text !== null) query.where.push(contains(sql`${columns.fields}::text`, text));
  for (const linkType of ["Entry", "Asset"] as const) {
    const id = params.get(`links_to_${linkType.toLowerCase()}`);
    if (id !== null) query.where.push(linksTo(columns.fields, linkType, id));
  }
  return query;
}

/**
 * Entries with a link to the given entry or asset anywhere in their fields (`links_to_entry`,
 * `links_to_asset`): in a link field, a link array or a rich-text document.
 */
export function linksTo(fields: AnyPgColumn, linkType: "Entry" | "Asset", id: string): SQL {
  const path = `$.** ? (@.sys.type == "Link" && @.sys.linkType == "${linkType}" && @.sys.id == $id)`;
  return sql`coalesce(jsonb_path_exists(${fields}, ${path}::jsonpath, jsonb_build_object('id', ${id}::text)), false)`;
}

/** Parses the query of `GET …/assets`. */
export function parseAssetsQuery(
  params: URLSearchParams,
  view: ContentView = "delivery",
): ListQuery {
  const columns = assetView(view);
  const query = parseListQuery(params, assetTarget(view), ASSET_PARAMS);
  query.where.unshift(columns.visible);
  const locale = params.get("locale");
  if (locale !== null && locale !== "*") query.where.push(eq(contentAsset.locale, locale));
  const text = params.get("query");
  if (text !== null) {
    query.where.push(
      contains(
        sql`concat_ws(' ', ${columns.field("title")} #>> '{}', ${columns.field("description")} #>> '{}')`,
        text,
      ),
    );
  }
  query.include = 0;
  return query;
}

const FILTER_KEY = /^(sys\.[A-Za-z.]+|fields\.[A-Za-z0-9_]+(?:\.[A-Za-z.]+)?)(?:\[([^\]]*)\])?$/;

function parseListQuery(params: URLSearchParams, target: Target, allowed: Set<string>): ListQuery {
  const query: ListQuery = {
    where: [],
    order: [],
    limit: integerParam(params, "limit", DEFAULT_LIMIT, MAX_LIMIT),
    skip: integerParam(params, "skip", 0, Number.MAX_SAFE_INTEGER),
    include: allowed.has("include")
      ? integerParam(params, "include", DEFAULT_INCLUDE, MAX_INCLUDE)
      : 0,
  };
  for (const [key, value] of params) {
    if (allowed.has(key)) continue;
    const match = FILTER_KEY.exec(key);
    if (!match?.[1]) throw invalidQuery(`Unknown query parameter "${key}".`, { parameter: key });
    const operator = parseOperator(match[2], key);
    query.where.push(filter(target, match[1], operator, value, key));
  }
  query.order = parseOrder(params.get("order"), target);
  const select = params.get("select");
  if (select !== null) query.select = parseSelect(select, target);
  return query;
}

function integerParam(params: URLSearchParams, name: string, fallback: number, max: number) {
  const raw = params.get(name);
  if (raw === null) return fallback;
  if (!/^\d{1,16}$/.test(raw)) {
    throw invalidQuery(`The "${name}" parameter must be a non-negative integer.`, {
      parameter: name,
      value: raw,
    });
  }
  const value = Number(raw);
  if (value > max) {
    throw invalidQuery(`The "${name}" parameter must be at most ${max}.`, {
      parameter: name,
      value,
      max,
    });
  }
  return value;
}

function parseOperator(raw: string | undefined, key: string): Operator {
  if (raw === undefined) return "eq";
  if ((OPERATORS as readonly string[]).includes(raw)) return raw as Operator;
  throw invalidQuery(`The operator "${raw}" in "${key}" is not supported.`, {
    parameter: key,
    operator: raw,
    supported: OPERATORS,
  });
}

/** `a,b,c` as its non-empty parts. */
const list = (value: string) => value.split(",").filter((part) => part !== "");

function filter(target: Target, path: string, operator: Operator, value: string, key: string) {
  if (path.startsWith("sys.")) return sysFilter(target, path, operator, value, key);
  const [, fieldId = "", ...rest] = path.split(".");
  const source = target.field(fieldId);
  if (typeof source === "string") throw invalidQuery(source, { parameter: key });
  const subPath = rest.join(".");
  if (subPath !== "" && !source.subPaths.includes(subPath)) {
    throw invalidQuery(`"${key}" cannot be queried: "${subPath}" is not a path of "${fieldId}".`, {
      parameter: key,
    });
  }
  if (RANGE_OPERATORS.has(operator)) {
    if (subPath !== "") throw invalidQuery(`"${key}" cannot be compared.`, { parameter: key });
    return rangeFilter(source, operator as Comparison, value, key);
  }
  return fieldFilter(source.json, subPath === "" ? [] : subPath.split("."), operator, value, key);
}

const RANGE_OPERATORS = new Set<Operator>(["lt", "lte", "gt", "gte"]);
const COMPARE = { eq: "=", lt: "<", lte: "<=", gt: ">", gte: ">=" } as const;
type Comparison = keyof typeof COMPARE;

/** `a [op] b` for one of the comparison operators. */
function compare(left: SQL | AnyPgColumn, operator: Comparison, right: SQL): SQL {
  return sql`${left} ${sql.raw(COMPARE[operator])} ${right}`;
}

function sysFilter(target: Target, path: string, operator: Operator, value: string, key: string) {
  if (path === "sys.createdAt" || path === "sys.updatedAt") {
    return sysDateFilter(path === "sys.createdAt" ? target.createdAt : target.updatedAt, {
      operator,
      value,
      key,
    });
  }
  if (path !== "sys.id") {
    throw invalidQuery(
      `"${key}" cannot be queried: only sys.id, sys.createdAt and sys.updatedAt are supported.`,
      { parameter: key },
    );
  }
  switch (operator) {
    case "eq":
      return eq(target.id, value);
    case "ne":
      return notEqual(target.id, value);
    case "in":
      return inArray(target.id, list(value).length > 0 ? list(value) : [""]);
    case "nin":
      return list(value).length > 0 ? notInArray(target.id, list(value)) : sql`true`;
    default:
      throw invalidQuery(`The operator "${operator}" is not supported on sys.id.`, {
        parameter: key,
      });
  }
}

/** `sys.createdAt[gte]=2024-01-01`: a date comparison on a timestamp column. */
function sysDateFilter(
  column: AnyPgColumn,
  { operator, value, key }: { operator: Operator; value: string; key: string },
) {
  if (operator !== "eq" && !RANGE_OPERATORS.has(operator)) {
    throw invalidQuery(`The operator "${operator}" is not supported on dates.`, {
      parameter: key,
    });
  }
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw invalidQuery(`"${key}" takes a date.`, { parameter: key, value });
  return compare(column, operator as Comparison, sql`${new Date(time).toISOString()}::timestamptz`);
}

/**
 * `[lt]`, `[lte]`, `[gt]`, `[gte]` on a field: numbers compare as numbers, dates and texts as
 * text (ISO dates sort as text); other field types cannot be compared.
 */
function rangeFilter(source: FieldSource, operator: Comparison, value: string, key: string) {
  const { json, field } = source;
  switch (field.type) {
    case "Integer":
    case "Number": {
      const number = Number(value);
      if (value.trim() === "" || !Number.isFinite(number)) {
        throw invalidQuery(`"${key}" takes a number.`, { parameter: key, value });
      }
      const numeric = sql`(case jsonb_typeof(${json}) when 'number' then (${json} #>> '{}')::numeric end)`;
      return compare(numeric, operator, sql`${number}::numeric`);
    }
    case "Date":
    case "Symbol":
    case "Text":
      return compare(sql`(${json} #>> '{}')`, operator, sql`${value}::text`);
    default:
      throw invalidQuery(`"${key}" cannot be compared: ${field.type} fields have no order.`, {
        parameter: key,
      });
  }
}

/**
 * A condition on a field's JSON value. An array field matches when any of its elements does
 * (Contentful's semantics for `tags=Archive` or `links.sys.id=…`); `path` reaches into each
 * element (a link's `sys.id`).
 */
function fieldFilter(json: SQL, path: string[], operator: Operator, value: string, key: string) {
  const element = sql`(x #>> ${pgPath(path)}::text[])`;
  const anyElement = (condition: SQL) =>
    sql`exists (select 1 from jsonb_array_elements(case jsonb_typeof(${json}) when 'array' then ${json} else jsonb_build_array(${json}) end) as elements(x) where ${condition})`;
  if (operator === "exists") {
    if (value !== "true" && value !== "false") {
      throw invalidQuery(`"${key}" takes true or false.`, { parameter: key, value });
    }
    // Present means a non-null value (an empty array counts, as in Contentful).
    const present =
      path.length === 0
        ? sql`coalesce(jsonb_typeof(${json}), 'null') <> 'null'`
        : anyElement(sql`coalesce(jsonb_typeof(x #> ${pgPath(path)}::text[]), 'null') <> 'null'`);
    return value === "true" ? present : sql`not (${present})`;
  }
  const oneOf = (values: string[]) =>
    sql`${element} in (${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  switch (operator) {
    case "eq":
      return anyElement(sql`${element} = ${value}`);
    case "ne":
      return sql`not ${anyElement(sql`${element} = ${value}`)}`;
    case "in":
      return anyElement(oneOf(list(value).length > 0 ? list(value) : [""]));
    case "nin":
      return list(value).length > 0 ? sql`not ${anyElement(oneOf(list(value)))}` : sql`true`;
    case "all": {
      const values = list(value);
      if (values.length === 0) return sql`true`;
      return and(...values.map((one) => anyElement(sql`${element} = ${one}`))) as SQL;
    }
    case "match":
      return anyElement(contains(element, value));
    default:
      throw invalidQuery(`The operator "${operator}" is not supported here.`, { parameter: key });
  }
}

/** PostgreSQL's text-array literal of a JSON path: `{sys,id}`; `{}` is the value itself. */
const pgPath = (path: string[]) => `{${path.join(",")}}`;

/** Case-insensitive "contains", with LIKE's wildcards in the term taken literally. */
function contains(text: SQL, term: string): SQL {
  const escaped = term.replace(/[\\%_]/g, (character) => `\\${character}`);
  return sql`${text} ilike ${`%${escaped}%`}`;
}

function parseOrder(raw: string | null, target: Target): SQL[] {
  const order: SQL[] = [];
  for (const part of list(raw ?? "sys.createdAt")) {
    const descending = part.startsWith("-");
    const path = descending ? part.slice(1) : part;
    const expression = orderExpression(path, target);
    order.push(descending ? desc(expression) : asc(expression));
  }
  // A stable order, so that `skip` pages neither repeat nor miss an item.
  order.push(asc(target.id));
  return order;
}

function orderExpression(path: string, target: Target): SQL | AnyPgColumn {
  switch (path) {
    case "sys.id":
      return target.id;
    case "sys.createdAt":
      return target.createdAt;
    case "sys.updatedAt":
      return target.updatedAt;
    case "sys.revision":
      return target.revision;
    case "sys.contentType.sys.id":
      if (target.contentType) return target.contentType;
  }
  const [root, fieldId = "", ...rest] = path.split(".");
  if (root !== "fields" || rest.length > 0) {
    throw invalidQuery(`Cannot order by "${path}".`, { parameter: "order", value: path });
  }
  const source = target.field(fieldId);
  if (typeof source === "string") throw invalidQuery(source, { parameter: "order" });
  const { json, field } = source;
  switch (field.type) {
    case "Integer":
    case "Number":
      return sql`(case jsonb_typeof(${json}) when 'number' then (${json} #>> '{}')::numeric end)`;
    case "Symbol":
    case "Text":
    case "Date":
    case "Boolean":
      return sql`(${json} #>> '{}')`;
    default:
      throw invalidQuery(`Cannot order by "${path}": ${field.type} fields are not orderable.`, {
        parameter: "order",
      });
  }
}

function parseSelect(raw: string, target: Target): string[][] {
  const paths = list(raw).map((part) => part.split("."));
  if (paths.length > 100) throw invalidQuery("At most 100 properties can be selected.");
  for (const path of paths) {
    const [root, name, ...rest] = path;
    const valid =
      rest.length === 0 &&
      (root === "sys" ||
        (root === "fields" && (name === undefined || typeof target.field(name) !== "string")) ||
        (root === "metadata" && name === undefined));
    if (!valid) {
      throw invalidQuery(`Cannot select "${path.join(".")}".`, {
        parameter: "select",
        value: path.join("."),
      });
    }
  }
  return paths;
}
