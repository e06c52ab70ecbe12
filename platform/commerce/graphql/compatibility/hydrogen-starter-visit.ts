/**
 * The shop a run of the Hydrogen starter's documents visits (hydrogen-starter.ts): how a document
 * is sent, and the demo shop's handles, asked of the API itself as a storefront finds them.
 */

/** What Hydrogen's client is given by the starter (app/lib/context.ts): `storefront.i18n`. */
export const STARTER_I18N = { language: "EN", country: "US" } as const;

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely and checked by path
export type Json = Record<string, any>;
export type Variables = Record<string, unknown>;

/** Posts one document with its variables to the Storefront API; the status and JSON body. */
export type Send = (query: string, variables: Variables) => Promise<{ status: number; body: Json }>;

/** What a visit of the demo shop uses: its real handles, and the cart it builds as it goes. */
export type Visit = {
  i18n: { language: string; country: string };
  collection: string;
  product: string;
  /** Two variants for sale, for the cart. */
  variants: [string, string];
  /** A word that finds products. */
  term: string;
  page: string;
  blog: string;
  article: string;
  cartId?: string;
  lineId?: string;
  /** The demo gift card once applied to the cart (`AppliedGiftCard` id). */
  appliedGiftCardId?: string;
  /**
   * The order mode the shop's storefront writes on a cart (attributes `mode`, store, slot), given
   * by the caller from the ordering service's data: the cart's delivery options follow from it.
   */
  orderMode?: { key: string; value: string }[];
  /** The cart's delivery group and the option to select, read from `cart.deliveryGroups`. */
  deliveryGroupId?: string;
  deliveryOptionHandle?: string;
};

const HANDLES_QUERY = `#graphql
  query HydrogenCompatCatalogue {
    products(first: 50) {
      nodes {
        handle
        title
        availableForSale
        collections(first: 1) {
          nodes {
            handle
          }
        }
        variants(first: 1) {
          nodes {
            id
            availableForSale
          }
        }
      }
    }
  }
`;

const PAGES_QUERY = `#graphql
  query HydrogenCompatPages {
    pages(first: 1) {
      nodes {
        handle
      }
    }
  }
`;

const BLOGS_QUERY = `#graphql
  query HydrogenCompatBlogs {
    blogs(first: 1) {
      nodes {
        handle
        articles(first: 1) {
          nodes {
            handle
          }
        }
      }
    }
  }
`;

/**
 * Until our API serves pages and blogs, the demo content's own: its store page, first blog
 * category and that category's first post (seed/content/editorial.ts).
 */
const DEMO_CONTENT = { page: "magasin", blog: "recettes", article: "galette-des-rois-frangipane" };

/**
 * A visit of the demo shop: a product for sale, a collection holding it, a second product for the
 * cart, a word of the first one's title to search, and a page, blog and article — asked of the API itself,
 * as a storefront finds them; the demo content's when the API cannot tell yet.
 */
export async function demoVisit(send: Send, i18n: Visit["i18n"] = STARTER_I18N): Promise<Visit> {
  const { body } = await send(HANDLES_QUERY, {});
  if (body.errors) throw new Error(`the catalogue query failed: ${body.errors[0]?.message}`);
  const forSale = (body.data.products.nodes as Json[]).filter(
    (node) => node.availableForSale && node.variants.nodes[0]?.availableForSale,
  );
  const [first, second] = forSale;
  const collection = first?.collections.nodes[0];
  if (!collection || !first || !second) throw new Error("the demo shop has too few products");
  const term = (first.title as string).split(/[^\p{L}]+/u).find((word) => word.length >= 4);

  const pages = (await send(PAGES_QUERY, {})).body;
  const blogs = (await send(BLOGS_QUERY, {})).body;
  const blog = blogs.data?.blogs?.nodes?.[0];
  return {
    i18n,
    collection: collection.handle,
    product: first.handle,
    variants: [first.variants.nodes[0].id, second.variants.nodes[0].id],
    term: term ?? first.title,
    page: pages.data?.pages?.nodes?.[0]?.handle ?? DEMO_CONTENT.page,
    blog: blog?.handle ?? DEMO_CONTENT.blog,
    article: blog?.articles?.nodes?.[0]?.handle ?? DEMO_CONTENT.article,
  };
}
