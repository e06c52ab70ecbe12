import { documentToHtmlString, type Options } from "@contentful/rich-text-html-renderer";
import type { Document } from "@contentful/rich-text-types";
import {
  type ContentEntry,
  entriesOf,
  getBlogPosts,
  getFooter,
  getMainMenu,
} from "#app/lib/content/content.server.ts";
import {
  assetFile,
  isRichTextDocument,
  richTextToPlainText,
} from "#app/lib/content/rich-text-data.ts";
import { shopFactTexts } from "#app/lib/content/shop-facts.server.ts";
import { type FactTexts, fillFacts } from "#app/lib/content/shop-facts.ts";
import { normaliseFooter, normaliseMenu } from "#app/lib/layout/site-layout.ts";
import { linkTo } from "#app/lib/links.ts";
import type {
  ContentReads,
  OnlineStoreArticle,
  OnlineStoreBlog,
  OnlineStoreMenu,
  OnlineStorePage,
  ShopPolicyField,
} from "#platform/commerce/index.ts";

/**
 * The commerce service's content port (platform/commerce/content-port.ts) wired to the content
 * service the storefront reads: the same menu and footer (cached, dropped when content changes),
 * the same editorial pages and blog, their links built by the storefront's one link builder. Rich
 * text becomes HTML with Contentful's own renderer, links and pictures as the storefront's
 * renderer (app/lib/content/rich-text.tsx) draws them. So a Shopify storefront pointed at the commerce
 * service shows what Comptoir's pages show.
 */

/** Which editorial page stands for each of Shopify's shop policies. */
export const POLICY_PAGES: Partial<Record<ShopPolicyField, string>> = {
  legalNotice: "mentions-legales",
  privacyPolicy: "donnees-personnelles",
  shippingPolicy: "livraison-et-retrait",
  // The CGV are both: French law calls them the terms of sale, Shopify's themes the terms of service.
  termsOfSale: "cgv",
  termsOfService: "cgv",
};

/** The blog has one listing page; its categories are Shopify's blogs. */
const BLOG_PATH = "/blog/";

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;

const escapeAttribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** The target entry or asset of a link node, as the content service resolved it. */
const targetOf = (node: { data: Record<string, unknown> }) => node.data.target;

function titleOf(target: unknown): string {
  const fields = (target as ContentEntry | undefined)?.fields ?? {};
  return text(fields.title) ?? text(fields.name) ?? "";
}

const RICH_HTML: Partial<Options> = {
  renderNode: {
    "entry-hyperlink": (node, next) =>
      `<a href="${escapeAttribute(linkTo(targetOf(node) as ContentEntry))}">${next(node.content)}</a>`,
    "asset-hyperlink": (node, next) => {
      const file = assetFile(targetOf(node));
      return file
        ? `<a href="${escapeAttribute(file.url)}">${next(node.content)}</a>`
        : next(node.content);
    },
    "embedded-asset-block": (node) => {
      const file = assetFile(targetOf(node));
      if (!file) return "";
      const size =
        file.width && file.height ? ` width="${file.width}" height="${file.height}"` : "";
      return `<figure><img src="${escapeAttribute(file.url)}" alt="${escapeAttribute(file.title)}"${size} loading="lazy"></figure>`;
    },
    "embedded-entry-block": (node) => {
      const label = titleOf(targetOf(node));
      if (!label) return "";
      const href = escapeAttribute(linkTo(targetOf(node) as ContentEntry));
      return `<p><a href="${href}">${escapeAttribute(label)}</a></p>`;
    },
    "embedded-entry-inline": (node) => {
      const label = titleOf(targetOf(node));
      if (!label) return "";
      return `<a href="${escapeAttribute(linkTo(targetOf(node) as ContentEntry))}">${escapeAttribute(label)}</a>`;
    },
  },
};

/** A rich-text field as HTML; empty for anything that is not a document. */
export function richHtml(document: unknown): string {
  if (!isRichTextDocument(document)) return "";
  return documentToHtmlString(document as unknown as Document, RICH_HTML);
}

function seoOf(fields: Record<string, unknown>) {
  return { title: text(fields.seoTitle), description: text(fields.seoDescription) };
}

