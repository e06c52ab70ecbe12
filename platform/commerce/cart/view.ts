import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import {
  type CartAddressRow,
  type CartRow,
  cartGid,
  cartLineGid,
  DEFAULT_MAX_QUANTITY,
  type ProductRow,
  type VariantRow,
} from "#platform/commerce/cart/records.ts";
import {
  type CartAttribute,
  commerceCartAddress,
  commerceCartLine,
} from "#platform/commerce/cart/schema.ts";
import {
  commerceImage,
  commerceMetafield,
  commerceProduct,
  commerceVariant,
} from "#platform/commerce/catalogue/schema.ts";
import {
  type AppliedAutomaticDiscount,
  allocateAcross,
  bestAutomaticDiscount,
  type EvaluatedDiscount,
  evaluateDiscounts,
  findCartDiscounts,
} from "#platform/commerce/discounts/discounts.ts";
import { ALCOHOL_TAG } from "#platform/meal-vouchers.ts";

/**
 * Reading a cart as the API shows it: its lines with products and prices, discount allocations,
 * delivery addresses and totals, all computed on the server.
 */

// ---------------------------------------------------------------------------------------------
// Reading a cart with its prices

/** One line as the API shows it, its product and prices resolved, discounts allocated. */
export type CartLineView = {
  id: number;
  gid: string;
  quantity: number;
  attributes: CartAttribute[];
  variant: VariantRow;
  product: ProductRow;
  maxQuantity: number;
  unitCents: number;
  compareAtUnitCents: number | null;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  imageUrl: string | null;
};

/** A cart with everything the API, `/cart.js` and the checkout show. */
export type CartView = {
  cart: CartRow;
  gid: string;
  lines: CartLineView[];
  totalQuantity: number;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  discountCodes: EvaluatedDiscount[];
  appliedDiscounts: EvaluatedDiscount[];
  /** The automatic discount applied, when no code applies (they never combine). */
  automaticDiscount: AppliedAutomaticDiscount | null;
};

type LoadedLine = {
  line: typeof commerceCartLine.$inferSelect;
  variant: VariantRow;
  product: ProductRow;
  maxQuantity: string | null;
  imageUrl: string | null;
};

/** A cart's lines with their variant, product, cap and first image, in one query. */
async function loadLines(db: Db | Tx, cartId: number): Promise<LoadedLine[]> {
  return db
    .select({
      line: commerceCartLine,
      variant: commerceVariant,
      product: commerceProduct,
      maxQuantity: commerceMetafield.value,
      imageUrl: sql<string | null>`(select ${commerceImage.url} from ${commerceImage}
        where ${commerceImage.productId} = ${commerceProduct.id}
        order by ${commerceImage.position}, ${commerceImage.id} limit 1)`,
    })
    .from(commerceCartLine)
    .innerJoin(commerceVariant, eq(commerceVariant.id, commerceCartLine.variantId))
    .innerJoin(commerceProduct, eq(commerceProduct.id, commerceVariant.productId))
    .leftJoin(commerceMetafield, maxQuantityJoin())
    .where(eq(commerceCartLine.cartId, cartId))
    .orderBy(asc(commerceCartLine.id));
}

export function maxQuantityJoin() {
  return and(
    eq(commerceMetafield.ownerType, "PRODUCT"),
    eq(commerceMetafield.ownerId, commerceProduct.id),
    eq(commerceMetafield.namespace, "custom"),
    eq(commerceMetafield.key, "max_quantity"),
  );
}

/** The tag of products sold to adults only: alcohol (storefront.md, "Tags with meaning"). */
export const AGE_LIMIT_TAG = ALCOHOL_TAG;

/** Whether a product is alcohol, which no discount may promote. */
export function isAlcohol(product: Pick<ProductRow, "tags">): boolean {
  return product.tags.includes(AGE_LIMIT_TAG);
}

/** A product's cap from its `max_quantity` metafield: a positive integer, else 10. */
export function maxQuantityOf(value: string | null | undefined): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : DEFAULT_MAX_QUANTITY;
}

/** A cart's delivery addresses, oldest first. */
export function cartAddresses(db: Db | Tx, cartId: number): Promise<CartAddressRow[]> {
  return db
    .select()
    .from(commerceCartAddress)
    .where(eq(commerceCartAddress.cartId, cartId))
    .orderBy(asc(commerceCartAddress.id));
}

/**
 * Reads a cart's lines and codes and prices it: subtotal, discount, total. A code that applies
 * wins; otherwise the automatic discount taking the most off applies (they never combine).
 */
export async function loadCartView(db: Db | Tx, cart: CartRow, now: Date): Promise<CartView> {
  const [loaded, rules] = await Promise.all([
    loadLines(db, cart.id),
    findCartDiscounts(db, cart.discountCodes),
  ]);
  const subtotals = loaded.map((row) => row.variant.priceCents * row.line.quantity);
  const subtotalCents = subtotals.reduce((sum, value) => sum + value, 0);
  // No discount promotes alcohol: its lines are left out of what discounts apply to.
  const discountable = loaded.map((row, index) =>
    isAlcohol(row.product) ? 0 : (subtotals[index] ?? 0),
  );
  const discountableCents = discountable.reduce((sum, value) => sum + value, 0);
  const discountCodes = evaluateDiscounts(
    cart.discountCodes,
    rules.codes,
    discountableCents,
    now,
    subtotalCents - discountableCents,
  );
  const appliedDiscounts = discountCodes.filter((code) => code.applicable);
  const automaticDiscount =
    appliedDiscounts.length === 0
      ? bestAutomaticDiscount(rules.automatic, discountableCents, now)
      : null;
  const discountCents =
    appliedDiscounts.reduce((sum, code) => sum + code.amountCents, 0) +
    (automaticDiscount?.amountCents ?? 0);
  const allocations = allocateAcross(discountCents, discountable);
  const lines = loaded.map((row, index): CartLineView => {
    const subtotal = subtotals[index] ?? 0;
    const discount = allocations[index] ?? 0;
    const compareAt = row.variant.compareAtPriceCents;
    return {
      id: row.line.id,
      gid: cartLineGid(cart, row.line.id),
      quantity: row.line.quantity,
      attributes: row.line.attributes,
      variant: row.variant,
      product: row.product,
      maxQuantity: maxQuantityOf(row.maxQuantity),
      unitCents: row.variant.priceCents,
      compareAtUnitCents:
        compareAt != null && compareAt > row.variant.priceCents ? compareAt : null,
      subtotalCents: subtotal,
      discountCents: discount,
      totalCents: subtotal - discount,
      imageUrl: row.imageUrl,
    };
  });
  return {
    cart,
    gid: cartGid(cart),
    lines,
    totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    discountCents,
    totalCents: subtotalCents - discountCents,
    discountCodes,
    appliedDiscounts,
    automaticDiscount,
  };
}
