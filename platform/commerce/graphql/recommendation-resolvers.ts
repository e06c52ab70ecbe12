import { and, desc, eq, ne, sql } from "drizzle-orm";
import { commerceCollectionProduct, commerceProduct } from "#platform/commerce/catalogue/schema.ts";
import { fromGid } from "#platform/commerce/gid.ts";
import {
  type MetafieldRow,
  metafieldKey,
  type ProductRow,
} from "#platform/commerce/graphql/loaders.ts";
import type { CommerceContext } from "#platform/commerce/graphql/resolver-support.ts";

/**
 * `productRecommendations(productId | productHandle, intent)`: what a product page suggests.
 * `COMPLEMENTARY` is what the product's page pairs it with (`custom.produit_associe`, the
 * merchant's own picks); `RELATED` starts with those, then the products sharing the most
 * collections with it (its category before its department), available ones first. Archived
 * products never appear; ten at most, as Shopify answers.
 */

export const MAX_RECOMMENDATIONS = 10;

function referencedIds(field: MetafieldRow | undefined): number[] {
  if (!field) return [];
  try {
    const values = JSON.parse(field.value) as unknown;
    return Array.isArray(values)
      ? values.flatMap((gid) => (typeof gid === "string" ? (fromGid(gid, "Product") ?? []) : []))
      : [];
  } catch {
    return [];
  }
}

/** The other products sharing most collections with `productId`, available first. */
async function neighbours(ctx: CommerceContext, productId: number): Promise<number[]> {
  const mine = ctx.db
    .select({ collectionId: commerceCollectionProduct.collectionId })
    .from(commerceCollectionProduct)
    .where(eq(commerceCollectionProduct.productId, productId));
  const shared = sql<number>`count(*)::int`;
  const rows = await ctx.db
    .select({ id: commerceCollectionProduct.productId, shared })
    .from(commerceCollectionProduct)
    .innerJoin(commerceProduct, eq(commerceProduct.id, commerceCollectionProduct.productId))
    .where(
      and(
        sql`${commerceCollectionProduct.collectionId} in ${mine}`,
        ne(commerceCollectionProduct.productId, productId),
        eq(commerceProduct.archived, false),
      ),
    )
    .groupBy(commerceCollectionProduct.productId, commerceProduct.availableForSale)
    .orderBy(
      desc(shared),
      desc(commerceProduct.availableForSale),
      commerceCollectionProduct.productId,
    )
    .limit(MAX_RECOMMENDATIONS);
  return rows.map((row) => row.id);
}

export function createRecommendationResolvers() {
  return {
    QueryRoot: {
      productRecommendations: async (
        _: unknown,
        args: { productId?: string | null; productHandle?: string | null; intent?: string | null },
        ctx: CommerceContext,
      ) => {
        const id = args.productId ? fromGid(args.productId, "Product") : undefined;
        const product: ProductRow | undefined = id
          ? await ctx.loaders.product(id)
          : args.productHandle
            ? await ctx.loaders.productByHandle(args.productHandle)
            : undefined;
        if (!product || product.archived) return null;
        const picked = referencedIds(
          await ctx.loaders.metafieldByKey(
            metafieldKey("PRODUCT", product.id, "custom", "produit_associe"),
          ),
        );
        const ids =
          args.intent === "COMPLEMENTARY"
            ? picked
            : [...new Set([...picked, ...(await neighbours(ctx, product.id))])];
        const rows = await Promise.all(ids.map((one) => ctx.loaders.product(one)));
        return rows
          .filter((row): row is ProductRow =>
            Boolean(row && !row.archived && row.id !== product.id),
          )
          .slice(0, MAX_RECOMMENDATIONS);
      },
    },
  };
}
