/**
 * The shop's content model, as Contentful content types (fields with `id`, `name`, `type`,
 * `linkType`): every type the storefront reads (ordering-and-server.md §3 and §7 "Content
 * service", storefront.md §2 and §3 "Menu item"). Static: editors change entries, not the model.
 * `docs/content.md` describes each type and the page that shows it.
 */

export type ContentLinkType = "Entry" | "Asset";

export type ContentFieldType =
  | "Symbol"
  | "Text"
  | "Integer"
  | "Number"
  | "Boolean"
  | "Date"
  | "Object"
  | "RichText"
  | "Link"
  | "Array";

/**
 * Contentful's field validations, checked when an entry is published (`editing/validation.ts`):
 * a unique value among the type's published entries, a length (texts) or a count (arrays), a
 * range (numbers), a list of values, a pattern, the content types a link may point at, the kind
 * of file an asset link may point at.
 */
export type ContentValidation =
  | { unique: true }
  | { size: { min?: number; max?: number } }
  | { range: { min?: number; max?: number } }
  | { in: readonly (string | number)[] }
  | { regexp: { pattern: string; flags?: string } }
  | { linkContentType: readonly string[] }
  | { linkMimetypeGroup: readonly string[] };

export type ContentFieldItems =
  | { type: "Symbol"; validations?: ContentValidation[] }
  | { type: "Link"; linkType: ContentLinkType; validations?: ContentValidation[] };

export type ContentField = {
  id: string;
  name: string;
  type: ContentFieldType;
  linkType?: ContentLinkType;
  items?: ContentFieldItems;
  required?: boolean;
  validations?: ContentValidation[];
};

export type ContentTypeDefinition = {
  id: string;
  name: string;
  description: string;
  displayField: string;
  fields: ContentField[];
  /** The storefront path of an entry of this type, `{slug}` standing for its slug; none for parts of pages. */
  path?: string;
};

const symbol = (
  id: string,
  name: string,
  required = false,
  validations?: ContentValidation[],
): ContentField => ({
  id,
  name,
  type: "Symbol",
  required,
  ...(validations ? { validations } : {}),
});
const text = (id: string, name: string, validations?: ContentValidation[]): ContentField => ({
  id,
  name,
  type: "Text",
  ...(validations ? { validations } : {}),
});
const boolean = (id: string, name: string): ContentField => ({ id, name, type: "Boolean" });
const number = (id: string, name: string): ContentField => ({ id, name, type: "Number" });
const object = (id: string, name: string): ContentField => ({ id, name, type: "Object" });
const richText = (id: string, name: string): ContentField => ({ id, name, type: "RichText" });
const integer = (id: string, name: string, validations?: ContentValidation[]): ContentField => ({
  id,
  name,
  type: "Integer",
  ...(validations ? { validations } : {}),
});
const date = (id: string, name: string): ContentField => ({ id, name, type: "Date" });
const linkTypes = (types: readonly string[] | undefined): ContentValidation[] | undefined =>
  types ? [{ linkContentType: types }] : undefined;
const entry = (id: string, name: string, types?: readonly string[]): ContentField => ({
  id,
  name,
  type: "Link",
  linkType: "Entry",
  ...(types ? { validations: linkTypes(types) } : {}),
});
/** Every asset link of the model shows a picture. */
const IMAGES: ContentValidation[] = [{ linkMimetypeGroup: ["image"] }];
const asset = (id: string, name: string): ContentField => ({
  id,
  name,
  type: "Link",
  linkType: "Asset",
  validations: IMAGES,
});
const entries = (id: string, name: string, types?: readonly string[]): ContentField => ({
  id,
  name,
  type: "Array",
  items: { type: "Link", linkType: "Entry", ...(types ? { validations: linkTypes(types) } : {}) },
});
const assets = (id: string, name: string): ContentField => ({
  id,
  name,
  type: "Array",
  items: { type: "Link", linkType: "Asset", validations: IMAGES },
});
const symbols = (id: string, name: string): ContentField => ({
  id,
  name,
  type: "Array",
  items: { type: "Symbol" },
});

