import { GraphQLScalarType, Kind } from "graphql";
import { createGraphQLError } from "graphql-yoga";
import type { Db } from "#db/client.ts";
import { listingFacets } from "#platform/commerce/catalogue/facets.ts";
import { type ListingQuery, listProducts } from "#platform/commerce/catalogue/listing.ts";
import {
  type MetafieldOwner,
  PUBLIC_METAFIELD_OWNERS,
} from "#platform/commerce/catalogue/schema.ts";
import type { ContentReads } from "#platform/commerce/content-port.ts";
import { parseGid } from "#platform/commerce/gid.ts";
import {
  type CollectionRow,
  type Loaders,
  type MetaobjectRow,
  metafieldKey,
  type ProductRow,
  type VariantRow,
} from "#platform/commerce/graphql/loaders.ts";
import { pickupStores } from "#platform/commerce/graphql/location-resolvers.ts";
import {
  connection,
  MAX_PAGE_SIZE,
  type PageArgs,
  pageWindow,
} from "#platform/commerce/graphql/pagination.ts";
import type { CatalogueSearch } from "#platform/commerce/search-port.ts";
import type { SlotBookings } from "#platform/commerce/slot-port.ts";

/**
 * What the Storefront API's resolvers share: the request context, money and plain-text fields,
 * image URLs, scalars passed through, metafields and the references they hold, nodes by GID and
 * product connections.
 */

export type CommerceContext = {
  db: Db;
  loaders: Loaders;
  /** Origin for absolute URLs (images, online store), e.g. `http://localhost:3000`. */
  origin: string;
  search: CatalogueSearch;
  /** The clock of every time rule (token expiry, reset links); fixed in tests. */
  now: () => Date;
  /**
   * The shopper's address, for rate limits: the `Shopify-Storefront-Buyer-IP` header of a
   * private-token (server) call, else the caller's own address when known.
   */
  buyerIp: string | undefined;
  /** The call carries the private (server) token: a shop's own server, not a browser. */
  privateAccess: boolean;
  /** The online store's menus, pages, policies and blogs (the content service, in the server). */
  content: ContentReads;
  /** The ordering service's stores and slots, for carts' delivery groups; null when not wired. */
  slots: SlotBookings | null;
};

/** Money as the API carries it: `MoneyV2` with a decimal string, `"12.5"`, `"29.0"`. */
export function money(cents: number) {
  const amount = (cents / 100).toString();
  return { amount: amount.includes(".") ? amount : `${amount}.0`, currencyCode: "EUR" };
}

/** Plain text of an HTML description, optionally cut at a word boundary with an ellipsis. */
export function plainText(html: string, truncateAt?: number | null): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  if (!truncateAt || text.length <= truncateAt) return text;
  const cut = text.slice(0, truncateAt);
  const boundary = cut.lastIndexOf(" ");
  return `${(boundary > truncateAt / 2 ? cut.slice(0, boundary) : cut).trimEnd()}…`;
}

export const passThrough = (name: string) =>
  new GraphQLScalarType({
    name,
    serialize: (value) => (value instanceof Date ? value.toISOString() : value),
    parseValue: (value) => value,
    parseLiteral: (ast) => (ast.kind === Kind.STRING || ast.kind === Kind.INT ? ast.value : null),
  });

export function imageUrl(url: string, origin: string, transform?: Record<string, unknown> | null) {
  const target = new URL(url, origin);
  if (transform?.maxHeight) target.searchParams.set("height", String(transform.maxHeight));
  if (transform?.maxWidth) target.searchParams.set("width", String(transform.maxWidth));
  const format = transform?.preferredContentType;
  if (format) target.searchParams.set("format", String(format).toLowerCase());
  return target.toString();
}

export function sliceList<T extends { id: number }>(items: T[], args: PageArgs) {
  const window = pageWindow(args);
  let list = args.reverse ? [...items].reverse() : items;
  if (window.backwards) list = [...list].reverse();
  if (window.after) {
    const index = list.findIndex((item) => item.id === window.after?.id);
    list = list.slice(index + 1);
  }
  return connection(list.slice(0, window.limit + 1), window, (item) => ({ v: [], id: item.id }));
}

