/**
 * What the content pages need beyond the content service: the product cards of their product
 * carousels, with prices and availability from the commerce service, and the shaped blocks of
 * a `homepage` entry. A failed catalogue read shows the page without those cards rather than
 * an error page (storefront.md §8: listing failures give empty results).
 */

import { collectionPage } from "#app/lib/catalogue/catalogue.server.ts";
import { normaliseProduct, type ProductCardData, toCardData } from "#app/lib/catalogue/product.ts";
import { type Block, pageBlocks, productNeeds } from "#app/lib/content/blocks.ts";
import { getProductStatusTexts } from "#app/lib/content/content.server.ts";
import { CATALOGUE_PRODUCT_CARD_FRAGMENT } from "#app/lib/fragments.ts";
import type { CatalogueProductCardFragment } from "#app/lib/storefront.generated.ts";
import { catalogueQuery, type TypedDocument } from "#app/lib/storefront.server.ts";

/** Products asked for in one GraphQL document (one aliased `product(handle:)` field each). */
export const HANDLES_PER_QUERY = 50;
/** Products a carousel fed by a collection shows. */
export const COLLECTION_CAROUSEL_SIZE = 12;

/**
 * One document asking for each handle under its own alias, `p0`, `p1`… Built at run time, so it
 * carries no GraphQL tag comment for the static check; platform/commerce/graphql/documents.test.ts
 * validates a generated one instead.
 */
export function productsByHandlesQuery(
  count: number,
): TypedDocument<Record<string, CatalogueProductCardFragment | null>, Record<string, string>> {
  const variables = Array.from({ length: count }, (_, i) => `$h${i}: String!`).join(", ");
  const fields = Array.from(
    { length: count },
    (_, i) => `p${i}: product(handle: $h${i}) { ...CatalogueProductCard }`,
  ).join("\n    ");
  // The answer: one card (or null) under each alias.
  return `
  query ContentProductCards(${variables}) {
    ${fields}
  }
  ${CATALOGUE_PRODUCT_CARD_FRAGMENT}` as TypedDocument<
    Record<string, CatalogueProductCardFragment | null>,
    Record<string, string>
  >;
}

type Log = (error: unknown, message: string) => void;
const defaultLog: Log = (error, message) => console.error(message, error);

/**
 * Product cards by commerce handle, in one round trip per 50 handles; archived and unknown
 * products are left out. The unavailable text comes from the content's status texts.
 */
export async function productCardsByHandles(
  handles: readonly string[],
  log: Log = defaultLog,
): Promise<Map<string, ProductCardData>> {
  const unique = [...new Set(handles)];
  const cards = new Map<string, ProductCardData>();
  if (unique.length === 0) return cards;
  const statusTexts = await getProductStatusTexts();
  const chunks: string[][] = [];
  for (let start = 0; start < unique.length; start += HANDLES_PER_QUERY) {
    chunks.push(unique.slice(start, start + HANDLES_PER_QUERY));
  }
  await Promise.all(
    chunks.map(async (chunk) => {
      try {
        const data = await catalogueQuery(
          productsByHandlesQuery(chunk.length),
          Object.fromEntries(chunk.map((handle, i) => [`h${i}`, handle])),
        );
        chunk.forEach((handle, i) => {
          const raw = data[`p${i}`];
          if (!raw) return;
          const product = normaliseProduct(raw);
          if (product.tags.includes("Archive")) return;
          cards.set(handle, toCardData(product, { unavailableMessage: statusTexts.unavailable }));
        });
      } catch (error) {
        log(error, "product cards read failed");
      }
    }),
  );
  return cards;
}

/**
 * The blocks of a page made of blocks (`homepage` entries: the home page and `/e/{slug}/`),
 * with the cards of their product carousels.
 */
export async function loadPageBlocks(blocks: unknown, log: Log = defaultLog): Promise<Block[]> {
  const needs = productNeeds(blocks);
  const [byHandle, collections] = await Promise.all([
    productCardsByHandles(needs.handles, log),
    Promise.all(
      needs.collections.map(async (handle): Promise<[string, ProductCardData[]]> => {
        try {
          const page = await collectionPage(handle, { first: COLLECTION_CAROUSEL_SIZE });
          return [`collection:${handle}`, page?.products.map((p) => toCardData(p)) ?? []];
        } catch (error) {
          log(error, "carousel collection read failed");
          return [`collection:${handle}`, []];
        }
      }),
    ),
  ]);
  const cards = new Map<string, ProductCardData[]>(collections);
  for (const [handle, card] of byHandle) cards.set(handle, [card]);
  return pageBlocks(blocks, cards);
}

/** The fields of a `homepage` entry (the home page and the `/e/{slug}/` pages). */
type BlocksPageFields = {
  title?: string;
  slug?: string;
  blocks?: unknown;
  seoTitle?: string;
  seoDescription?: string;
};

/** A page made of blocks, ready to render: its title, SEO texts and shaped blocks. */
export type BlocksPageData = {
  title: string;
  seoTitle: string;
  seoDescription: string;
  image: string | null;
  blocks: Block[];
};

/** A `homepage` entry's data; the description falls back on the first banner's or CTA's text. */
export async function blocksPageData(
  entry: { fields: Record<string, unknown> },
  fallback: { title: string; description: string },
): Promise<BlocksPageData> {
  const fields = entry.fields as BlocksPageFields;
  const blocks = await loadPageBlocks(fields.blocks);
  const title = fields.title?.trim() || fallback.title;
  const firstText = blocks.flatMap((block) =>
    block.type === "carousel"
      ? []
      : [block.type === "banner" ? (block.text ?? block.subtitle) : block.text],
  )[0];
  const banner = blocks.find((block) => block.type === "banner");
  return {
    title,
    seoTitle: fields.seoTitle?.trim() || `${title} | Comptoir`,
    seoDescription: fields.seoDescription?.trim() || firstText || fallback.description,
    image: banner?.type === "banner" ? (banner.image?.url ?? null) : null,
    blocks,
  };
}
