/**
 * Content-service entries brought to the small shapes the content pages print: the blocks of a
 * `homepage` entry (banners, calls to action, carousels of every kind), blog post teasers and
 * pictures. Pure: the loaders fetch, these functions shape, so the page data holds only what is
 * shown and the shaping is tested without a server.
 */

import type { ProductCardData } from "#app/lib/catalogue/product.ts";
import { imageAtHeight } from "#app/lib/catalogue/product.ts";
import { assetFile } from "#app/lib/content/rich-text.tsx";
import { formatDate } from "#app/lib/format.ts";
import { linkTo } from "#app/lib/links.ts";
import { CAROUSEL_KINDS, type CarouselKind } from "#platform/content/index.ts";

/** A picture from the image service, in webp at the spec's three heights. */
export type PictureView = {
  url: string;
  srcSet: string | null;
  alt: string;
  width: number;
  height: number;
};

export type LinkSlide = {
  type: "link";
  key: string;
  title: string;
  text: string | null;
  href: string;
  image: PictureView | null;
};
export type ProductSlide = { type: "product"; key: string; product: ProductCardData };
export type ArticleSlide = {
  type: "article";
  key: string;
  title: string;
  excerpt: string | null;
  date: string | null;
  category: string | null;
  href: string;
  image: PictureView | null;
};
export type PictureSlide = {
  type: "picture";
  key: string;
  caption: string;
  href: string | null;
  image: PictureView;
};
export type SlideView = LinkSlide | ProductSlide | ArticleSlide | PictureSlide;

export type BannerBlock = {
  type: "banner";
  id: string;
  title: string;
  subtitle: string | null;
  text: string | null;
  layout: string;
  href: string | null;
  image: PictureView | null;
  mobileImage: PictureView | null;
};
export type CtaBlock = {
  type: "cta";
  id: string;
  title: string;
  text: string | null;
  label: string;
  href: string;
  image: PictureView | null;
};
export type CarouselBlock = {
  type: "carousel";
  id: string;
  kind: CarouselKind;
  title: string;
  subtitle: string | null;
  seeAll: string | null;
  slides: SlideView[];
};
export type Block = BannerBlock | CtaBlock | CarouselBlock;