export function metafieldResolvers(owner: MetafieldOwner) {
  return {
    metafield: async (
      parent: { id: number },
      args: { namespace?: string | null; key: string },
      ctx: CommerceContext,
    ) => {
      const found = await ctx.loaders.metafieldByKey(
        metafieldKey(owner, parent.id, args.namespace ?? "custom", args.key),
      );
      return found ?? null;
    },
    metafields: async (
      parent: { id: number },
      args: { identifiers: { namespace?: string | null; key: string }[] },
      ctx: CommerceContext,
    ) => {
      if (args.identifiers.length > MAX_PAGE_SIZE) {
        throw createGraphQLError(`identifiers accepts at most ${MAX_PAGE_SIZE} items`);
      }
      const found = await Promise.all(
        args.identifiers.map((id) =>
          ctx.loaders.metafieldByKey(
            metafieldKey(owner, parent.id, id.namespace ?? "custom", id.key),
          ),
        ),
      );
      return found.map((row) => row ?? null);
    },
  };
}

type Referenceable =
  | (ProductRow & { __typename: "Product" })
  | (VariantRow & { __typename: "ProductVariant" })
  | (CollectionRow & { __typename: "Collection" })
  | (MetaobjectRow & { __typename: "Metaobject" });

/** Loads what a GID points at, among the references we serve; null when it does not exist. */
async function loadReference(gid: string, ctx: CommerceContext): Promise<Referenceable | null> {
  const parsed = parseGid(gid);
  if (!parsed) return null;
  switch (parsed.type) {
    case "Product": {
      const row = await ctx.loaders.product(parsed.id);
      return row && !row.archived ? { ...row, __typename: "Product" } : null;
    }
    case "ProductVariant": {
      const row = await ctx.loaders.variant(parsed.id);
      return row ? { ...row, __typename: "ProductVariant" } : null;
    }
    case "Collection": {
      const row = await ctx.loaders.collection(parsed.id);
      return row ? { ...row, __typename: "Collection" } : null;
    }
    case "Metaobject": {
      const row = await ctx.loaders.metaobject(parsed.id);
      return row ? { ...row, __typename: "Metaobject" } : null;
    }
    default:
      return null;
  }
}

const isReferenceType = (type: string) =>
  /(^|\.)(metaobject|product|variant|collection)_reference$/.test(type);

export async function singleReference(type: string, value: string | null, ctx: CommerceContext) {
  if (!value || !isReferenceType(type) || type.startsWith("list.")) return null;
  return loadReference(value, ctx);
}

export async function listReferences(
  type: string,
  value: string | null,
  args: PageArgs,
  ctx: CommerceContext,
) {
  if (!value || !type.startsWith("list.") || !isReferenceType(type)) return null;
  let gids: string[];
  try {
    gids = JSON.parse(value) as string[];
  } catch {
    return null;
  }
  const loaded = (await Promise.all(gids.map((gid) => loadReference(gid, ctx)))).filter(
    (item): item is Referenceable => item !== null,
  );
  const window = pageWindow(
    args.first == null && args.last == null ? { ...args, first: 250 } : args,
  );
  const keyed = loaded.map((node, index) => ({ node, index }));
  let list = window.backwards ? [...keyed].reverse() : keyed;
  if (window.after)
    list = list.filter((item) =>
      window.backwards
        ? item.index < (window.after?.id ?? 0)
        : item.index > (window.after?.id ?? -1),
    );
  const page = connection(list.slice(0, window.limit + 1), window, (item) => ({
    v: [],
    id: item.index,
  }));
  return {
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: edge.node.node })),
    nodes: page.nodes.map((item) => item.node),
    pageInfo: page.pageInfo,
  };
}

export async function loadNode(id: string, ctx: CommerceContext) {
  const parsed = parseGid(id);
  if (!parsed) return null;
  if (parsed.type === "Metafield") {
    const row = await ctx.loaders.metafield(parsed.id);
    return row && PUBLIC_METAFIELD_OWNERS.includes(row.ownerType)
      ? { ...row, __typename: "Metafield" }
      : null;
  }
  if (parsed.type === "Shop") return null;
  if (parsed.type === "Location") {
    const stores = await pickupStores(ctx);
    return stores.find((store) => store.physicalRestaurantId === parsed.id) ?? null;
  }
  return loadReference(id, ctx);
}

export async function productConnection(
  ctx: CommerceContext,
  query: ListingQuery,
  args: PageArgs,
  withFacets: boolean,
) {
  const window = pageWindow(args);
  const { rows, keyOf } = await listProducts(ctx.db, query, window);
  // Counted only when the query asks for them (GraphQL's default resolver calls a function): a
  // grid of collections with their first products computes no facets (limits.ts counts it so).
  let facets: Promise<Awaited<ReturnType<typeof listingFacets>>> | undefined;
  const filters = () => {
    facets ??= withFacets ? listingFacets(ctx.db, query) : Promise.resolve([]);
    return facets;
  };
  return connection(rows, window, keyOf, { filters });
}
