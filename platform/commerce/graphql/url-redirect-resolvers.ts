import { connection, type PageArgs, pageWindow } from "#platform/commerce/graphql/pagination.ts";
import type { CommerceContext } from "#platform/commerce/graphql/resolver-support.ts";
import {
  readUrlRedirectWindow,
  type UrlRedirect,
  type UrlRedirectCondition,
} from "#platform/commerce/redirects/url-redirects.ts";

/**
 * `urlRedirects`: the shop's redirects by id, paged as Shopify pages them, for Hydrogen's
 * `storefrontRedirect` (`first: 1, query: "path:/old-page"`) and any other reader.
 */

/**
 * The subset of Shopify's search syntax the redirects take: `path:/x` (the path's key, so case
 * and trailing slash do not matter), `target:/y`, a trailing `*` for a prefix, quotes for values
 * with spaces, plain words (in the path or the target); all must hold (`AND` is implied). Other
 * fields (`created_at`) and operators are ignored, as the Storefront API once ignored them.
 */
export function parseUrlRedirectQuery(query: string | null | undefined): UrlRedirectCondition[] {
  if (!query) return [];
  const conditions: UrlRedirectCondition[] = [];
  for (const match of query.matchAll(/(?:(\w+):)?(?:"([^"]*)"|'([^']*)'|(\S+))/g)) {
    const field = match[1];
    const quoted = match[2] ?? match[3];
    const raw = quoted ?? match[4] ?? "";
    if (field === undefined && quoted === undefined && /^(AND|OR|NOT)$/.test(raw)) continue;
    const prefix = quoted === undefined && raw.endsWith("*");
    const value = prefix ? raw.slice(0, -1) : raw;
    if (value === "") continue;
    if (field === "path" || field === "target") conditions.push({ field, value, prefix });
    else if (field === undefined) conditions.push({ field: "any", value, prefix: false });
  }
  return conditions;
}

const gidOf = (id: number) => `gid://shopify/UrlRedirect/${id}`;

export function createUrlRedirectResolvers() {
  return {
    QueryRoot: {
      urlRedirects: async (
        _: unknown,
        args: PageArgs & { query?: string | null },
        ctx: CommerceContext,
      ) => {
        const window = pageWindow(args);
        const descending = Boolean(args.reverse) !== window.backwards;
        const rows = await readUrlRedirectWindow(ctx.db, {
          conditions: parseUrlRedirectQuery(args.query),
          afterId: window.after?.id,
          descending,
          limit: window.limit + 1,
        });
        return connection(rows, window, (row) => ({ v: [], id: row.id }));
      },
    },
    UrlRedirect: {
      id: (redirect: UrlRedirect) => gidOf(redirect.id),
    },
  };
}