function toPage(entry: ContentEntry, facts: FactTexts): OnlineStorePage | null {
  const fields = fillFacts(entry.fields, facts);
  const handle = text(fields.slug);
  const title = text(fields.title);
  if (!handle || !title) return null;
  return {
    id: entry.sys.id,
    handle,
    title,
    bodyHtml: richHtml(fields.body),
    bodyText: richTextToPlainText(fields.body),
    seo: seoOf(fields),
    createdAt: new Date(entry.sys.createdAt),
    updatedAt: new Date(entry.sys.updatedAt),
    path: linkTo(entry),
  };
}

function toBlog(entry: ContentEntry): OnlineStoreBlog | null {
  const handle = text(entry.fields.slug);
  const title = text(entry.fields.title);
  if (!handle || !title) return null;
  return {
    id: entry.sys.id,
    handle,
    title,
    seo: { title, description: text(entry.fields.description) },
    path: BLOG_PATH,
  };
}

function toArticle(entry: ContentEntry, facts: FactTexts): OnlineStoreArticle | null {
  const fields = fillFacts(entry.fields, facts);
  const handle = text(fields.slug);
  const title = text(fields.title);
  const category = fields.category as ContentEntry | undefined;
  const blogHandle = text(category?.fields?.slug);
  if (!handle || !title || !blogHandle) return null;
  const image = assetFile(fields.image);
  const published = text(fields.publishDate);
  return {
    id: entry.sys.id,
    handle,
    title,
    blogHandle,
    author: text(fields.author),
    contentHtml: richHtml(fields.body),
    contentText: richTextToPlainText(fields.body),
    excerpt: text(fields.excerpt),
    publishedAt: new Date(published ? `${published}T00:00:00Z` : entry.sys.createdAt),
    image: image
      ? { url: image.url, altText: image.title || null, width: image.width, height: image.height }
      : null,
    tags: Array.isArray(fields.tags) ? fields.tags.filter((tag) => typeof tag === "string") : [],
    seo: seoOf(fields),
    path: linkTo(entry),
  };
}

async function mainMenu(): Promise<OnlineStoreMenu | null> {
  const entry = await getMainMenu();
  if (!entry) return null;
  return {
    id: entry.sys.id,
    handle: "main-menu",
    title: text(entry.fields.title) ?? "Menu principal",
    items: normaliseMenu(entry).map((item) => ({
      id: item.id,
      title: item.title,
      url: item.href,
      items: item.groups.map((group, index) => ({
        id: `${item.id}-${index + 1}`,
        title: group.title,
        url: group.href,
        items: [],
      })),
    })),
  };
}

/** The footer's link columns: one item per column, its links below. */
async function footerMenu(): Promise<OnlineStoreMenu | null> {
  const entry = await getFooter();
  if (!entry) return null;
  return {
    id: entry.sys.id,
    handle: "footer",
    title: text(entry.fields.title) ?? "Pied de page",
    items: normaliseFooter(entry).menus.map((menu, index) => ({
      id: `${entry.sys.id}-${index + 1}`,
      title: menu.title,
      url: null,
      items: menu.links.map((link, position) => ({
        id: `${entry.sys.id}-${index + 1}-${position + 1}`,
        title: link.title,
        url: link.href,
        items: [],
      })),
    })),
  };
}

const defined = <T>(value: T | null): value is T => value !== null;

/** The CMS pages, their fact tokens (`{{shop.address}}`) filled as the storefront fills them. */
async function editorialPages(): Promise<OnlineStorePage[]> {
  const [entries, facts] = await Promise.all([
    entriesOf<Record<string, unknown>>("cms", { order: "fields.slug" }),
    shopFactTexts(),
  ]);
  return (entries ?? []).map((entry) => toPage(entry, facts)).filter(defined);
}

export function onlineStoreContent(): ContentReads {
  return {
    menu: (handle) =>
      handle === "main-menu"
        ? mainMenu()
        : handle === "footer"
          ? footerMenu()
          : Promise.resolve(null),
    pages: editorialPages,
    policies: async () => {
      const pages = await editorialPages();
      return Object.fromEntries(
        Object.entries(POLICY_PAGES).flatMap(([field, slug]) => {
          const page = pages.find((one) => one.handle === slug);
          return page ? [[field, page]] : [];
        }),
      );
    },
    blogs: async () =>
      ((await entriesOf<Record<string, unknown>>("blog_category", { order: "fields.slug" })) ?? [])
        .map(toBlog)
        .filter(defined),
    articles: async () => {
      const [posts, facts] = await Promise.all([getBlogPosts(), shopFactTexts()]);
      return posts.map((post) => toArticle(post, facts)).filter(defined);
    },
  };
}
