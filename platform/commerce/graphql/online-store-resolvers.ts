import { createGraphQLError } from "graphql-yoga";
import {
  type ContentReads,
  type OnlineStoreArticle,
  type OnlineStoreBlog,
  type OnlineStoreImage,
  type OnlineStoreMenuItem,
  type OnlineStorePage,
  SHOP_POLICY_FIELDS,
  type ShopPolicyField,
} from "#platform/commerce/content-port.ts";
import { toGid } from "#platform/commerce/gid.ts";
import {
  filterByQuery,
  type Searchable,
  wordsOf,
} from "#platform/commerce/graphql/content-query.ts";
import type { ImageRow } from "#platform/commerce/graphql/loaders.ts";
import { type PageArgs, pageOfList } from "#platform/commerce/graphql/pagination.ts";
import { type CommerceContext, plainText } from "#platform/commerce/graphql/resolver-support.ts";

/**
 * Resolvers of online-store.graphql: menus, pages, policies, blogs and articles from the content
 * port, and the shop's brand. Lists are small (tens of entries): each is read once per request
 * (`readsOf`) and paged in memory, by position.
 */

type ListReads = Pick<ContentReads, "pages" | "blogs" | "articles" | "policies">;

const perRequest = new WeakMap<object, Map<keyof ListReads, Promise<unknown>>>();

/** A content list, read at most once per request (the loaders object is the request's). */
export function listContent<K extends keyof ListReads>(
  ctx: CommerceContext,
  key: K,
): ReturnType<ListReads[K]> {
  let reads = perRequest.get(ctx.loaders);
  if (!reads) {
    reads = new Map();
    perRequest.set(ctx.loaders, reads);
  }
  let value = reads.get(key);
  if (!value) {
    value = ctx.content[key]();
    reads.set(key, value);
  }
  return value as ReturnType<ListReads[K]>;
}

/** Whether every word of `term` starts a word of the texts, accents and case aside. */
function found(term: string, texts: readonly (string | null)[]): boolean {
  const wanted = wordsOf(term);
  if (wanted.length === 0) return false;
  const words = wordsOf(texts.join(" "));
  return wanted.every((word) => words.some((candidate) => candidate.startsWith(word)));
}

/**
 * The blog posts or editorial pages a search term finds (`search`, `predictiveSearch`): those
 * whose title, text, excerpt or tags hold a word starting with each word of the term; titles
 * that match first.
 */
export async function searchContent(
  ctx: CommerceContext,
  term: string,
  kind: "ARTICLE" | "PAGE",
): Promise<(OnlineStoreArticle | OnlineStorePage)[]> {
  const byTitleFirst = <T extends { title: string }>(items: T[]) => [
    ...items.filter((item) => found(term, [item.title])),
    ...items.filter((item) => !found(term, [item.title])),
  ];
  if (kind === "PAGE") {
    const pages = await listContent(ctx, "pages");
    return byTitleFirst(pages.filter((page) => found(term, [page.title, page.bodyText])));
  }
  const articles = await listContent(ctx, "articles");
  return byTitleFirst(
    articles.filter((article) =>
      found(term, [article.title, article.excerpt, article.contentText, article.tags.join(" ")]),
    ),
  );
}

/** A search's content results as its connection (no product filters). */
export function contentSearchConnection(
  items: readonly (OnlineStoreArticle | OnlineStorePage)[],
  args: PageArgs,
) {
  return { ...pageOfList(items, args), productFilters: [], totalCount: items.length };
}

/** `gid://shopify/Page/cms-cgv`: content entries keep their own ids inside Shopify's GIDs. */
const contentGid = (type: string, id: string) => `gid://shopify/${type}/${encodeURIComponent(id)}`;

function contentIdOf(gid: string, type: string): string | null {
  const prefix = `gid://shopify/${type}/`;
  if (!gid.startsWith(prefix)) return null;
  try {
    return decodeURIComponent(gid.slice(prefix.length));
  } catch {
    return null;
  }
}

const absolute = (path: string, ctx: CommerceContext) => new URL(path, ctx.origin).toString();

/** What an article, a page or a blog offers a `query` argument (content-query.ts). */
const searchableArticle = (article: OnlineStoreArticle): Searchable => ({
  text: [article.title, article.excerpt, article.contentText, article.tags.join(" ")],
  words: { title: article.title },
  values: { handle: article.handle, author: article.author, blog_title: article.blogHandle },
  tags: article.tags,
  dates: {
    created_at: article.publishedAt,
    published_at: article.publishedAt,
    updated_at: article.publishedAt,
  },
});
const searchablePage = (page: OnlineStorePage): Searchable => ({
  text: [page.title, page.bodyText],
  words: { title: page.title, body: page.bodyText },
  values: { handle: page.handle },
  dates: { created_at: page.createdAt, updated_at: page.updatedAt },
});
const searchableBlog = (blog: OnlineStoreBlog): Searchable => ({
  text: [blog.title],
  words: { title: blog.title },
  values: { handle: blog.handle },
});

