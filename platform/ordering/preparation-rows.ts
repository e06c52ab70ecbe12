import { and, asc, eq, gte, lt } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { orderingCustomer, orderingOrder, orderingStore } from "#platform/ordering/schema.ts";

/**
 * Orders with their store and customer, for the back office's preparation sheets (ODP): one
 * joined query whichever way the orders are picked, plain rows out (the sheet's shape is the
 * back office's).
 */

export type PreparationRow = {
  order: typeof orderingOrder.$inferSelect;
  store: { id: number; name: string; phone: string | null };
  customer: { name: string | null; phone: string; email: string | null };
};

/**
 * One order; the orders of a slot of a store (by id); or those whose slot starts in
 * `[slotFrom, slotTo)` (by slot, then id).
 */
export type PreparationPick =
  | { orderId: number }
  | { storeId: number; slotKey: string }
  | { slotFrom: Date; slotTo: Date };

export async function ordersForPreparation(
  db: Db,
  pick: PreparationPick,
): Promise<PreparationRow[]> {
  const rows = db
    .select({
      order: orderingOrder,
      store: { id: orderingStore.id, name: orderingStore.name, phone: orderingStore.phone },
      customer: {
        name: orderingCustomer.name,
        phone: orderingCustomer.phone,
        email: orderingCustomer.email,
      },
    })
    .from(orderingOrder)
    .innerJoin(orderingStore, eq(orderingStore.id, orderingOrder.storeId))
    .innerJoin(orderingCustomer, eq(orderingCustomer.id, orderingOrder.customerId));
  if ("orderId" in pick) return rows.where(eq(orderingOrder.id, pick.orderId));
  if ("storeId" in pick) {
    return rows
      .where(and(eq(orderingOrder.storeId, pick.storeId), eq(orderingOrder.slotKey, pick.slotKey)))
      .orderBy(asc(orderingOrder.id));
  }
  return rows
    .where(
      and(gte(orderingOrder.slotStart, pick.slotFrom), lt(orderingOrder.slotStart, pick.slotTo)),
    )
    .orderBy(asc(orderingOrder.slotStart), asc(orderingOrder.slotKey), asc(orderingOrder.id));
}
