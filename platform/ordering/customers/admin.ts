import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import {
  type DeliveryLocation,
  orderingCustomer,
  orderingCustomerToken,
  orderingOrder,
  orderingPaymentAccount,
  orderingPhoneLoginCode,
  orderingStore,
} from "#platform/ordering/schema.ts";

/**
 * The office's side of the ordering service's customers (people who signed in with a phone
 * code): finding them, reading one with saved cards and orders, disabling, and the GDPR export
 * and erasure of what the ordering service holds about them.
 */

export type OrderingCustomerSummary = {
  id: number;
  phone: string;
  name: string | null;
  email: string | null;
  smsPromotionsEnabled: boolean;
  disabled: boolean;
  createdAt: Date;
};

const summaryColumns = {
  id: orderingCustomer.id,
  phone: orderingCustomer.phone,
  name: orderingCustomer.name,
  email: orderingCustomer.email,
  smsPromotionsEnabled: orderingCustomer.smsPromotionsEnabled,
  disabledAt: orderingCustomer.disabledAt,
  createdAt: orderingCustomer.createdAt,
};

function toSummary(row: {
  id: number;
  phone: string;
  name: string | null;
  email: string | null;
  smsPromotionsEnabled: boolean;
  disabledAt: Date | null;
  createdAt: Date;
}): OrderingCustomerSummary {
  const { disabledAt, ...rest } = row;
  return { ...rest, disabled: disabledAt !== null };
}

const escapeLike = (text: string) => `%${text.replace(/[%_\\]/g, "\\$&")}%`;

/**
 * Customers whose name, email or phone contains the query (`phoneDigits`: the national digits
 * typed, if any), newest first, at most `limit`; erased ones never.
 */
export async function searchOrderingCustomers(
  db: Db,
  query: { text: string; phoneDigits: string | null },
  limit: number,
): Promise<OrderingCustomerSummary[]> {
  const text = query.text.trim();
  const conditions: (SQL | undefined)[] = [isNull(orderingCustomer.erasedAt)];
  if (text) {
    const pattern = escapeLike(text);
    conditions.push(
      or(
        ilike(orderingCustomer.email, pattern),
        ilike(orderingCustomer.name, pattern),
        query.phoneDigits
          ? sql`${orderingCustomer.phone} like ${escapeLike(query.phoneDigits)}`
          : undefined,
      ),
    );
  }
  const rows = await db
    .select(summaryColumns)
    .from(orderingCustomer)
    .where(and(...conditions))
    .orderBy(desc(orderingCustomer.id))
    .limit(limit);
  return rows.map(toSummary);
}

/** Customers (not erased) with one of these emails (any case) or phones (E.164). */
export async function orderingCustomersByContact(
  db: Db,
  contact: { emails: string[]; phones: string[] },
): Promise<OrderingCustomerSummary[]> {
  const emails = contact.emails.map((email) => email.trim().toLowerCase()).filter(Boolean);
  const phones = contact.phones.filter(Boolean);
  if (emails.length === 0 && phones.length === 0) return [];
  const rows = await db
    .select(summaryColumns)
    .from(orderingCustomer)
    .where(
      and(
        isNull(orderingCustomer.erasedAt),
        or(
          emails.length > 0 ? inArray(sql`lower(${orderingCustomer.email})`, emails) : undefined,
          phones.length > 0 ? inArray(orderingCustomer.phone, phones) : undefined,
        ),
      ),
    )
    .orderBy(asc(orderingCustomer.id));
  return rows.map(toSummary);
}

export type OrderingCustomerOrder = {
  id: number;
  /** The shop's number of the order (« n° 1001 »), shared with grocery orders. */
  orderNumber: number;
  storeName: string;
  mode: number;
  slotStart: Date;
  createdAt: Date;
  status: string;
  totalCents: number;
};

export type OrderingCustomerDetail = OrderingCustomerSummary & {
  cards: { id: number; brand: string; last4: string; expMonth: number; expYear: number }[];
  orders: OrderingCustomerOrder[];
};

/** One customer with cards (what may be shown only) and orders; undefined when unknown or erased. */
export async function orderingCustomerDetail(
  db: Db,
  id: number,
): Promise<OrderingCustomerDetail | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(orderingCustomer)
    .where(and(eq(orderingCustomer.id, id), isNull(orderingCustomer.erasedAt)));
  if (!row) return undefined;
  const [cards, orders] = await Promise.all([
    db
      .select({
        id: orderingPaymentAccount.id,
        brand: orderingPaymentAccount.brand,
        last4: orderingPaymentAccount.last4,
        expMonth: orderingPaymentAccount.expMonth,
        expYear: orderingPaymentAccount.expYear,
      })
      .from(orderingPaymentAccount)
      .where(eq(orderingPaymentAccount.customerId, id))
      .orderBy(asc(orderingPaymentAccount.id)),
    db
      .select({
        id: orderingOrder.id,
        orderNumber: orderingOrder.orderNumber,
        storeName: orderingStore.name,
        mode: orderingOrder.mode,
        slotStart: orderingOrder.slotStart,
        createdAt: orderingOrder.createdAt,
        status: orderingOrder.status,
        totalCents: orderingOrder.totalCents,
      })
      .from(orderingOrder)
      .innerJoin(orderingStore, eq(orderingStore.id, orderingOrder.storeId))
      .where(eq(orderingOrder.customerId, id))
      .orderBy(desc(orderingOrder.createdAt)),
  ]);
  return { ...toSummary(row), cards, orders };
}

