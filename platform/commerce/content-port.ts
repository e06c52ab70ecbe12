/**
 * What the Storefront API's online-store content (menus, pages, policies, blogs and articles)
 * needs from the content service (docs/architecture.md, "Ports"): the shop's texts live there
 * once, and the API answers them in Shopify's shapes. The server wires it to the content
 * module's face (server/online-store-content.ts); tests wire the same reads.
 *
 * Paths are the storefront's own (`/cms/cgv/`, `/c/fromages/`); the API makes them absolute on
 * the shop's origin. An external link keeps its absolute URL.
 */

export type OnlineStoreMenuItem = {
  /** Unique in its menu. */
  id: string;
  title: string;
  /** A storefront path (`/c/fromages/`), an absolute external URL, or null without a link. */
  url: string | null;
  items: OnlineStoreMenuItem[];
};

export type OnlineStoreMenu = {
  /** The content entry's id. */
  id: string;
  /** Shopify's handle of the menu: `main-menu`, `footer`. */
  handle: string;
  title: string;
  items: OnlineStoreMenuItem[];
};

export type OnlineStoreSeo = { title: string | null; description: string | null };

export type OnlineStorePage = {
  id: string;
  handle: string;
  title: string;
  /** The body as HTML, as the storefront renders it. */
  bodyHtml: string;
  /** The body's text, without markup. */
  bodyText: string;
  seo: OnlineStoreSeo;
  createdAt: Date;
  updatedAt: Date;
  path: string;
};

export type OnlineStoreBlog = {
  id: string;
  handle: string;
  title: string;
  seo: OnlineStoreSeo;
  path: string;
};

export type OnlineStoreImage = {
  url: string;
  altText: string | null;
  width: number | null;
  height: number | null;
};

export type OnlineStoreArticle = {
  id: string;
  handle: string;
  title: string;
  /** The handle of its blog (its category). */
  blogHandle: string;
  author: string | null;
  contentHtml: string;
  contentText: string;
  excerpt: string | null;
  publishedAt: Date;
  image: OnlineStoreImage | null;
  tags: string[];
  seo: OnlineStoreSeo;
  path: string;
};

/** The `Shop` fields of Shopify's policies. */
export const SHOP_POLICY_FIELDS = [
  "legalNotice",
  "privacyPolicy",
  "refundPolicy",
  "shippingPolicy",
  "termsOfService",
  "subscriptionPolicy",
  "termsOfSale",
] as const;
export type ShopPolicyField = (typeof SHOP_POLICY_FIELDS)[number];

export type ContentReads = {
  /** A menu by Shopify's handle; null when the content has none by that handle. */
  menu(handle: string): Promise<OnlineStoreMenu | null>;
  /** The editorial pages, in handle order. */
  pages(): Promise<OnlineStorePage[]>;
  /** The pages that stand for the shop's policies; a policy without a page is absent. */
  policies(): Promise<Partial<Record<ShopPolicyField, OnlineStorePage>>>;
  /** The blogs, in handle order. */
  blogs(): Promise<OnlineStoreBlog[]>;
  /** The published articles of every blog, newest first. */
  articles(): Promise<OnlineStoreArticle[]>;
};

/** No content: every menu, page, policy and blog is absent (a shop without a content service). */
export const NO_CONTENT: ContentReads = {
  menu: async () => null,
  pages: async () => [],
  policies: async () => ({}),
  blogs: async () => [],
  articles: async () => [],
};
