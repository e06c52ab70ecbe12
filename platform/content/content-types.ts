/**
 * The shop's content model, as Contentful content types (fields with `id`, `name`, `type`,
 * `linkType`): the types the storefront reads (ordering-and-server.md §3 "Content service",
 * storefront.md §3 "Menu item"). Static for now; a management API may later store them.
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
  | "Link"
  | "Array";

export type ContentField = {
  id: string;
  name: string;
  type: ContentFieldType;
  linkType?: ContentLinkType;
  items?: { type: "Symbol" } | { type: "Link"; linkType: ContentLinkType };
  required?: boolean;
};

export type ContentTypeDefinition = {
  id: string;
  name: string;
  description: string;
  displayField: string;
  fields: ContentField[];
};

const symbol = (id: string, name: string, required = false): ContentField => ({
  id,
  name,
  type: "Symbol",
  required,
});
const text = (id: string, name: string): ContentField => ({ id, name, type: "Text" });
const boolean = (id: string, name: string): ContentField => ({ id, name, type: "Boolean" });
const number = (id: string, name: string): ContentField => ({ id, name, type: "Number" });
const object = (id: string, name: string): ContentField => ({ id, name, type: "Object" });
const entry = (id: string, name: string): ContentField => ({
  id,
  name,
  type: "Link",
  linkType: "Entry",
});
const asset = (id: string, name: string): ContentField => ({
  id,
  name,
  type: "Link",
  linkType: "Asset",
});
const entries = (id: string, name: string): ContentField => ({
  id,
  name,
  type: "Array",
  items: { type: "Link", linkType: "Entry" },
});
const assets = (id: string, name: string): ContentField => ({
  id,
  name,
  type: "Array",
  items: { type: "Link", linkType: "Asset" },
});
const symbols = (id: string, name: string): ContentField => ({
  id,
  name,
  type: "Array",
  items: { type: "Symbol" },
});

const seo = [symbol("seoTitle", "SEO title"), text("seoDescription", "SEO description")];

export const CONTENT_TYPES: readonly ContentTypeDefinition[] = [
  {
    id: "main_menu",
    name: "Main menu",
    description: "The storefront's main navigation.",
    displayField: "title",
    fields: [symbol("title", "Title", true), entries("items", "Items")],
  },
  {
    id: "menu_item",
    name: "Menu item",
    description: "One entry of the main menu, possibly with children.",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      symbol("label", "Label"),
      entry("internal_link", "Internal link"),
      symbol("external_link", "External link"),
      symbol("titleColor", "Title colour"),
      entries("categories", "Categories"),
      entries("links", "Links"),
      entries("child", "Children"),
      entry("parent_category", "Parent category"),
      entry("push", "Push"),
      boolean("isEcom", "E-commerce"),
    ],
  },
  {
    id: "footer",
    name: "Footer",
    description: "The storefront's footer: link columns and legal text.",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      entries("links", "Links"),
      object("columns", "Columns"),
      object("socialLinks", "Social links"),
      text("text", "Text"),
    ],
  },
  {
    id: "pageCategorie",
    name: "Top category",
    description: "A top category page (/c/{slug}/).",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      symbol("slug", "Slug", true),
      text("description", "Description"),
      asset("image", "Image"),
      entries("sub_categories", "Sub-categories"),
      entries("selected_products", "Selected products"),
      boolean("category_archived", "Archived"),
      entry("push", "Push"),
      entries("merchandising_products", "Merchandising products"),
      ...seo,
    ],
  },
  {
    id: "subCategory",
    name: "Sub-category",
    description: "A sub-category page under a top category.",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      symbol("slug", "Slug", true),
      entry("category", "Parent category"),
      entry("subcategory", "Parent sub-category"),
      entries("sub_categories", "Sub-categories"),
      entries("selected_products", "Selected products"),
      boolean("is_merchandising", "Merchandising"),
      entries("products_merchandising", "Merchandising products"),
      ...seo,
    ],
  },
  {
    id: "pageMarque",
    name: "Brand",
    description: "A brand page (/m/{slug}/).",
    displayField: "name",
    fields: [
      symbol("name", "Name", true),
      symbol("slug", "Slug", true),
      text("description", "Description"),
      asset("image", "Image"),
      boolean("is_artisan", "Artisan"),
    ],
  },
  {
    id: "product",
    name: "Product",
    description: "A product's editorial content (/p/{slug}/).",
    displayField: "name",
    fields: [
      symbol("name", "Name", true),
      symbol("slug", "Slug", true),
      entry("manufacturer", "Manufacturer"),
      object("regimes", "Diets"),
      object("allergens", "Allergens"),
      object("labels", "Labels"),
      assets("images", "Images"),
      text("short_description", "Short description"),
      number("prediscount_price", "Price before discount"),
      boolean("isProvince", "Province"),
      object("fd_content", "Ordering content"),
      symbols("tags", "Tags"),
      entries("products_in_bundle", "Products in bundle"),
    ],
  },
  {
    id: "cms",
    name: "CMS page",
    description: "A free editorial page (/cms/{slug}/).",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      symbol("slug", "Slug", true),
      text("content", "Content"),
      asset("image", "Image"),
      ...seo,
    ],
  },
  {
    id: "errorPage",
    name: "Error page",
    description: "The text and image shown for an HTTP error.",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      { id: "code", name: "Status code", type: "Integer" },
      text("message", "Message"),
      asset("image", "Image"),
    ],
  },
  {
    id: "page_faq",
    name: "FAQ page",
    description: "Questions and answers.",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      symbol("slug", "Slug", true),
      object("questions", "Questions"),
      ...seo,
    ],
  },
  {
    id: "blog_category",
    name: "Blog category",
    description: "A blog category (/b/{slug}/).",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      symbol("slug", "Slug", true),
      text("description", "Description"),
    ],
  },
  {
    id: "blogpost",
    name: "Blog post",
    description: "A blog post (/b/{slug}/).",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      symbol("slug", "Slug", true),
      entry("category", "Category"),
      text("excerpt", "Excerpt"),
      text("body", "Body"),
      asset("image", "Image"),
      { id: "publishDate", name: "Publish date", type: "Date" },
      symbols("tags", "Tags"),
      entries("related", "Related entries"),
      ...seo,
    ],
  },
  {
    id: "shop_page",
    name: "Shop page",
    description: "A physical shop: address, hours, pictures.",
    displayField: "title",
    fields: [
      symbol("title", "Title", true),
      symbol("slug", "Slug", true),
      text("address", "Address"),
      symbol("phone", "Phone"),
      object("openingHours", "Opening hours"),
      assets("images", "Images"),
      ...seo,
    ],
  },
];

const byId = new Map(CONTENT_TYPES.map((type) => [type.id, type]));

/** The content type with this id, or undefined. */
export function findContentType(id: string): ContentTypeDefinition | undefined {
  return byId.get(id);
}
