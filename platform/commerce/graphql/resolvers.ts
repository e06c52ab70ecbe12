import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import { createGraphQLError } from "graphql-yoga";
import { maxQuantityOf } from "#platform/commerce/cart/view.ts";
import { listingFacets } from "#platform/commerce/catalogue/facets.ts";
import {
  type ListingQuery,
  listingProductIds,
  listingSort,
  type ProductFilterInput,
} from "#platform/commerce/catalogue/listing.ts";
import {
  productQueryCondition,
  searchSyntaxCondition,
} from "#platform/commerce/catalogue/product-query.ts";
import {
  commerceCollection,
  commerceCollectionProduct,
  commerceMetaobject,
} from "#platform/commerce/catalogue/schema.ts";
import { fromGid, toGid } from "#platform/commerce/gid.ts";
import type {
  CollectionRow,
  ImageRow,
  MetafieldRow,
  MetaobjectRow,
  ProductRow,
  VariantRow,
} from "#platform/commerce/graphql/loaders.ts";
import { ownerKey } from "#platform/commerce/graphql/loaders.ts";
import { localization } from "#platform/commerce/graphql/localization.ts";
import {
  contentSearchConnection,
  searchContent,
} from "#platform/commerce/graphql/online-store-resolvers.ts";
import {
  type CursorKey,
  connection,
  MAX_PAGE_SIZE,
  type PageArgs,
  pageWindow,
} from "#platform/commerce/graphql/pagination.ts";
import {
  type CommerceContext,
  imageUrl,
  listReferences,
  loadNode,
  metafieldResolvers,
  money,
  passThrough,
  plainText,
  productConnection,
  singleReference,
  sliceList,
} from "#platform/commerce/graphql/resolver-support.ts";
import { commerceShop } from "#platform/commerce/schema.ts";

/**
 * The catalogue's resolvers (Storefront API): the query root's catalogue fields, products,
 * variants, images, collections, metafields and metaobjects; search ranked by relevance, and the
 * `query` argument's filters; `localization` (localization.ts). Shared pieces in
 * `resolver-support.ts`, re-exported below.
 */

/** A crossed-out price, shown only above the price. */
const compareAtPrice = (row: VariantRow) =>
  row.compareAtPriceCents != null && row.compareAtPriceCents > row.priceCents
    ? money(row.compareAtPriceCents)
    : null;

