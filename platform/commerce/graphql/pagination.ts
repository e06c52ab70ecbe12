import { createGraphQLError } from "graphql-yoga";

/** Shopify's ceiling for `first` / `last` on every connection. */
export const MAX_PAGE_SIZE = 250;

export type PageArgs = {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  reverse?: boolean | null;
};

/** What a keyset page needs: how many, from which position, in which direction. */
export type PageWindow = {
  limit: number;
  /** Sort key of the row the page starts after (exclusive), if any. */
  after?: CursorKey;
  /** Walking backwards (`last`/`before`): read in the opposite order, then flip. */
  backwards: boolean;
};

/** A row's position in a sort: the sort value(s) then the id, which breaks ties. */
export type CursorKey = { v: (string | number | null)[]; id: number };

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

export function decodeCursor(cursor: string): CursorKey {
  try {
    const key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as CursorKey;
    if (Array.isArray(key.v) && Number.isInteger(key.id)) return key;
  } catch {
    // fall through
  }
  throw createGraphQLError(`Invalid cursor: ${cursor}`, {
    extensions: { code: "BAD_USER_INPUT" },
  });
}

/** Checks the Relay arguments the way Shopify does and turns them into a window. */
export function pageWindow(args: PageArgs): PageWindow {
  const { first, last } = args;
  if (first == null && last == null) {
    throw userError("you must provide one of first or last");
  }
  if (first != null && last != null) {
    throw userError("providing both first and last is not supported");
  }
  const size = (first ?? last) as number;
  if (size < 0 || size > MAX_PAGE_SIZE) {
    throw userError(`${first != null ? "first" : "last"} must be between 0 and ${MAX_PAGE_SIZE}`);
  }
  const backwards = last != null;
  const cursor = backwards ? args.before : args.after;
  return { limit: size, backwards, after: cursor ? decodeCursor(cursor) : undefined };
}

function userError(message: string) {
  return createGraphQLError(message, { extensions: { code: "BAD_USER_INPUT" } });
}

/**
 * Builds a Relay connection from `limit + 1` rows read in page order (reversed when walking
 * backwards), so `hasNextPage`/`hasPreviousPage` need no extra query.
 */
export function connection<T, Extra extends object = Record<never, never>>(
  rows: T[],
  window: PageWindow,
  keyOf: (row: T) => CursorKey,
  extra?: Extra,
) {
  const hasMore = rows.length > window.limit;
  const page = rows.slice(0, window.limit);
  if (window.backwards) page.reverse();
  const edges = page.map((node) => ({ cursor: encodeCursor(keyOf(node)), node }));
  return {
    edges,
    nodes: page,
    pageInfo: {
      hasNextPage: window.backwards ? window.after !== undefined : hasMore,
      hasPreviousPage: window.backwards ? hasMore : window.after !== undefined,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    ...(extra as Extra),
  };
}

/** A list paged as a Relay connection; the cursor is a position in the whole (sorted) list. */
export function pageOfList<T>(items: readonly T[], args: PageArgs) {
  const window = pageWindow(args);
  let positioned = (args.reverse ? [...items].reverse() : items).map((item, index) => ({
    item,
    id: index + 1,
  }));
  if (window.backwards) positioned = positioned.reverse();
  if (window.after) {
    const from = positioned.findIndex((entry) => entry.id === window.after?.id);
    positioned = positioned.slice(from + 1);
  }
  const page = connection(positioned.slice(0, window.limit + 1), window, (entry) => ({
    v: [],
    id: entry.id,
  }));
  return {
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: edge.node.item })),
    nodes: page.nodes.map((entry) => entry.item),
    pageInfo: page.pageInfo,
  };
}