function sorted<T>(items: readonly T[], key: (item: T) => string | number): T[] {
  return [...items].sort((a, b) => {
    const left = key(a);
    const right = key(b);
    return left < right ? -1 : left > right ? 1 : 0;
  });
}

type ListArgs = PageArgs & { query?: string | null; sortKey?: string | null };

function articleList(articles: OnlineStoreArticle[], args: ListArgs) {
  const found = filterByQuery(articles, args.query, searchableArticle);
  switch (args.sortKey) {
    case "TITLE":
      return sorted(found, (article) => article.title);
    case "AUTHOR":
      return sorted(found, (article) => article.author ?? "");
    case "BLOG_TITLE":
      return sorted(found, (article) => article.blogHandle);
    case "PUBLISHED_AT":
    case "UPDATED_AT":
      return sorted(found, (article) => article.publishedAt.getTime());
    default:
      // ID and RELEVANCE: newest first, the order the content service gives.
      return found;
  }
}

/** An image the content service holds, as the `Image` type, with the id `gid` (not a row's). */
function contentImage(
  image: OnlineStoreImage | null,
  gid: string,
): (ImageRow & { gid: string }) | null {
  if (!image) return null;
  return {
    gid,
    id: 0,
    productId: 0,
    position: 0,
    url: image.url,
    altText: image.altText,
    width: image.width,
    height: image.height,
  };
}

function authorOf(article: OnlineStoreArticle) {
  const name = article.author?.trim() || "Comptoir";
  const [firstName = name, ...rest] = name.split(/\s+/);
  return {
    name,
    firstName,
    lastName: rest.join(" "),
    // The content model keeps no author address: the shop's own answers for them.
    email: "",
    bio: null,
  };
}

/** The policies as Shopify's handles name them (`privacy-policy`, `terms-of-service`…). */
const POLICY_HANDLES: Record<ShopPolicyField, string> = {
  legalNotice: "legal-notice",
  privacyPolicy: "privacy-policy",
  refundPolicy: "refund-policy",
  shippingPolicy: "shipping-policy",
  termsOfService: "terms-of-service",
  subscriptionPolicy: "subscription-policy",
  termsOfSale: "terms-of-sale",
};

function policyResolver(field: ShopPolicyField) {
  return async (_: unknown, __: unknown, ctx: CommerceContext) => {
    const page = (await listContent(ctx, "policies"))[field];
    if (!page) return null;
    return {
      id: contentGid("ShopPolicy", page.id),
      handle: POLICY_HANDLES[field],
      title: page.title,
      body: page.bodyHtml,
      url: absolute(page.path, ctx),
    };
  };
}

/** A menu item as the API answers it; `path` (a storefront path, or null) finds its resource. */
type MenuItemNode = {
  id: string;
  title: string;
  url: string;
  type: string;
  path: string | null;
  tags: string[];
  items: MenuItemNode[];
};

/**
 * A menu item: every one has a `url`, as on Shopify, where a heading without a link is `#`
 * (Hydrogen's header and footer drop items without one).
 */
function menuItemNode(item: OnlineStoreMenuItem, ctx: CommerceContext): MenuItemNode {
  const path = item.url && !/^[a-z][a-z0-9+.-]*:/i.test(item.url) ? item.url : null;
  return {
    id: contentGid("MenuItem", item.id),
    title: item.title,
    url: item.url === null ? "#" : absolute(item.url, ctx),
    type: item.url === null ? "HTTP" : menuItemType(path),
    path,
    tags: [],
    items: item.items.map((child) => menuItemNode(child, ctx)),
  };
}

const perItem = new WeakMap<MenuItemNode, Promise<{ __typename: string; gid: string } | null>>();

/**
 * What a menu item's path leads to, with its type and gid: a category or product of the
 * catalogue, a page, a blog or a post of the content; null for a search, the account, a link
 * elsewhere or a heading. Read once per item however many of its fields are asked.
 */
function menuResource(item: MenuItemNode, ctx: CommerceContext) {
  let found = perItem.get(item);
  if (!found) {
    found = findMenuResource(item.path, ctx);
    perItem.set(item, found);
  }
  return found;
}