/** Disables (no sign-in; sessions and pending codes end) or enables; undefined when unknown. */
export async function setOrderingCustomerDisabled(
  db: Db | Tx,
  id: number,
  disabled: boolean,
  now: Date,
): Promise<{ wasDisabled: boolean } | undefined> {
  const [before] = await db
    .select({ disabledAt: orderingCustomer.disabledAt, phone: orderingCustomer.phone })
    .from(orderingCustomer)
    .where(and(eq(orderingCustomer.id, id), isNull(orderingCustomer.erasedAt)))
    .for("update");
  if (!before) return undefined;
  await db
    .update(orderingCustomer)
    .set({ disabledAt: disabled ? (before.disabledAt ?? now) : null, updatedAt: now })
    .where(eq(orderingCustomer.id, id));
  if (disabled)
    await db.delete(orderingCustomerToken).where(eq(orderingCustomerToken.customerId, id));
  return { wasDisabled: before.disabledAt !== null };
}

/**
 * Everything the ordering service holds about the customer (GDPR access): the customer, the
 * sessions' dates (never the tokens), saved cards (brand, last four digits, expiry: never the
 * processor's token), phone codes' dates, and the orders with their lines.
 */
export async function exportOrderingCustomerData(db: Db, id: number) {
  const [customer] = await db
    .select()
    .from(orderingCustomer)
    .where(and(eq(orderingCustomer.id, id), isNull(orderingCustomer.erasedAt)));
  if (!customer) return undefined;
  const [sessions, cards, codes, orders] = await Promise.all([
    db
      .select({
        createdAt: orderingCustomerToken.createdAt,
        expiresAt: orderingCustomerToken.expiresAt,
      })
      .from(orderingCustomerToken)
      .where(eq(orderingCustomerToken.customerId, id))
      .orderBy(asc(orderingCustomerToken.createdAt)),
    db
      .select({
        id: orderingPaymentAccount.id,
        brand: orderingPaymentAccount.brand,
        last4: orderingPaymentAccount.last4,
        expMonth: orderingPaymentAccount.expMonth,
        expYear: orderingPaymentAccount.expYear,
        createdAt: orderingPaymentAccount.createdAt,
      })
      .from(orderingPaymentAccount)
      .where(eq(orderingPaymentAccount.customerId, id))
      .orderBy(asc(orderingPaymentAccount.id)),
    db
      .select({
        createdAt: orderingPhoneLoginCode.createdAt,
        usedAt: orderingPhoneLoginCode.usedAt,
      })
      .from(orderingPhoneLoginCode)
      .where(eq(orderingPhoneLoginCode.phone, customer.phone))
      .orderBy(asc(orderingPhoneLoginCode.createdAt)),
    db
      .select({ order: orderingOrder, storeName: orderingStore.name })
      .from(orderingOrder)
      .innerJoin(orderingStore, eq(orderingStore.id, orderingOrder.storeId))
      .where(eq(orderingOrder.customerId, id))
      .orderBy(asc(orderingOrder.id)),
  ]);
  return {
    customer,
    sessions,
    cards,
    phoneCodes: codes,
    orders: orders.map(({ order: { idempotencyKey: _key, ...order }, storeName }) => ({
      ...order,
      storeName,
    })),
  };
}

/** What replaces a delivery address on an anonymised order: the city's postcode area is gone too. */
function anonymisedLocation(location: DeliveryLocation | null): DeliveryLocation | null {
  if (!location) return null;
  return { address: "effacé", postcode: "effacé", city: "effacé" };
}

/**
 * Erases the customer in the caller's transaction (GDPR erasure). The orders stay for the
 * accounts (amounts, lines, dates, statuses) with their delivery address replaced; the customer
 * row stays only as their anchor, with phone, name and email replaced (a new sign-in with the
 * phone makes a new customer); sessions, saved cards and phone codes are deleted. The orders
 * anonymised, or undefined when the customer is unknown or already erased.
 */
export async function eraseOrderingCustomerData(
  tx: Tx,
  id: number,
  now: Date,
): Promise<{ anonymisedOrders: number } | undefined> {
  const [customer] = await tx
    .select()
    .from(orderingCustomer)
    .where(and(eq(orderingCustomer.id, id), isNull(orderingCustomer.erasedAt)))
    .for("update");
  if (!customer) return undefined;
  const orders = await tx
    .select({ id: orderingOrder.id, deliveryLocation: orderingOrder.deliveryLocation })
    .from(orderingOrder)
    .where(eq(orderingOrder.customerId, id))
    .for("update");
  for (const order of orders) {
    if (!order.deliveryLocation) continue;
    await tx
      .update(orderingOrder)
      .set({ deliveryLocation: anonymisedLocation(order.deliveryLocation), updatedAt: now })
      .where(eq(orderingOrder.id, order.id));
  }
  await tx.delete(orderingCustomerToken).where(eq(orderingCustomerToken.customerId, id));
  await tx.delete(orderingPaymentAccount).where(eq(orderingPaymentAccount.customerId, id));
  await tx.delete(orderingPhoneLoginCode).where(eq(orderingPhoneLoginCode.phone, customer.phone));
  await tx
    .update(orderingCustomer)
    .set({
      // Unique and never a phone number: `erased:{id}`.
      phone: `erased:${id}`,
      name: null,
      email: null,
      smsPromotionsEnabled: false,
      // No shop account lists these orders or signs this row in any more.
      shopCustomerId: null,
      erasedAt: now,
      updatedAt: now,
    })
    .where(eq(orderingCustomer.id, id));
  return { anonymisedOrders: orders.length };
}
