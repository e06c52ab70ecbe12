import { and, asc, count, desc, eq, gt, ilike, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { commerceUrlRedirect } from "#platform/commerce/redirects/schema.ts";
import {
  dateCondition,
  type SearchNode,
  type SearchTerm,
} from "#platform/commerce/search-syntax.ts";

/**
 * The shop's URL redirects (Shopify's `UrlRedirect`): an old address of the storefront and where
 * it now leads. The storefront follows one when it would answer 404 (server/rules/
 * url-redirects.ts), the Storefront API lists them (`urlRedirects`, for Hydrogen's
 * `storefrontRedirect`), staff edit them in the office (`/middleware/redirects/`).
 *
 * A path is kept in one form, its key: it starts with `/`, has no query string nor fragment,
 * percent-escapes decoded, NFC, lower-cased, and no trailing slash (but `/` itself). The
 * storefront's page addresses end in `/` (server/rules/trailing-slash.ts) and Hydrogen strips the
 * slash before it asks, so `/Ancienne-Page`, `/ancienne-page` and `/ancienne-page/` are one path.
 *
 * A target is a path of the storefront (`/…`, query string allowed) or an absolute `https://`
 * address, kept as typed. Never a `javascript:` or protocol-relative (`//host`) address, never the
 * path itself, and never a path that is redirected in turn: every redirect is one hop, and no
 * chain can close into a loop.
 */

export type UrlRedirect = typeof commerceUrlRedirect.$inferSelect;

/** What staff type: the old address and where it leads. */
export type UrlRedirectInput = { path: string; target: string };

export type UrlRedirectField = "path" | "target";
export type UrlRedirectErrors = Partial<Record<UrlRedirectField, string>>;

export const URL_REDIRECTS_PAGE_SIZE = 50;
const MAX_PATH_LENGTH = 500;
const MAX_TARGET_LENGTH = 2000;
/** Any fixed key: redirect writes queue, so that two checks of chains never race. */
const WRITE_LOCK = 7_242_018;
// Any origin of ours: a path target is resolved against it to see whether it stays on it.
const SHOP_ORIGIN = "https://comptoir.invalid";

export const URL_REDIRECT_MESSAGES = {
  pathMissing: "Saisissez l'ancienne adresse, par exemple /ancienne-page/.",
  pathFormat:
    "L'ancienne adresse est un chemin de la boutique qui commence par « / », par exemple /ancienne-page/.",
  pathQuery: "L'ancienne adresse ne peut contenir ni paramètres (« ? ») ni ancre (« # »).",
  pathHome: "La page d'accueil ne peut pas être redirigée.",
  pathLength: `L'ancienne adresse compte ${MAX_PATH_LENGTH} caractères au plus.`,
  pathTaken: (path: string) => `Une redirection existe déjà pour l'adresse « ${path} ».`,
  pathIsTarget: (path: string, from: string) =>
    `L'adresse « ${path} » est la destination de la redirection de « ${from} » : faites d'abord pointer celle-ci vers la nouvelle destination.`,
  targetMissing: "Saisissez la destination, par exemple /magasin/ ou https://exemple.fr/.",
  targetFormat:
    "La destination est une adresse de la boutique qui commence par « / » (par exemple /magasin/) ou une adresse complète en https://.",
  targetLength: `La destination compte ${MAX_TARGET_LENGTH} caractères au plus.`,
  targetIsPath:
    "La destination est l'ancienne adresse elle-même : la redirection tournerait en rond.",
  targetRedirected: (target: string, next: string) =>
    `La destination « ${target} » est elle-même redirigée vers « ${next} » : indiquez directement la destination finale.`,
  notFound: "Cette redirection n'existe plus.",
} as const;

// ---------------------------------------------------------------------------------------------
// Paths and targets

// Spaces, controls, backslashes and markup characters have no place in an address.
const UNSAFE = /[\s\\<>"`\p{Cc}]/u;

function safeDecode(text: string): string | undefined {
  try {
    return decodeURI(text);
  } catch {
    return undefined;
  }
}

/**
 * A requested path as redirects are keyed: decoded, NFC, lower-cased, without trailing slash;
 * undefined when it is not a path of ours (no leading `/`, `//…`, bad escapes). Lenient: what
 * the server and the API look up, never refused with a message.
 */
export function redirectPathKey(pathname: string): string | undefined {
  if (!pathname.startsWith("/") || pathname.startsWith("//")) return undefined;
  const decoded = safeDecode(pathname);
  if (decoded === undefined) return undefined;
  const key = decoded.normalize("NFC").toLowerCase().replace(/\/+$/, "");
  return key === "" ? "/" : key;
}

/**
 * The old address as staff typed it (a path, or a whole address of the shop copied from the
 * browser), checked: its key, or the French reason it is refused.
 */
export function readRedirectPath(text: string): { path: string } | { error: string } {
  let value = text.trim();
  if (value === "") return { error: URL_REDIRECT_MESSAGES.pathMissing };
  if (/^https?:\/\//i.test(value)) {
    // An address copied from the browser: only its path counts, whatever the host.
    try {
      const url = new URL(value);
      if (url.search !== "" || url.hash !== "") return { error: URL_REDIRECT_MESSAGES.pathQuery };
      value = url.pathname;
    } catch {
      return { error: URL_REDIRECT_MESSAGES.pathFormat };
    }
  }
  if (/[?#]/.test(value)) return { error: URL_REDIRECT_MESSAGES.pathQuery };
  if (UNSAFE.test(value)) return { error: URL_REDIRECT_MESSAGES.pathFormat };
  const path = redirectPathKey(value);
  if (path === undefined) return { error: URL_REDIRECT_MESSAGES.pathFormat };
  if (path === "/") return { error: URL_REDIRECT_MESSAGES.pathHome };
  if (path.length > MAX_PATH_LENGTH) return { error: URL_REDIRECT_MESSAGES.pathLength };
  return { path };
}

/**
 * Where a redirect leads, checked: a path of the storefront or an `https://` address, as typed
 * (trimmed), with `pathKey` the key of its path when it is one of the storefront's.
 */
export function readRedirectTarget(
  text: string,
): { target: string; pathKey: string | undefined } | { error: string } {
  const target = text.trim();
  if (target === "") return { error: URL_REDIRECT_MESSAGES.targetMissing };
  if (target.length > MAX_TARGET_LENGTH) return { error: URL_REDIRECT_MESSAGES.targetLength };
  if (UNSAFE.test(target)) return { error: URL_REDIRECT_MESSAGES.targetFormat };
  if (target.startsWith("/")) {
    // `//host` and `/\host` leave the shop in a browser's hands: refused (the latter by UNSAFE).
    if (target.startsWith("//")) return { error: URL_REDIRECT_MESSAGES.targetFormat };
    let url: URL;
    try {
      url = new URL(target, SHOP_ORIGIN);
    } catch {
      return { error: URL_REDIRECT_MESSAGES.targetFormat };
    }
    if (url.origin !== SHOP_ORIGIN) return { error: URL_REDIRECT_MESSAGES.targetFormat };
    const pathKey = redirectPathKey(url.pathname);
    if (pathKey === undefined) return { error: URL_REDIRECT_MESSAGES.targetFormat };
    return { target, pathKey };
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { error: URL_REDIRECT_MESSAGES.targetFormat };
  }
  if (url.protocol !== "https:" || url.hostname === "" || url.username || url.password) {
    return { error: URL_REDIRECT_MESSAGES.targetFormat };
  }
  return { target, pathKey: undefined };
}

/** Both fields checked at once, each problem on its field. */
export function readUrlRedirectInput(
  input: UrlRedirectInput,
):
  | { ok: true; path: string; target: string; targetKey: string | undefined }
  | { ok: false; errors: UrlRedirectErrors } {
  const errors: UrlRedirectErrors = {};
  const path = readRedirectPath(input.path);
  const target = readRedirectTarget(input.target);
  if ("error" in path) errors.path = path.error;
  if ("error" in target) errors.target = target.error;
  if ("path" in path && "target" in target && target.pathKey === path.path) {
    errors.target = URL_REDIRECT_MESSAGES.targetIsPath;
  }
  if ("error" in path || "error" in target || errors.target) return { ok: false, errors };
  return { ok: true, path: path.path, target: target.target, targetKey: target.pathKey };
}

/**
 * Where a request for `pathname?search` goes: the target, with the request's query string when
 * the target has none of its own.
 */
export function redirectLocation(target: string, search: string): string {
  if (search === "" || search === "?" || target.includes("?")) return target;
  const hash = target.indexOf("#");
  return hash === -1
    ? `${target}${search}`
    : `${target.slice(0, hash)}${search}${target.slice(hash)}`;
}

// ---------------------------------------------------------------------------------------------
// Reads

/** The redirect of a requested path, if any: one read of the unique index on `path`. */
export async function findUrlRedirect(
  db: Db | Tx,
  pathname: string,
): Promise<UrlRedirect | undefined> {
  const key = redirectPathKey(pathname);
  if (key === undefined || key === "/") return undefined;
  const [row] = await db
    .select()
    .from(commerceUrlRedirect)
    .where(eq(commerceUrlRedirect.path, key))
    .limit(1);
  return row;
}

export async function findUrlRedirectById(
  db: Db | Tx,
  id: number,
): Promise<UrlRedirect | undefined> {
  const [row] = await db.select().from(commerceUrlRedirect).where(eq(commerceUrlRedirect.id, id));
  return row;
}

const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, "\\$&")}%`;

/**
 * One page (1-based) of the redirects by path, for the office; `search` narrows to those whose
 * path or target holds it (case-insensitive).
 */
export async function listUrlRedirects(
  db: Db,
  options: { search?: string; page?: number } = {},
): Promise<{ redirects: UrlRedirect[]; total: number; page: number; pages: number }> {
  const search = options.search?.trim() ?? "";
  const where =
    search === ""
      ? undefined
      : or(
          ilike(commerceUrlRedirect.path, likePattern(search)),
          ilike(commerceUrlRedirect.target, likePattern(search)),
        );
  const [counted] = await db.select({ value: count() }).from(commerceUrlRedirect).where(where);
  const total = counted?.value ?? 0;
  const pages = Math.max(1, Math.ceil(total / URL_REDIRECTS_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(options.page ?? 1) || 1), pages);
  const redirects = await db
    .select()
    .from(commerceUrlRedirect)
    .where(where)
    .orderBy(asc(commerceUrlRedirect.path), asc(commerceUrlRedirect.id))
    .offset((page - 1) * URL_REDIRECTS_PAGE_SIZE)
    .limit(URL_REDIRECTS_PAGE_SIZE);
  return { redirects, total, page, pages };
}

/** A condition of the API's `query`: a field equal to a value, or starting with it (`value*`). */
/**
 * A keyset window of the redirects by id (the API's order), narrowed by a `query` in Shopify's
 * search syntax (none: every redirect; `null`, a query with no term: none). `limit` rows after
 * the id `afterId`, ascending unless `descending`.
 */
export async function readUrlRedirectWindow(
  db: Db,
  options: {
    query?: SearchNode | null;
    afterId?: number;
    descending: boolean;
    limit: number;
  },
): Promise<UrlRedirect[]> {
  const where: (SQL | undefined)[] = [];
  if (options.query !== undefined) {
    where.push(options.query === null ? sql`false` : redirectQuerySql(options.query));
  }
  if (options.afterId !== undefined) {
    where.push(
      options.descending
        ? lt(commerceUrlRedirect.id, options.afterId)
        : gt(commerceUrlRedirect.id, options.afterId),
    );
  }
  return db
    .select()
    .from(commerceUrlRedirect)
    .where(and(...where))
    .orderBy(options.descending ? desc(commerceUrlRedirect.id) : asc(commerceUrlRedirect.id))
    .limit(options.limit);
}

/** A parsed query as a condition on the redirects (AND, OR, NOT kept). */
function redirectQuerySql(node: SearchNode): SQL {
  switch (node.kind) {
    case "term":
      return termSql(node);
    case "not":
      return sql`not (${redirectQuerySql(node.node)})`;
    case "and":
    case "or":
      return sql`(${sql.join(node.nodes.map(redirectQuerySql), node.kind === "and" ? sql` and ` : sql` or `)})`;
  }
}

/**
 * `path:` compares keys (`path:/Old/` finds `/old`; `path:/c/*` the paths that start so),
 * `target:` the target as stored (case-insensitive), `created_at:` / `updated_at:` dates, free
 * text a word in either the path or the target. Any other field matches nothing.
 */
function termSql(term: SearchTerm): SQL {
  const escaped = (text: string) => text.replace(/[%_\\]/g, "\\$&");
  if (term.exists) return term.field === "path" || term.field === "target" ? sql`true` : sql`false`;
  const equality = term.comparator === "=";
  switch (term.field) {
    case "path": {
      if (!equality) return sql`false`;
      if (term.prefix) {
        const start = (safeDecode(term.value) ?? term.value).normalize("NFC");
        return sql`${commerceUrlRedirect.path} like ${`${escaped(start.toLowerCase())}%`}`;
      }
      const key = redirectPathKey(term.value);
      // Not a path: nothing matches (a stored path always is one).
      return key === undefined ? sql`false` : eq(commerceUrlRedirect.path, key);
    }
    case "target":
      if (!equality) return sql`false`;
      return term.prefix
        ? ilike(commerceUrlRedirect.target, `${escaped(term.value)}%`)
        : sql`lower(${commerceUrlRedirect.target}) = ${term.value.toLowerCase()}`;
    case "created_at":
      return dateCondition(sql`${commerceUrlRedirect.createdAt}`, term);
    case "updated_at":
      return dateCondition(sql`${commerceUrlRedirect.updatedAt}`, term);
    case undefined:
      return (
        or(
          ilike(commerceUrlRedirect.path, likePattern(term.value)),
          ilike(commerceUrlRedirect.target, likePattern(term.value)),
        ) ?? sql`false`
      );
    default:
      return sql`false`;
  }
}

// ---------------------------------------------------------------------------------------------
// Writes

export type UrlRedirectSave =
  | { ok: true; redirect: UrlRedirect; before: UrlRedirect | undefined }
  | { ok: false; errors: UrlRedirectErrors; message?: string };

/** A unique index refusing a second row with the path (a write that raced this one). */
export function isDuplicateUrlRedirect(error: unknown): boolean {
  for (let at: unknown = error; at && typeof at === "object"; at = (at as Error).cause) {
    if ((at as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** The redirect whose target leads to the path `key`, other than `exceptId`, if any. */
async function redirectLeadingTo(
  tx: Tx,
  key: string,
  exceptId: number | undefined,
): Promise<UrlRedirect | undefined> {
  // Targets are kept as typed: read those that may lead there, compare their keys here.
  const escaped = key.replace(/[%_\\]/g, "\\$&");
  const candidates = await tx
    .select()
    .from(commerceUrlRedirect)
    .where(
      and(
        ilike(commerceUrlRedirect.target, `${escaped}%`),
        exceptId === undefined ? undefined : ne(commerceUrlRedirect.id, exceptId),
      ),
    )
    .orderBy(asc(commerceUrlRedirect.path));
  return candidates.find((row) => {
    const read = readRedirectTarget(row.target);
    return "pathKey" in read && read.pathKey === key;
  });
}

/**
 * Creates a redirect (`id` undefined) or changes one, in the caller's transaction, so that a
 * change commits with its change-log line. Every field is checked (French messages on their
 * field): a path already redirected, a target that is itself redirected, a path that another
 * redirect leads to are refused and nothing is written. `by` is who writes it (a staff email).
 */
export async function saveUrlRedirect(
  tx: Tx,
  input: UrlRedirectInput,
  options: { id?: number; by: string; now?: Date },
): Promise<UrlRedirectSave> {
  const read = readUrlRedirectInput(input);
  if (!read.ok) return read;
  await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK})`);
  let before: UrlRedirect | undefined;
  if (options.id !== undefined) {
    [before] = await tx
      .select()
      .from(commerceUrlRedirect)
      .where(eq(commerceUrlRedirect.id, options.id))
      .for("update");
    if (!before) return { ok: false, errors: {}, message: URL_REDIRECT_MESSAGES.notFound };
  }
  const [taken] = await tx
    .select({ id: commerceUrlRedirect.id })
    .from(commerceUrlRedirect)
    .where(
      and(
        eq(commerceUrlRedirect.path, read.path),
        options.id === undefined ? undefined : ne(commerceUrlRedirect.id, options.id),
      ),
    );
  if (taken) return { ok: false, errors: { path: URL_REDIRECT_MESSAGES.pathTaken(read.path) } };

  const errors: UrlRedirectErrors = {};
  if (read.targetKey !== undefined) {
    const next = await findUrlRedirect(tx, read.targetKey);
    if (next && next.id !== options.id) {
      errors.target = URL_REDIRECT_MESSAGES.targetRedirected(read.target, next.target);
    }
  }
  const leading = await redirectLeadingTo(tx, read.path, options.id);
  if (leading) errors.path = URL_REDIRECT_MESSAGES.pathIsTarget(read.path, leading.path);
  if (errors.path || errors.target) return { ok: false, errors };

  const now = options.now ?? new Date();
  const fields = { path: read.path, target: read.target, updatedBy: options.by, updatedAt: now };
  const [redirect] =
    options.id === undefined
      ? await tx
          .insert(commerceUrlRedirect)
          .values({ ...fields, createdAt: now })
          .returning()
      : await tx
          .update(commerceUrlRedirect)
          .set(fields)
          .where(eq(commerceUrlRedirect.id, options.id))
          .returning();
  if (!redirect) throw new Error("the URL redirect was not written");
  return { ok: true, redirect, before };
}

/** Deletes a redirect in the caller's transaction; the row it was, or undefined if gone. */
export async function deleteUrlRedirect(tx: Tx, id: number): Promise<UrlRedirect | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK})`);
  const [row] = await tx
    .delete(commerceUrlRedirect)
    .where(eq(commerceUrlRedirect.id, id))
    .returning();
  return row;
}
