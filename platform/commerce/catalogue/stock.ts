import { and, asc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { refreshDerivedFields } from "#platform/commerce/catalogue/catalogue.ts";
import { commerceVariant } from "#platform/commerce/catalogue/schema.ts";
import { commerceOrder } from "#platform/commerce/orders/schema.ts";

/**
 * Counted stock (issue 48, "slots and stock stay safe around the redirect"). A variant whose
 * `quantity_available` is null is not counted: the counter cuts, bakes or orders it as it sells,
 * and only `availableForSale` says whether it is sold. A variant with a number has that many
 * units left: a checkout takes its units when the shopper leaves for the payment page, a payment
 * that fails, expires or is abandoned gives them back, the order keeps them, and cancelling the
 * order gives them back.
 *
 * A counted variant's last unit taken makes it unavailable, and units given back to one at zero
 * make it available again: its product's availability follows (`refreshDerivedFields`), and the
 * pages that show it are purged when the transaction commits, so that shoppers see « Bientôt
 * disponible ! » rather than a button whose checkout would refuse them. Counts that stay above
 * zero change nothing a page shows, and purge nothing.
 */

/** Units of one variant taken by a checkout. */
export type StockTaken = { variantId: number; quantity: number };

export const STOCK_MESSAGES = {
  short: (title: string, left: number) =>
    left <= 0
      ? `« ${title} » n'est plus en stock : retirez-le de votre panier pour commander.`
      : `Il ne reste que ${left} « ${title} » en stock : ajustez la quantité dans votre panier.`,
};

/** Thrown inside a checkout's transaction when a counted variant has fewer units than ordered. */
export class StockShort extends Error {
  readonly title: string;
  readonly left: number;
  constructor(title: string, left: number) {
    super(STOCK_MESSAGES.short(title, left));
    this.title = title;
    this.left = left;
  }
}

/**
 * Takes the units of the counted variants among `lines`, in the caller's transaction; throws
 * `StockShort` for the first that has too few (the caller's rollback gives back the others).
 * One read locks every line's variant, in id order, so two checkouts sharing products never
 * wait on each other crosswise; then only the counted ones are updated.
 */
export async function takeStock(
  tx: Tx,
  lines: readonly { variantId: number; quantity: number; title: string }[],
): Promise<StockTaken[]> {
  const wanted = new Map<number, { quantity: number; title: string }>();
  for (const line of lines) {
    const seen = wanted.get(line.variantId);
    wanted.set(line.variantId, {
      quantity: (seen?.quantity ?? 0) + line.quantity,
      title: seen?.title ?? line.title,
    });
  }
  if (wanted.size === 0) return [];
  const variants = await tx
    .select({ id: commerceVariant.id, left: commerceVariant.quantityAvailable })
    .from(commerceVariant)
    .where(inArray(commerceVariant.id, [...wanted.keys()]))
    .orderBy(asc(commerceVariant.id))
    .for("update");
  const taken: StockTaken[] = [];
  const soldOut: number[] = [];
  for (const { id, left } of variants) {
    const line = wanted.get(id);
    // A variant that is not counted has nothing to take.
    if (!line || left === null) continue;
    const [updated] = await tx
      .update(commerceVariant)
      .set({ quantityAvailable: sql`${commerceVariant.quantityAvailable} - ${line.quantity}` })
      .where(
        and(
          eq(commerceVariant.id, id),
          isNotNull(commerceVariant.quantityAvailable),
          gte(commerceVariant.quantityAvailable, line.quantity),
        ),
      )
      .returning({ id: commerceVariant.id });
    if (!updated) throw new StockShort(line.title, left);
    taken.push({ variantId: id, quantity: line.quantity });
    if (left === line.quantity) soldOut.push(id);
  }
  await availabilityFollows(tx, soldOut, false);
  return taken;
}

/** Marks these variants available or not, and brings their products' availability along. */
async function availabilityFollows(tx: Tx, variantIds: readonly number[], available: boolean) {
  if (variantIds.length === 0) return;
  const changed = await tx
    .update(commerceVariant)
    .set({ availableForSale: available })
    .where(
      and(
        inArray(commerceVariant.id, [...variantIds]),
        sql`${commerceVariant.availableForSale} is distinct from ${available}`,
      ),
    )
    .returning({ productId: commerceVariant.productId });
  if (changed.length > 0) {
    await refreshDerivedFields(
      tx,
      changed.map((row) => row.productId),
    );
  }
}

/** Gives back units a checkout took (its payment failed, or its order was cancelled). */
export async function giveBackStock(tx: Tx, taken: readonly StockTaken[]): Promise<void> {
  const backInStock: number[] = [];
  for (const { variantId, quantity } of [...taken].sort((a, b) => a.variantId - b.variantId)) {
    const [given] = await tx
      .update(commerceVariant)
      .set({ quantityAvailable: sql`${commerceVariant.quantityAvailable} + ${quantity}` })
      .where(and(eq(commerceVariant.id, variantId), isNotNull(commerceVariant.quantityAvailable)))
      .returning({ left: commerceVariant.quantityAvailable });
    if (given && given.left === quantity && quantity > 0) backInStock.push(variantId);
  }
  await availabilityFollows(tx, backInStock, true);
}

/**
 * Gives back the units a cancelled grocery order took, once: the order's record of them is
 * emptied in the same transaction (the caller holds the order's row lock).
 */
export async function giveBackOrderStock(tx: Tx, orderId: number): Promise<void> {
  const [order] = await tx
    .select({ taken: commerceOrder.stockTaken })
    .from(commerceOrder)
    .where(eq(commerceOrder.id, orderId));
  if (!order?.taken?.length) return;
  await giveBackStock(tx, order.taken);
  await tx.update(commerceOrder).set({ stockTaken: null }).where(eq(commerceOrder.id, orderId));
}