type Entry = { sys?: { id?: string; contentType?: { sys?: { id?: string } } }; fields?: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fieldsOf(value: unknown): Record<string, unknown> {
  return isRecord(value) && isRecord(value.fields) ? value.fields : {};
}

function typeOf(value: unknown): string | undefined {
  return isRecord(value) ? (value as Entry).sys?.contentType?.sys?.id : undefined;
}

function idOf(value: unknown, fallback: string): string {
  return (isRecord(value) && (value as Entry).sys?.id) || fallback;
}

function textOf(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

const IMAGE_HEIGHTS = [450, 700, 950] as const;
const SERVICE_IMAGE = /^\/cdn\/images\//;

/**
 * A content asset as a picture: the image service's own files get a webp `srcset` at 450, 700
 * and 950 px high (width descriptors from the asset's proportions); others are used as they are.
 */
export function pictureOf(asset: unknown, alt?: string | null): PictureView | null {
  const file = assetFile(asset);
  if (!file) return null;
  const width = file.width ?? 1600;
  const height = file.height ?? 900;
  const ratio = width / height;
  const local = SERVICE_IMAGE.test(file.url);
  return {
    url: local ? imageAtHeight(file.url, 450) : file.url,
    srcSet: local
      ? IMAGE_HEIGHTS.map((h) => `${imageAtHeight(file.url, h)} ${Math.round(h * ratio)}w`).join(
          ", ",
        )
      : null,
    alt: alt ?? file.title,
    width,
    height,
  };
}

/** Whether a call-to-action-like entry names somewhere to go. */
function hasTarget(fields: Record<string, unknown>): boolean {
  return (
    textOf(fields.external_link) !== null ||
    isRecord(fields.internal_link) ||
    textOf(fields.internal_link) !== null
  );
}

/** A publish date (YYYY-MM-DD) as French readers write it: "12 janvier 2026". */
export function formatPublishDate(value: unknown): string | null {
  const text = textOf(value);
  if (!text || !/^\d{4}-\d{2}-\d{2}/.test(text)) return null;
  const date = new Date(`${text.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  return formatDate(text.slice(0, 10), { weekday: false });
}

/** A blog post's teaser: title, excerpt, date, category, picture and link. */
export function articleSlide(post: unknown, index = 0): ArticleSlide | null {
  const fields = fieldsOf(post);
  const title = textOf(fields.title);
  if (!title || !textOf(fields.slug)) return null;
  return {
    type: "article",
    key: idOf(post, `article-${index}`),
    title,
    excerpt: textOf(fields.excerpt),
    date: formatPublishDate(fields.publishDate),
    category: textOf(fieldsOf(fields.category).title),
    href: linkTo(post as Entry),
    image: pictureOf(fields.image, ""),
  };
}

/** A linked entry (category, brand, banner, reassurance item…) as a titled link. */
function linkSlide(item: unknown, index: number): LinkSlide | null {
  const fields = fieldsOf(item);
  const title = textOf(fields.title) ?? textOf(fields.name);
  if (!title) return null;
  const type = typeOf(item);
  const href =
    type === "banner" || type === "reassurance_item" || type === "callToAction"
      ? hasTarget(fields)
        ? linkTo(item as Entry)
        : null
      : linkTo(item as Entry);
  if (href === null) {
    // A reassurance item without a page: still worth showing, linked to nothing.
    return {
      type: "link",
      key: idOf(item, `item-${index}`),
      title,
      text: textOf(fields.text) ?? textOf(fields.subtitle),
      href: "",
      image: pictureOf(fields.icon ?? fields.image, ""),
    };
  }
  return {
    type: "link",
    key: idOf(item, `item-${index}`),
    title,
    text: textOf(fields.text) ?? textOf(fields.subtitle) ?? textOf(fields.description),
    href,
    image: pictureOf(fields.image ?? fields.icon, ""),
  };
}

/** The commerce handles of the products a carousel lists (content `product` entries' slugs). */
export function carouselProductHandles(carousel: unknown): string[] {
  return listOf(fieldsOf(carousel).products).flatMap(
    (product) => textOf(fieldsOf(product).slug) ?? [],
  );
}

/** The product kinds: their slides are product cards with the commerce service's prices. */
export const PRODUCT_KINDS: ReadonlySet<CarouselKind> = new Set([
  "product",
  "related-products",
  "news",
]);

function kindOf(value: unknown): CarouselKind {
  return (CAROUSEL_KINDS as readonly string[]).includes(value as string)
    ? (value as CarouselKind)
    : "product";
}

/**
 * A carousel entry as slides of its kind. Product kinds take their cards from `cards` (by
 * handle, in the carousel's order; `collection` handles under `collection:{handle}`), which the
 * loader filled from the commerce service; products it does not know are left out.
 */
export function carouselBlock(
  entry: unknown,
  cards: ReadonlyMap<string, ProductCardData[]>,
  index = 0,
): CarouselBlock | null {
  const fields = fieldsOf(entry);
  const title = textOf(fields.title);
  if (!title) return null;
  const kind = kindOf(fields.kind);
  const id = idOf(entry, `carousel-${index}`);
  let slides: SlideView[] = [];
  if (PRODUCT_KINDS.has(kind)) {
    const handles = carouselProductHandles(entry);
    const collection = textOf(fields.collection);
    const products =
      handles.length > 0
        ? handles.flatMap((handle) => cards.get(handle) ?? [])
        : collection
          ? (cards.get(`collection:${collection}`) ?? [])
          : [];
    slides = products.map((product) => ({ type: "product", key: product.id, product }));
  } else if (kind === "article-gallery") {
    slides = listOf(fields.items).flatMap((post, i) => articleSlide(post, i) ?? []);
  } else if (kind === "product-images") {
    const products = listOf(fields.products);
    slides = listOf(fields.images).flatMap((asset, i) => {
      const product = fieldsOf(products[i]);
      const name = textOf(product.name);
      const image = pictureOf(asset, name ?? undefined);
      if (!image) return [];
      return [
        {
          type: "picture" as const,
          key: idOf(asset, `image-${i}`),
          caption: name ?? image.alt,
          href: textOf(product.slug) ? linkTo(products[i] as Entry) : null,
          image,
        },
      ];
    });
  } else if (kind === "store-discovery") {
    const seeAll = hasTarget(fields) ? linkTo(entry as Entry) : null;
    slides = listOf(fields.images).flatMap((asset, i) => {
      const image = pictureOf(asset);
      if (!image) return [];
      return [
        {
          type: "picture" as const,
          key: idOf(asset, `image-${i}`),
          caption: image.alt,
          href: seeAll,
          image,
        },
      ];
    });
  } else {
    slides = listOf(fields.items).flatMap((item, i) => linkSlide(item, i) ?? []);
  }
  if (slides.length === 0) return null;
  return {
    type: "carousel",
    id,
    kind,
    title,
    subtitle: textOf(fields.subtitle),
    seeAll: hasTarget(fields) ? linkTo(entry as Entry) : null,
    slides,
  };
}

/** A banner entry; null without a title. */
export function bannerBlock(entry: unknown, index = 0): BannerBlock | null {
  const fields = fieldsOf(entry);
  const title = textOf(fields.title);
  if (!title) return null;
  return {
    type: "banner",
    id: idOf(entry, `banner-${index}`),
    title,
    subtitle: textOf(fields.subtitle),
    text: textOf(fields.text),
    layout: textOf(fields.layout) ?? "full",
    href: hasTarget(fields) ? linkTo(entry as Entry) : null,
    image: pictureOf(fields.image, ""),
    mobileImage: pictureOf(fields.mobile_image, ""),
  };
}

/** A call to action; its button reads its `label`, else 'Découvrir'. */
export function ctaBlock(entry: unknown, index = 0): CtaBlock | null {
  const fields = fieldsOf(entry);
  const title = textOf(fields.title);
  if (!title) return null;
  return {
    type: "cta",
    id: idOf(entry, `cta-${index}`),
    title,
    text: textOf(fields.text),
    label: textOf(fields.label) ?? "Découvrir",
    href: linkTo(entry as Entry),
    image: pictureOf(fields.image, ""),
  };
}

/** A page's `blocks` in order, each shaped by its content type; unknown or empty ones dropped. */
export function pageBlocks(
  blocks: unknown,
  cards: ReadonlyMap<string, ProductCardData[]> = new Map(),
): Block[] {
  return listOf(blocks).flatMap((entry, index): Block[] => {
    const type = typeOf(entry);
    const block =
      type === "banner"
        ? bannerBlock(entry, index)
        : type === "callToAction"
          ? ctaBlock(entry, index)
          : type === "carousel"
            ? carouselBlock(entry, cards, index)
            : null;
    return block ? [block] : [];
  });
}

/** What the product carousels of a page need from the commerce service. */
export function productNeeds(blocks: unknown): { handles: string[]; collections: string[] } {
  const handles = new Set<string>();
  const collections = new Set<string>();
  for (const entry of listOf(blocks)) {
    if (typeOf(entry) !== "carousel") continue;
    const fields = fieldsOf(entry);
    if (!PRODUCT_KINDS.has(kindOf(fields.kind))) continue;
    const own = carouselProductHandles(entry);
    for (const handle of own) handles.add(handle);
    const collection = textOf(fields.collection);
    if (own.length === 0 && collection) collections.add(collection);
  }
  return { handles: [...handles], collections: [...collections] };
}
