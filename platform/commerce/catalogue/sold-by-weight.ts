import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { CatalogueInputError } from "#platform/commerce/catalogue/input.ts";
import { CUSTOM_NAMESPACE } from "#platform/commerce/catalogue/metafields.ts";
import { commerceMetafield, commerceVariant } from "#platform/commerce/catalogue/schema.ts";
import { toGid } from "#platform/commerce/gid.ts";
import {
  parsePricePerKg,
  soldByWeightProblem,
  soldByWeightReason,
} from "#platform/sold-by-weight.ts";

/**
 * The catalogue's stored side of products sold by weight (platform/sold-by-weight.ts): the check
 * every write path runs on what it leaves behind, and the reads the back office and the Storefront
 * API make of the two custom fields.
 */

export type SoldByWeight = { pricePerKgCents: number | null };

/** The sold-by-weight fields (`sold_by_weight`, `price_per_kg`) of these products. */
function weightFields(db: Db | Tx, ids: number[]) {
  return db
    .select({
      ownerId: commerceMetafield.ownerId,
      key: commerceMetafield.key,
      value: commerceMetafield.value,
    })
    .from(commerceMetafield)
    .where(
      and(
        eq(commerceMetafield.ownerType, "PRODUCT"),
        eq(commerceMetafield.namespace, CUSTOM_NAMESPACE),
        inArray(commerceMetafield.key, ["sold_by_weight", "price_per_kg"]),
        inArray(commerceMetafield.ownerId, ids),
      ),
    );
}

/**
 * The products among `productIds` whose `sold_by_weight` field is true, with their price per
 * kilogram (null when unreadable: the write side refuses it, so only a hand-edited row has none).
 */
export async function soldByWeightProducts(
  db: Db | Tx,
  productIds: readonly number[],
): Promise<Map<number, SoldByWeight>> {
  const ids = [...new Set(productIds)];
  const found = new Map<number, SoldByWeight>();
  if (ids.length === 0) return found;
  const rows = await weightFields(db, ids);
  const prices = new Map<number, number | null>();
  for (const row of rows) {
    if (row.key === "sold_by_weight" && row.value === "true")
      found.set(row.ownerId, {
        pricePerKgCents: null,
      });
    if (row.key === "price_per_kg") prices.set(row.ownerId, parsePricePerKg(row.value));
  }
  for (const [id, entry] of found) entry.pricePerKgCents = prices.get(id) ?? null;
  return found;
}

/**
 * Refuses (`CatalogueInputError`, rolling the caller's transaction back) a product left breaking
 * the sold-by-weight rule by a write: its flag, its price per kilogram and its variants as they
 * now stand in `tx`.
 */
export async function checkSoldByWeight(tx: Tx, productIds: readonly number[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  const fields = await weightFields(tx, ids);
  const concerned = [...new Set(fields.map((field) => field.ownerId))];
  if (concerned.length === 0) return;
  const variants = await tx
    .select({
      productId: commerceVariant.productId,
      title: commerceVariant.title,
      priceCents: commerceVariant.priceCents,
    })
    .from(commerceVariant)
    .where(inArray(commerceVariant.productId, concerned))
    .orderBy(
      asc(commerceVariant.productId),
      asc(commerceVariant.position),
      asc(commerceVariant.id),
    );
  for (const productId of concerned) {
    const value = (key: string) =>
      fields.find((field) => field.ownerId === productId && field.key === key)?.value ?? null;
    const problem = soldByWeightProblem({
      soldByWeight: value("sold_by_weight") === "true",
      pricePerKgCents: parsePricePerKg(value("price_per_kg")),
      variants: variants.filter((variant) => variant.productId === productId),
    });
    if (problem) {
      const where =
        problem.kind === "price_per_kg_missing" || problem.kind === "price_per_kg_unsold"
          ? "metafields.price_per_kg"
          : `variants.${problem.index}.${problem.kind === "price" ? "priceCents" : "title"}`;
      throw new CatalogueInputError(
        "product",
        toGid("Product", productId),
        where,
        soldByWeightReason(problem),
      );
    }
  }
}
