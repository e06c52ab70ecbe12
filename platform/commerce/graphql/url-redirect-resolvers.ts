import { connection, type PageArgs, pageWindow } from "#platform/commerce/graphql/pagination.ts";
import type { CommerceContext } from "#platform/commerce/graphql/resolver-support.ts";
import {
  readUrlRedirectWindow,
  type UrlRedirect,
} from "#platform/commerce/redirects/url-redirects.ts";
import { parseSearchQuery } from "#platform/commerce/search-syntax.ts";

/**
 * `urlRedirects`: the shop's redirects by id, paged as Shopify pages them, for Hydrogen's
 * `storefrontRedirect` (`first: 1, query: "path:/old-page"`) and any other reader. `query` is
 * Shopify's search syntax on `path:`, `target:`, `created_at:`, `updated_at:` and free text
 * (url-redirects.ts).
 */

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
          query: args.query?.trim() ? parseSearchQuery(args.query) : undefined,
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