export function createResolvers() {
  return {
    DateTime: passThrough("DateTime"),
    Decimal: passThrough("Decimal"),
    HTML: passThrough("HTML"),
    JSON: passThrough("JSON"),
    URL: passThrough("URL"),
    UnsignedInt64: passThrough("UnsignedInt64"),

    Node: { __resolveType: (node: { __typename: string }) => node.__typename },
    HasMetafields: { __resolveType: (node: { __typename: string }) => node.__typename },
    MetafieldReference: { __resolveType: (node: { __typename: string }) => node.__typename },
    // Content results carry their own shapes (online-store-resolvers.ts); the rest are products.
    SearchResultItem: {
      __resolveType: (node: object) =>
        "blogHandle" in node ? "Article" : "bodyHtml" in node ? "Page" : "Product",
    },

    QueryRoot: {
      localization,
      shop: async (_: unknown, __: unknown, ctx: CommerceContext) => {
        const [shop] = await ctx.db.select().from(commerceShop).limit(1);
        if (!shop) throw createGraphQLError("The shop is not set up");
        return shop;
      },
      product: async (
        _: unknown,
        args: { id?: string | null; handle?: string | null },
        ctx: CommerceContext,
      ) => {
        let row: ProductRow | undefined;
        if (args.id) {
          const id = fromGid(args.id, "Product");
          row = id === undefined ? undefined : await ctx.loaders.product(id);
        } else if (args.handle) {
          row = await ctx.loaders.productByHandle(args.handle);
        } else {
          throw createGraphQLError("product requires an id or a handle", {
            extensions: { code: "BAD_USER_INPUT" },
          });
        }
        return row && !row.archived ? row : null;
      },
      productByHandle: async (_: unknown, args: { handle: string }, ctx: CommerceContext) => {
        const row = await ctx.loaders.productByHandle(args.handle);
        return row && !row.archived ? row : null;
      },
      collectionByHandle: async (_: unknown, args: { handle: string }, ctx: CommerceContext) =>
        (await ctx.loaders.collectionByHandle(args.handle)) ?? null,
      products: async (
        _: unknown,
        args: PageArgs & { sortKey?: string; query?: string | null },
        ctx: CommerceContext,
      ) =>
        productConnection(
          ctx,
          {
            sort: listingSort(args.sortKey, false),
            reverse: Boolean(args.reverse),
            // Shopify's search syntax (catalogue/product-query.ts).
            where: await productQueryCondition(ctx.db, args.query),
          },
          args,
          false,
        ),
      collection: async (
        _: unknown,
        args: { id?: string | null; handle?: string | null },
        ctx: CommerceContext,
      ) => {
        if (args.id) {
          const id = fromGid(args.id, "Collection");
          return id === undefined ? null : ((await ctx.loaders.collection(id)) ?? null);
        }
        if (args.handle) return (await ctx.loaders.collectionByHandle(args.handle)) ?? null;
        throw createGraphQLError("collection requires an id or a handle", {
          extensions: { code: "BAD_USER_INPUT" },
        });
      },
      collections: async (
        _: unknown,
        args: PageArgs & { sortKey?: string; query?: string | null },
        ctx: CommerceContext,
      ) => {
        const window = pageWindow(args);
        const byTitle = args.sortKey === "TITLE";
        const descending = Boolean(args.reverse) !== window.backwards;
        // Titles sort as a French reader expects (« Épicerie » with the E's, case aside), and the
        // same on PGlite and PostgreSQL: accents folded, then compared byte by byte.
        const key = byTitle
          ? sql<string>`lower(search_unaccent(${commerceCollection.title})) collate "C"`
          : sql<string>`''`;
        const after = window.after;
        const beyond = descending ? sql`<` : sql`>`;
        const found = await ctx.db
          .select({ row: commerceCollection, key })
          .from(commerceCollection)
          .where(
            and(
              args.query
                ? sql`${commerceCollection.title} ilike ${`%${args.query.replace(/^title:/, "")}%`}`
                : undefined,
              after
                ? byTitle
                  ? sql`(${key} ${beyond} ${String(after.v[0])} collate "C" or (${key} = ${String(after.v[0])} collate "C" and ${commerceCollection.id} ${beyond} ${after.id}))`
                  : (descending ? lt : gt)(commerceCollection.id, after.id)
                : undefined,
            ),
          )
          .orderBy(
            ...(byTitle ? [descending ? sql`${key} desc` : sql`${key} asc`] : []),
            descending ? desc(commerceCollection.id) : asc(commerceCollection.id),
          )
          .limit(window.limit + 1);
        const keys = new Map(found.map((one) => [one.row.id, one.key]));
        const rows = found.map((one) => one.row);
        const [total] = await ctx.db
          .select({ count: sql<number>`count(*)::int` })
          .from(commerceCollection);
        return connection(
          rows,
          window,
          (row): CursorKey => ({ v: byTitle ? [keys.get(row.id) ?? ""] : [], id: row.id }),
          { totalCount: String(total?.count ?? 0) },
        );
      },
      node: (_: unknown, args: { id: string }, ctx: CommerceContext) => loadNode(args.id, ctx),
      nodes: (_: unknown, args: { ids: string[] }, ctx: CommerceContext) => {
        if (args.ids.length > MAX_PAGE_SIZE) {
          throw createGraphQLError(`ids accepts at most ${MAX_PAGE_SIZE} items`, {
            extensions: { code: "BAD_USER_INPUT" },
          });
        }
        return Promise.all(args.ids.map((id) => loadNode(id, ctx)));
      },
      metaobject: async (
        _: unknown,
        args: { id?: string | null; handle?: { type: string; handle: string } | null },
        ctx: CommerceContext,
      ) => {
        if (args.id) {
          const id = fromGid(args.id, "Metaobject");
          return id === undefined ? null : ((await ctx.loaders.metaobject(id)) ?? null);
        }
        if (args.handle) {
          return (
            (await ctx.loaders.metaobjectByHandle(args.handle.type, args.handle.handle)) ?? null
          );
        }
        throw createGraphQLError("metaobject requires an id or a handle", {
          extensions: { code: "BAD_USER_INPUT" },
        });
      },
      metaobjects: async (
        _: unknown,
        args: PageArgs & { type: string; sortKey?: string | null },
        ctx: CommerceContext,
      ) => {
        const window = pageWindow(args);
        const descending = Boolean(args.reverse) !== window.backwards;
        const rows = await ctx.db
          .select()
          .from(commerceMetaobject)
          .where(
            and(
              eq(commerceMetaobject.type, args.type),
              window.after
                ? (descending ? lt : gt)(commerceMetaobject.id, window.after.id)
                : undefined,
            ),
          )
          .orderBy(descending ? desc(commerceMetaobject.id) : asc(commerceMetaobject.id))
          .limit(window.limit + 1);
        return connection(rows, window, (row) => ({ v: [], id: row.id }));
      },
      predictiveSearch: async (
        _: unknown,
        args: { query: string; limit?: number | null; types?: string[] | null },
        ctx: CommerceContext,
      ) => {
        const limit = Math.min(Math.max(args.limit ?? 10, 1), 10);
        const found = await ctx.search.predictive(args.query, limit);
        const wants = (type: string) => !args.types || args.types.includes(type);
        const products = wants("PRODUCT")
          ? (await Promise.all(found.productIds.map((id) => ctx.loaders.product(id)))).filter(
              (row): row is ProductRow => Boolean(row && !row.archived),
            )
          : [];
        const collections = wants("COLLECTION")
          ? (await Promise.all(found.collectionIds.map((id) => ctx.loaders.collection(id)))).filter(
              (row): row is CollectionRow => Boolean(row),
            )
          : [];
        const queries = wants("QUERY")
          ? found.queries.map((text) => ({ text, styledText: text }))
          : [];
        const [articles, pages] = await Promise.all(
          (["ARTICLE", "PAGE"] as const).map(async (type) =>
            wants(type) ? (await searchContent(ctx, args.query, type)).slice(0, limit) : [],
          ),
        );
        return { products, collections, queries, articles, pages };
      },
      search: async (
        _: unknown,
        args: PageArgs & {
          query: string;
          sortKey?: string;
          productFilters?: ProductFilterInput[] | null;
          types?: string[] | null;
        },
        ctx: CommerceContext,
      ) => {
        // Blog posts and editorial pages alone, as the Hydrogen starter asks for them
        // (`types: [ARTICLE]`); with products, the products answer (ranked by the search index).
        const types = args.types ?? ["PRODUCT"];
        if (!types.includes("PRODUCT")) {
          const items = (
            await Promise.all(
              (["ARTICLE", "PAGE"] as const)
                .filter((type) => types.includes(type))
                .map((type) => searchContent(ctx, args.query, type)),
            )
          ).flat();
          return contentSearchConnection(items, args);
        }
        const filters = args.productFilters ?? [];
        const where = await searchSyntaxCondition(ctx.db, args.query);
        if (where) {
          // Fields, OR, NOT…: the products that match, in id order or by price.
          const query: ListingQuery = {
            where,
            filters,
            sort: args.sortKey === "PRICE" ? "PRICE" : "ID",
            reverse: Boolean(args.reverse),
          };
          const page = await productConnection(ctx, query, args, true);
          return {
            ...page,
            productFilters: page.filters,
            totalCount: await countListing(ctx, query),
          };
        }
        if (args.sortKey !== "PRICE") return relevanceConnection(ctx, args.query, filters, args);
        const productIds = await ctx.search.matchingProductIds(args.query);
        const query: ListingQuery = {
          productIds: productIds.slice(0, 10_000),
          filters,
          sort: "PRICE",
          reverse: Boolean(args.reverse),
        };
        const page = await productConnection(ctx, query, args, true);
        const totalCount = await countListing(ctx, query);
        return { ...page, productFilters: page.filters, totalCount };
      },
    },

    Shop: {
      id: (shop: { id: number }) => toGid("Shop", shop.id),
      primaryDomain: (shop: { primaryDomainUrl: string }) => {
        const url = new URL(shop.primaryDomainUrl);
        return { url: url.origin, host: url.host, sslEnabled: url.protocol === "https:" };
      },
      ...metafieldResolvers("SHOP"),
    },

    Product: {
      id: (row: ProductRow) => toGid("Product", row.id),
      description: (row: ProductRow, args: { truncateAt?: number | null }) =>
        plainText(row.descriptionHtml, args.truncateAt),
      seo: (row: ProductRow) => ({ title: row.seoTitle, description: row.seoDescription }),
      isGiftCard: () => false,
      totalInventory: () => null,
      onlineStoreUrl: (row: ProductRow, _: unknown, ctx: CommerceContext) =>
        `${ctx.origin}/p/${row.handle}/`,
      priceRange: (row: ProductRow) => ({
        minVariantPrice: money(row.priceMinCents),
        maxVariantPrice: money(row.priceMaxCents),
      }),
      compareAtPriceRange: (row: ProductRow) => ({
        minVariantPrice: money(row.compareAtMinCents ?? 0),
        maxVariantPrice: money(row.compareAtMaxCents ?? 0),
      }),
      featuredImage: async (row: ProductRow, _: unknown, ctx: CommerceContext) =>
        (await ctx.loaders.images(row.id))?.[0] ?? null,
      images: async (row: ProductRow, args: PageArgs, ctx: CommerceContext) =>
        sliceList((await ctx.loaders.images(row.id)) ?? [], args),
      variants: async (row: ProductRow, args: PageArgs, ctx: CommerceContext) =>
        sliceList((await ctx.loaders.variants(row.id)) ?? [], args),
      variantsCount: async (row: ProductRow, _: unknown, ctx: CommerceContext) => ({
        count: ((await ctx.loaders.variants(row.id)) ?? []).length,
        precision: "EXACT",
      }),
      collections: async (row: ProductRow, args: PageArgs, ctx: CommerceContext) => {
        const rows = await ctx.db
          .select({ collection: commerceCollection })
          .from(commerceCollectionProduct)
          .innerJoin(
            commerceCollection,
            eq(commerceCollection.id, commerceCollectionProduct.collectionId),
          )
          .where(eq(commerceCollectionProduct.productId, row.id))
          .orderBy(asc(commerceCollection.id));
        const page = sliceList(
          rows.map((r) => r.collection),
          args,
        );
        return { ...page, totalCount: String(rows.length) };
      },
      ...metafieldResolvers("PRODUCT"),
    },

    ProductVariant: {
      id: (row: VariantRow) => toGid("ProductVariant", row.id),
      price: (row: VariantRow) => money(row.priceCents),
      priceV2: (row: VariantRow) => money(row.priceCents),
      compareAtPrice: compareAtPrice,
      compareAtPriceV2: compareAtPrice,
      quantityRule: async (row: VariantRow, _: unknown, ctx: CommerceContext) => {
        const metafields = await ctx.loaders.metafields(ownerKey("PRODUCT", row.productId));
        return {
          minimum: 1,
          increment: 1,
          maximum: maxQuantityOf(metafields?.get("custom.max_quantity")?.value),
        };
      },
      currentlyNotInStock: (row: VariantRow) => !row.availableForSale,
      requiresShipping: () => true,
      taxable: () => true,
      image: async (row: VariantRow, _: unknown, ctx: CommerceContext) =>
        (await ctx.loaders.images(row.productId))?.[0] ?? null,
      product: async (row: VariantRow, _: unknown, ctx: CommerceContext) =>
        ctx.loaders.product(row.productId),
      ...metafieldResolvers("PRODUCTVARIANT"),
    },

    Image: {
      // A product's picture has its row's id; a collection's, an article's or the logo theirs.
      id: (row: ImageRow & { gid?: string }) =>
        row.id > 0 ? toGid("ProductImage", row.id) : (row.gid ?? null),
      url: (
        row: ImageRow,
        args: { transform?: Record<string, unknown> | null },
        ctx: CommerceContext,
      ) => imageUrl(row.url, ctx.origin, args.transform),
    },

    Collection: {
      id: (row: CollectionRow) => toGid("Collection", row.id),
      description: (row: CollectionRow, args: { truncateAt?: number | null }) =>
        plainText(row.descriptionHtml, args.truncateAt),
      seo: (row: CollectionRow) => ({ title: row.seoTitle, description: row.seoDescription }),
      image: (row: CollectionRow) =>
        row.imageUrl
          ? {
              id: 0,
              gid: toGid("CollectionImage", row.id),
              url: row.imageUrl,
              altText: row.imageAlt,
              width: null,
              height: null,
              productId: 0,
              position: 0,
            }
          : null,
      onlineStoreUrl: (row: CollectionRow, _: unknown, ctx: CommerceContext) =>
        `${ctx.origin}/c/${row.handle}/`,
      products: (
        row: CollectionRow,
        args: PageArgs & { sortKey?: string; filters?: ProductFilterInput[] | null },
        ctx: CommerceContext,
      ) =>
        productConnection(
          ctx,
          {
            collectionId: row.id,
            filters: args.filters ?? [],
            sort: listingSort(args.sortKey, true),
            reverse: Boolean(args.reverse),
          },
          args,
          true,
        ),
      ...metafieldResolvers("COLLECTION"),
    },

    Metafield: {
      id: (row: MetafieldRow) => toGid("Metafield", row.id),
      description: () => null,
      reference: (row: MetafieldRow, _: unknown, ctx: CommerceContext) =>
        singleReference(row.type, row.value, ctx),
      references: (row: MetafieldRow, args: PageArgs, ctx: CommerceContext) =>
        listReferences(row.type, row.value, args, ctx),
    },

    Metaobject: {
      id: (row: MetaobjectRow) => toGid("Metaobject", row.id),
      field: (row: MetaobjectRow, args: { key: string }) =>
        row.fields.find((field) => field.key === args.key) ?? null,
    },

    MetaobjectField: {
      reference: (
        field: { type: string; value: string | null },
        _: unknown,
        ctx: CommerceContext,
      ) => singleReference(field.type, field.value, ctx),
      references: (
        field: { type: string; value: string | null },
        args: PageArgs,
        ctx: CommerceContext,
      ) => listReferences(field.type, field.value, args, ctx),
    },
  };
}