async function findMenuResource(
  path: string | null,
  ctx: CommerceContext,
): Promise<({ __typename: string; gid: string } & object) | null> {
  if (!path) return null;
  const clean = path.split(/[?#]/)[0] ?? "";
  const last = clean.split("/").filter(Boolean).at(-1) ?? "";
  const handle = (() => {
    try {
      return decodeURIComponent(last);
    } catch {
      return last;
    }
  })();
  if (clean.startsWith("/c/")) {
    const row = await ctx.loaders.collectionByHandle(handle);
    return row ? { ...row, __typename: "Collection", gid: toGid("Collection", row.id) } : null;
  }
  if (clean.startsWith("/p/")) {
    const row = await ctx.loaders.productByHandle(handle);
    return row && !row.archived
      ? { ...row, __typename: "Product", gid: toGid("Product", row.id) }
      : null;
  }
  const samePath = (other: string) => other === clean;
  const page = (await listContent(ctx, "pages")).find((one) => samePath(one.path));
  if (page) return { ...page, __typename: "Page", gid: contentGid("Page", page.id) };
  const blog = (await listContent(ctx, "blogs")).find((one) => samePath(one.path));
  if (blog) return { ...blog, __typename: "Blog", gid: contentGid("Blog", blog.id) };
  const article = (await listContent(ctx, "articles")).find((one) => samePath(one.path));
  if (article) return { ...article, __typename: "Article", gid: contentGid("Article", article.id) };
  return null;
}

/** What a storefront path leads to, in Shopify's menu item types. */
function menuItemType(path: string | null): string {
  if (path === null) return "HTTP";
  if (path === "/") return "FRONTPAGE";
  if (path.startsWith("/c/")) return "COLLECTION";
  if (path.startsWith("/p/")) return "PRODUCT";
  if (path.startsWith("/cms/")) return "PAGE";
  if (path.startsWith("/b/")) return "ARTICLE";
  if (path === "/blog/") return "BLOG";
  if (path.startsWith("/recherche")) return "SEARCH";
  if (path.startsWith("/compte")) return "CUSTOMER_ACCOUNT_PAGE";
  return "HTTP";
}

/** The shop's logo and colours (app/styles/app.css), as a storefront draws its brand. */
const LOGO: OnlineStoreImage = { url: "/favicon.svg", altText: "Comptoir", width: 32, height: 32 };
const LOGO_GID = "gid://shopify/ImageSource/shop-logo";

const BRAND_COLORS = {
  primary: [{ background: "#7a2e2e", foreground: "#ffffff" }],
  secondary: [{ background: "#fbf8f3", foreground: "#1d1b18" }],
};

export function createOnlineStoreResolvers() {
  return {
    QueryRoot: {
      menu: async (_: unknown, args: { handle: string }, ctx: CommerceContext) => {
        const menu = await ctx.content.menu(args.handle);
        if (!menu) return null;
        return {
          id: contentGid("Menu", menu.id),
          handle: menu.handle,
          title: menu.title,
          items: menu.items.map((item) => menuItemNode(item, ctx)),
          itemsCount: menu.items.length,
        };
      },
      pages: async (_: unknown, args: ListArgs, ctx: CommerceContext) => {
        const pages = filterByQuery(await listContent(ctx, "pages"), args.query, searchablePage);
        const order =
          args.sortKey === "TITLE"
            ? sorted(pages, (page) => page.title)
            : args.sortKey === "UPDATED_AT"
              ? sorted(pages, (page) => page.updatedAt.getTime())
              : pages;
        return pageOfList(order, args);
      },
      page: async (
        _: unknown,
        args: { handle?: string | null; id?: string | null },
        ctx: CommerceContext,
      ) => findPage(await listContent(ctx, "pages"), args),
      pageByHandle: async (_: unknown, args: { handle: string }, ctx: CommerceContext) =>
        findPage(await listContent(ctx, "pages"), args),
      blogs: async (_: unknown, args: ListArgs, ctx: CommerceContext) => {
        const blogs = filterByQuery(await listContent(ctx, "blogs"), args.query, searchableBlog);
        const order =
          args.sortKey === "TITLE"
            ? sorted(blogs, (blog) => blog.title)
            : args.sortKey === "HANDLE"
              ? sorted(blogs, (blog) => blog.handle)
              : blogs;
        return pageOfList(order, args);
      },
      blog: async (
        _: unknown,
        args: { handle?: string | null; id?: string | null },
        ctx: CommerceContext,
      ) => findBlog(await listContent(ctx, "blogs"), args),
      blogByHandle: async (_: unknown, args: { handle: string }, ctx: CommerceContext) =>
        findBlog(await listContent(ctx, "blogs"), args),
      articles: async (_: unknown, args: ListArgs, ctx: CommerceContext) =>
        pageOfList(articleList(await listContent(ctx, "articles"), args), args),
      article: async (_: unknown, args: { id: string }, ctx: CommerceContext) => {
        const id = contentIdOf(args.id, "Article");
        return (await listContent(ctx, "articles")).find((article) => article.id === id) ?? null;
      },
    },

    Shop: {
      brand: (shop: { description: string | null }) => ({
        shortDescription: shop.description,
        slogan: null,
        colors: BRAND_COLORS,
      }),
      ...Object.fromEntries(SHOP_POLICY_FIELDS.map((field) => [field, policyResolver(field)])),
    },

    Brand: {
      logo: () => contentImage(LOGO, LOGO_GID),
      squareLogo: () => contentImage(LOGO, LOGO_GID),
    },

    MenuItem: {
      resource: (item: MenuItemNode, _: unknown, ctx: CommerceContext) => menuResource(item, ctx),
      resourceId: async (item: MenuItemNode, _: unknown, ctx: CommerceContext) =>
        (await menuResource(item, ctx))?.gid ?? null,
    },

    Page: {
      id: (page: OnlineStorePage) => contentGid("Page", page.id),
      body: (page: OnlineStorePage) => page.bodyHtml,
      bodySummary: (page: OnlineStorePage) => plainText(page.bodyText, 150),
      onlineStoreUrl: (page: OnlineStorePage, _: unknown, ctx: CommerceContext) =>
        absolute(page.path, ctx),
    },

    Blog: {
      id: (blog: OnlineStoreBlog) => contentGid("Blog", blog.id),
      onlineStoreUrl: (blog: OnlineStoreBlog, _: unknown, ctx: CommerceContext) =>
        absolute(blog.path, ctx),
      articles: async (blog: OnlineStoreBlog, args: ListArgs, ctx: CommerceContext) =>
        pageOfList(
          articleList(
            (await listContent(ctx, "articles")).filter(
              (article) => article.blogHandle === blog.handle,
            ),
            args,
          ),
          args,
        ),
      articleByHandle: async (
        blog: OnlineStoreBlog,
        args: { handle: string },
        ctx: CommerceContext,
      ) =>
        (await listContent(ctx, "articles")).find(
          (article) => article.blogHandle === blog.handle && article.handle === args.handle,
        ) ?? null,
      authors: async (blog: OnlineStoreBlog, _: unknown, ctx: CommerceContext) => {
        const names = new Map<string, ReturnType<typeof authorOf>>();
        for (const article of await listContent(ctx, "articles")) {
          if (article.blogHandle !== blog.handle) continue;
          const author = authorOf(article);
          names.set(author.name, author);
        }
        return [...names.values()];
      },
    },

    Article: {
      id: (article: OnlineStoreArticle) => contentGid("Article", article.id),
      author: authorOf,
      authorV2: authorOf,
      blog: async (article: OnlineStoreArticle, _: unknown, ctx: CommerceContext) => {
        const blog = (await listContent(ctx, "blogs")).find(
          (one) => one.handle === article.blogHandle,
        );
        if (!blog) throw createGraphQLError(`The blog of article ${article.handle} is gone`);
        return blog;
      },
      content: (article: OnlineStoreArticle, args: { truncateAt?: number | null }) =>
        plainText(article.contentText, args.truncateAt),
      excerpt: (article: OnlineStoreArticle, args: { truncateAt?: number | null }) =>
        article.excerpt === null ? null : plainText(article.excerpt, args.truncateAt),
      excerptHtml: (article: OnlineStoreArticle) =>
        article.excerpt === null ? null : `<p>${escapeHtml(article.excerpt)}</p>`,
      image: (article: OnlineStoreArticle) =>
        contentImage(article.image, contentGid("ArticleImage", article.id)),
      onlineStoreUrl: (article: OnlineStoreArticle, _: unknown, ctx: CommerceContext) =>
        absolute(article.path, ctx),
    },
  };
}

function findPage(pages: OnlineStorePage[], args: { handle?: string | null; id?: string | null }) {
  if (args.id != null) {
    const id = contentIdOf(args.id, "Page");
    return pages.find((page) => page.id === id) ?? null;
  }
  return pages.find((page) => page.handle === args.handle) ?? null;
}

function findBlog(blogs: OnlineStoreBlog[], args: { handle?: string | null; id?: string | null }) {
  if (args.id != null) {
    const id = contentIdOf(args.id, "Blog");
    return blogs.find((blog) => blog.id === id) ?? null;
  }
  return blogs.find((blog) => blog.handle === args.handle) ?? null;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}
