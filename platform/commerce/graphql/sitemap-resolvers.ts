import { asc, count, eq, inArray } from "drizzle-orm";
import { createGraphQLError } from "graphql-yoga";
import {
  commerceCollection,
  commerceMetaobject,
  commerceProduct,
} from "#platform/commerce/catalogue/schema.ts";
import { listContent } from "#platform/commerce/graphql/online-store-resolvers.ts";
import type { CommerceContext } from "#platform/commerce/graphql/resolver-support.ts";

/**
 * `sitemap(type:)`: every resource a storefront lists in its sitemaps, 250 a page as Shopify
 * pages them — products (not archived), collections, the brands (metaobjects with pages of their
 * own), and the content port's pages, blogs and articles.
 */

export const SITEMAP_PAGE_SIZE = 250;

/** The metaobject types that have pages on the storefront, and their path segment. */
const METAOBJECT_PAGES: Record<string, string> = { produit_marque: "m" };

type SitemapType = "ARTICLE" | "BLOG" | "COLLECTION" | "METAOBJECT" | "PAGE" | "PRODUCT";
type Resource =
  | { __typename: "SitemapResource"; handle: string; title: string; updatedAt: Date }
  | {
      __typename: "SitemapResourceMetaobject";
      handle: string;
      type: string;
      onlineStoreUrlHandle: string;
      updatedAt: Date;
    };

const resource = (handle: string, title: string, updatedAt: Date): Resource => ({
  __typename: "SitemapResource",
  handle,
  title,
  updatedAt,
});

/** One page (1-based) of a type's resources, with one more to tell whether a next page exists. */
async function resourcesOf(
  ctx: CommerceContext,
  type: SitemapType,
  offset: number,
  limit: number,
): Promise<Resource[]> {
  switch (type) {
    case "PRODUCT":
      return (
        await ctx.db
          .select({
            handle: commerceProduct.handle,
            title: commerceProduct.title,
            updatedAt: commerceProduct.updatedAt,
          })
          .from(commerceProduct)
          .where(eq(commerceProduct.archived, false))
          .orderBy(asc(commerceProduct.id))
          .offset(offset)
          .limit(limit)
      ).map((row) => resource(row.handle, row.title, row.updatedAt));
    case "COLLECTION":
      return (
        await ctx.db
          .select({
            handle: commerceCollection.handle,
            title: commerceCollection.title,
            updatedAt: commerceCollection.updatedAt,
          })
          .from(commerceCollection)
          .orderBy(asc(commerceCollection.id))
          .offset(offset)
          .limit(limit)
      ).map((row) => resource(row.handle, row.title, row.updatedAt));
    case "METAOBJECT":
      return (
        await ctx.db
          .select({
            handle: commerceMetaobject.handle,
            type: commerceMetaobject.type,
            updatedAt: commerceMetaobject.updatedAt,
          })
          .from(commerceMetaobject)
          .where(metaobjectsWithPages())
          .orderBy(asc(commerceMetaobject.id))
          .offset(offset)
          .limit(limit)
      ).map((row) => ({
        __typename: "SitemapResourceMetaobject",
        handle: row.handle,
        type: row.type,
        onlineStoreUrlHandle: METAOBJECT_PAGES[row.type] ?? row.type,
        updatedAt: row.updatedAt,
      }));
    default:
      return (await contentResources(ctx, type)).slice(offset, offset + limit);
  }
}

const metaobjectsWithPages = () => inArray(commerceMetaobject.type, Object.keys(METAOBJECT_PAGES));

async function contentResources(
  ctx: CommerceContext,
  type: "ARTICLE" | "BLOG" | "PAGE",
): Promise<Resource[]> {
  if (type === "PAGE") {
    return (await listContent(ctx, "pages")).map((page) =>
      resource(page.handle, page.title, page.updatedAt),
    );
  }
  const articles = await listContent(ctx, "articles");
  if (type === "ARTICLE") {
    return articles.map((article) => resource(article.handle, article.title, article.publishedAt));
  }
  // A blog changes when one of its articles is published.
  return (await listContent(ctx, "blogs")).map((blog) => {
    const dates = articles
      .filter((article) => article.blogHandle === blog.handle)
      .map((article) => article.publishedAt.getTime());
    return resource(blog.handle, blog.title, new Date(dates.length ? Math.max(...dates) : 0));
  });
}

async function totalOf(ctx: CommerceContext, type: SitemapType): Promise<number> {
  const counted = async (query: Promise<{ value: number }[]>) => (await query)[0]?.value ?? 0;
  switch (type) {
    case "PRODUCT":
      return counted(
        ctx.db
          .select({ value: count() })
          .from(commerceProduct)
          .where(eq(commerceProduct.archived, false)),
      );
    case "COLLECTION":
      return counted(ctx.db.select({ value: count() }).from(commerceCollection));
    case "METAOBJECT":
      return counted(
        ctx.db.select({ value: count() }).from(commerceMetaobject).where(metaobjectsWithPages()),
      );
    default:
      return (await contentResources(ctx, type)).length;
  }
}

export function createSitemapResolvers() {
  return {
    SitemapResourceInterface: {
      __resolveType: (resource: Resource) => resource.__typename,
    },
    QueryRoot: {
      sitemap: (_: unknown, args: { type: SitemapType }) => ({ type: args.type }),
    },
    Sitemap: {
      pagesCount: async (sitemap: { type: SitemapType }, _: unknown, ctx: CommerceContext) => ({
        count: Math.ceil((await totalOf(ctx, sitemap.type)) / SITEMAP_PAGE_SIZE),
        precision: "EXACT",
      }),
      resources: async (
        sitemap: { type: SitemapType },
        args: { page: number },
        ctx: CommerceContext,
      ) => {
        if (!Number.isInteger(args.page) || args.page < 1) {
          throw createGraphQLError("page must be 1 or more", {
            extensions: { code: "BAD_USER_INPUT" },
          });
        }
        const offset = (args.page - 1) * SITEMAP_PAGE_SIZE;
        const rows = await resourcesOf(ctx, sitemap.type, offset, SITEMAP_PAGE_SIZE + 1);
        return {
          hasNextPage: rows.length > SITEMAP_PAGE_SIZE,
          items: rows.slice(0, SITEMAP_PAGE_SIZE),
        };
      },
    },
  };
}