/**
 * Search results in relevance order: one page as the search module ranks, filters and counts
 * them, so that a search matching thousands of products costs what its page costs. A cursor
 * holds the position of its product in the filtered order.
 */
async function relevanceConnection(
  ctx: CommerceContext,
  term: string,
  filters: ProductFilterInput[],
  args: PageArgs,
) {
  const window = pageWindow(args);
  const reverse = Boolean(args.reverse);
  const at = window.after ? Number(window.after.v[0]) : undefined;
  const page = (offset: number, limit: number) =>
    ctx.search.searchPage(term, { offset, limit, reverse, filters });
  let start: number;
  let found: { ids: number[]; totalCount: number };
  if (!window.backwards) {
    // Forwards: from the product after the cursor's, one more than a page.
    start = at === undefined ? 0 : at + 1;
    found = await page(start, window.limit + 1);
  } else {
    // Backwards: the products before the cursor's (or the last ones), one more than a page.
    const end = at ?? (await page(0, 0)).totalCount;
    start = Math.max(0, end - window.limit - 1);
    found = await page(start, end - start);
  }
  const position = new Map(found.ids.map((id, index) => [id, start + index]));
  // `connection` takes rows in page order: last first when walking backwards.
  const ids = window.backwards ? found.ids.toReversed() : found.ids;
  const rows = (await Promise.all(ids.map((id) => ctx.loaders.product(id)))).filter(
    (row): row is ProductRow => Boolean(row),
  );
  return connection(rows, window, (row) => ({ v: [position.get(row.id) ?? 0], id: row.id }), {
    // Counted only when the query asks for them (GraphQL's default resolver calls a function):
    // the search page shows no facets, and counting them over every match is most of its cost.
    productFilters: async () => {
      const productIds = (await ctx.search.matchingProductIds(term)).slice(0, 10_000);
      return listingFacets(ctx.db, { productIds, filters, sort: "ID", reverse: false });
    },
    totalCount: found.totalCount,
  });
}

async function countListing(ctx: CommerceContext, query: ListingQuery) {
  return (await listingProductIds(ctx.db, query)).length;
}