/** A slug is a URL segment (`miel-de-lavande`), one entry's of its type. */
const slug = () =>
  symbol("slug", "Slug", true, [
    { unique: true },
    { regexp: { pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$" } },
    { size: { max: 100 } },
  ]);

/**
 * The types with a page of their own (a `path`): where an internal link may lead. Listed here
 * rather than computed from `CONTENT_TYPES`, which the link fields below are part of.
 */
export const PAGE_TYPES = [
  "pageCategorie",
  "subCategory",
  "pageMarque",
  "pageArtisan",
  "product",
  "cms",
  "blog_category",
  "blogpost",
  "homepage",
] as const;
/** The types that lead somewhere without a page: their external link, else their internal one. */
export const TARGET_TYPES = [
  "callToAction",
  "banner",
  "carousel",
  "menu_item",
  "reassurance_item",
] as const;
const LINKABLE = [...PAGE_TYPES, ...TARGET_TYPES];
const CATEGORY_TYPES = ["pageCategorie", "subCategory"];

const seo = [
  symbol("seoTitle", "SEO title", false, [{ size: { max: 100 } }]),
  text("seoDescription", "SEO description", [{ size: { max: 320 } }]),
];
/** Where a call-to-action-like entry leads: the external link wins over the internal one. */
const target = [
  entry("internal_link", "Internal link", PAGE_TYPES),
  symbol("external_link", "External link"),
];

/**
 * The carousel kinds of storefront.md §2. One `carousel` type with a `kind` field rather than ten
 * types: they share their fields, and an editor switches a carousel's kind without recreating it.
 */
export const CAROUSEL_KINDS = [
  "product",
  "related-products",
  "news",
  "discovery",
  "argument",
  "highlights",
  "brand",
  "product-images",
  "article-gallery",
  "store-discovery",
] as const;
export type CarouselKind = (typeof CAROUSEL_KINDS)[number];

/** The product states whose display text comes from the content service (`product_status_text`). */
export const PRODUCT_STATUSES = [
  "unavailable",
  "archived",
  "clickCollectOnly",
  "ageLimit",
] as const;

/** What a carousel's `items` may be, by kind: categories, reassurance, banners, brands, posts. */
const CAROUSEL_ITEM_TYPES = [
  ...CATEGORY_TYPES,
  "reassurance_item",
  "banner",
  "pageMarque",
  "pageArtisan",
  "blogpost",
];

export const CONTENT_TYPES: readonly ContentTypeDefinition[] = [
  {
    id: "main_menu",
    name: "Main menu",
    description: "The storefront's main navigation: its top-level items in order.",
    displayField: "title",
    fields: [symbol("title", "Title", true), entries("items", "Items", ["menu_item"])],
  },
  {
    id: "menu_item",
    name: "Menu item",
    description:
      "One item of the main menu: a link, the categories of its sub-menu, its children and its push.",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      symbol("label", "Label"),
      ...target,
      symbol("titleColor", "Title colour"),
      entries("categories", "Categories", CATEGORY_TYPES),
      entries("links", "Links", LINKABLE),
      entries("child", "Children", ["menu_item"]),
      entry("parent_category", "Parent category", CATEGORY_TYPES),
      entry("push", "Push", ["banner"]),
      boolean("isEcom", "E-commerce"),
    ],
  },
  {
    id: "footer",
    name: "Footer",
    description:
      "The storefront's footer: reassurance slider, link menus, social links, seasonal pages, legal text and disclaimers.",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      entries("reassurance", "Reassurance items", ["reassurance_item"]),
      entries("link_menus", "Link menus", ["link_menu"]),
      entries("social_links", "Social links", ["social_link"]),
      entries("seasonal_pages", "Seasonal pages", ["homepage"]),
      richText("legal_text", "Legal text"),
      text("health_disclaimer", "Health disclaimer"),
      text("alcohol_disclaimer", "Alcohol disclaimer"),
      symbol("copyright", "Copyright"),
    ],
  },
  {
    id: "reassurance_item",
    name: "Reassurance item",
    description: "One slide of the footer's reassurance slider (delivery, payment…).",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      text("text", "Text"),
      asset("icon", "Icon"),
      ...target,
    ],
  },
  {
    id: "link_menu",
    name: "Link menu",
    description: "A titled column of links in the footer.",
    displayField: "title",
    fields: [symbol("title", "Title", true), entries("links", "Links", LINKABLE)],
  },
  {
    id: "social_link",
    name: "Social link",
    description: "A link to one of the shop's social network accounts.",
    displayField: "network",
    fields: [
      symbol("network", "Network", true),
      symbol("label", "Label"),
      symbol("url", "URL", true),
    ],
  },
  {
    id: "pageCategorie",
    name: "Top category",
    description:
      "A top category page: its slug is the commerce collection's handle; text, push and merchandising.",
    displayField: "title",
    path: "/c/{slug}/",
    fields: [
      symbol("title", "Title", true),
      slug(),
      text("description", "Description"),
      asset("image", "Image"),
      entries("sub_categories", "Sub-categories", ["subCategory"]),
      entries("selected_products", "Selected products", ["product"]),
      boolean("category_archived", "Archived"),
      text("category_archived_text", "Archived text"),
      entry("push", "Push", ["banner"]),
      entries("merchandising_products", "Merchandising products", ["product"]),
      ...seo,
    ],
  },
  {
    id: "subCategory",
    name: "Sub-category",
    description:
      "A sub-category page under a top category (or under another sub-category, for a third level).",
    displayField: "title",
    path: "/c/{category}/{subcategory}/{slug}/",
    fields: [
      symbol("title", "Title", true),
      slug(),
      text("description", "Description"),
      entry("category", "Parent category", ["pageCategorie"]),
      entry("subcategory", "Parent sub-category", ["subCategory"]),
      entries("sub_categories", "Sub-categories", ["subCategory"]),
      entries("selected_products", "Selected products", ["product"]),
      boolean("is_merchandising", "Merchandising"),
      entries("products_merchandising", "Merchandising products", ["product"]),
      ...seo,
    ],
  },
  {
    id: "pageMarque",
    name: "Brand",
    description: "A brand page: its slug is the commerce brand's handle.",
    displayField: "name",
    path: "/m/{slug}/",
    fields: [
      symbol("name", "Name", true),
      slug(),
      text("description", "Description"),
      asset("image", "Image"),
      boolean("is_artisan", "Artisan"),
      entries("selected_products", "Selected products", ["product"]),
      ...seo,
    ],
  },
  {
    id: "pageArtisan",
    name: "Artisan",
    description: "An artisan's portrait, beside the brand it makes.",
    displayField: "name",
    path: "/nos-artisans/c/{slug}/",
    fields: [
      symbol("name", "Name", true),
      slug(),
      symbol("region", "Region"),
      text("quote", "Quote"),
      richText("story", "Story"),
      asset("image", "Portrait"),
      assets("images", "Workshop pictures"),
      entry("brand", "Brand", ["pageMarque"]),
      ...seo,
    ],
  },
  {
    id: "product",
    name: "Product",
    description:
      "A product's content-side record: its slug is the commerce handle; `fd_content` ties it to the ordering back end's menu item.",
    displayField: "name",
    path: "/p/{slug}/",
    fields: [
      symbol("name", "Name", true),
      slug(),
      entry("manufacturer", "Manufacturer", ["pageMarque"]),
      entries("categories", "Categories", CATEGORY_TYPES),
      object("regimes", "Diets"),
      object("allergens", "Allergens"),
      object("labels", "Labels"),
      assets("images", "Images"),
      text("short_description", "Short description"),
      number("prediscount_price", "Price before discount"),
      boolean("isProvince", "Province"),
      object("fd_content", "Ordering content"),
      symbols("tags", "Tags"),
      entries("products_in_bundle", "Products in bundle", ["product"]),
    ],
  },
  {
    id: "product_status_text",
    name: "Product status text",
    description:
      "The text a product card shows for a state (`unavailable`: 'Bientôt disponible !').",
    displayField: "status",
    fields: [
      symbol("status", "Status", true, [{ in: PRODUCT_STATUSES }]),
      symbol("text", "Text", true),
    ],
  },
  {
    id: "cms",
    name: "CMS page",
    description: "A free editorial page (legal notices, terms of sale…).",
    displayField: "title",
    path: "/cms/{slug}/",
    fields: [
      symbol("title", "Title", true),
      slug(),
      richText("body", "Body"),
      asset("image", "Image"),
      ...seo,
    ],
  },
  {
    id: "errorPage",
    name: "Error page",
    description: "The title, text and image shown for an HTTP error.",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      integer("code", "Status code", [{ range: { min: 400, max: 599 } }]),
      text("message", "Message"),
      asset("image", "Image"),
    ],
  },
  {
    id: "page_faq",
    name: "FAQ page",
    description: "The help page (/faq/): questions grouped in categories.",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      slug(),
      text("intro", "Introduction"),
      entries("categories", "Categories", ["faq_category"]),
      ...seo,
    ],
  },
  {
    id: "faq_category",
    name: "FAQ category",
    description: "A group of questions on the FAQ page.",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      slug(),
      entries("questions", "Questions", ["faq_question"]),
    ],
  },
  {
    id: "faq_question",
    name: "FAQ question",
    description: "One question and its answer.",
    displayField: "question",
    fields: [symbol("question", "Question", true), richText("answer", "Answer")],
  },
  {
    id: "blog_category",
    name: "Blog category",
    description: "A blog category.",
    displayField: "title",
    path: "/b/{slug}/",
    fields: [
      symbol("title", "Title", true),
      slug(),
      text("description", "Description"),
      asset("image", "Image"),
    ],
  },
  {
    id: "blogpost",
    name: "Blog post",
    description: "A blog post.",
    displayField: "title",
    path: "/b/{slug}/",
    fields: [
      symbol("title", "Title", true),
      slug(),
      entry("category", "Category", ["blog_category"]),
      symbol("author", "Author"),
      text("excerpt", "Excerpt"),
      richText("body", "Body"),
      asset("image", "Image"),
      date("publishDate", "Publish date"),
      symbols("tags", "Tags"),
      entries("related", "Related entries", ["blogpost"]),
      ...seo,
    ],
  },
  {
    id: "shop_page",
    name: "Shop page",
    description: "The physical shop (/magasin/): address, hours, access, map and pictures.",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      slug(),
      text("intro", "Introduction"),
      text("address", "Address"),
      symbol("phone", "Phone"),
      symbol("email", "Email"),
      object("openingHours", "Opening hours"),
      object("access", "Access"),
      object("location", "Map coordinates"),
      assets("images", "Images"),
      ...seo,
    ],
  },
  {
    id: "homepage",
    name: "Home page",
    description:
      "A page made of blocks (banners, carousels, calls to action) in order: the home page (slug `accueil`) and the seasonal pages.",
    displayField: "title",
    path: "/e/{slug}/",
    fields: [
      symbol("title", "Title", true),
      slug(),
      entries("blocks", "Blocks", ["banner", "callToAction", "carousel"]),
      ...seo,
    ],
  },
  {
    id: "callToAction",
    name: "Call to action",
    description: "A short text with a button leading somewhere.",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      text("text", "Text"),
      symbol("label", "Button label"),
      asset("image", "Image"),
      ...target,
    ],
  },
  {
    id: "banner",
    name: "Banner",
    description: "A wide picture with a title, leading somewhere.",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      symbol("subtitle", "Subtitle"),
      text("text", "Text"),
      asset("image", "Image"),
      asset("mobile_image", "Mobile image"),
      symbol("layout", "Layout"),
      ...target,
    ],
  },
  {
    id: "carousel",
    name: "Carousel",
    description:
      "A slider of one of the storefront's kinds (`kind`): products, news, brands, pictures, articles…",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      symbol("kind", "Kind", true, [{ in: CAROUSEL_KINDS }]),
      text("subtitle", "Subtitle"),
      entries("products", "Products", ["product"]),
      entries("items", "Items", CAROUSEL_ITEM_TYPES),
      assets("images", "Images"),
      symbol("collection", "Commerce collection handle"),
      ...target,
    ],
  },
];

const byId = new Map(CONTENT_TYPES.map((type) => [type.id, type]));

/** The content type with this id, or undefined. */
export function findContentType(id: string): ContentTypeDefinition | undefined {
  return byId.get(id);
}
