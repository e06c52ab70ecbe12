import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { commerceCart } from "#platform/commerce/cart/schema.ts";
import { CUSTOM_NAMESPACE } from "#platform/commerce/catalogue/metafields.ts";
import { commerceMetafield } from "#platform/commerce/catalogue/schema.ts";
import {
  commerceCustomer,
  commerceCustomerAddress,
  commerceCustomerToken,
  commerceShoppingList,
} from "#platform/commerce/customers/schema.ts";
import {
  commerceOrder,
  commerceOrderLine,
  type OrderAddress,
} from "#platform/commerce/orders/schema.ts";

/**
 * The office's side of the customer accounts (the `customers` screen): finding accounts,
 * reading one with its orders, addresses, lists and consents, disabling it, and the GDPR
 * export and erasure of everything the commerce service holds about a person.
 */

/** An account as the customers list shows it. */
export type CommerceCustomerSummary = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  acceptsMarketing: boolean;
  activated: boolean;
  disabled: boolean;
  createdAt: Date;
};

const summaryColumns = {
  id: commerceCustomer.id,
  email: commerceCustomer.email,
  firstName: commerceCustomer.firstName,
  lastName: commerceCustomer.lastName,
  phone: commerceCustomer.phone,
  acceptsMarketing: commerceCustomer.acceptsMarketing,
  state: commerceCustomer.state,
  disabledAt: commerceCustomer.disabledAt,
  createdAt: commerceCustomer.createdAt,
};

type SummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]["_"]["data"] | null;
};

function toSummary(row: SummaryRow): CommerceCustomerSummary {
  return {
    id: row.id as number,
    email: row.email as string,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    acceptsMarketing: Boolean(row.acceptsMarketing),
    activated: row.state === "ENABLED",
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt as Date,
  };
}

/** `%…%` for ILIKE, the wildcards of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, "\\$&")}%`;
}

/**
 * The national digits of a phone number typed in any French form (`06 12…`, `+33 6 12…`,
 * `0033…`), for matching stored E.164 numbers; null when the query holds fewer than 4 digits.
 */
export function phoneDigits(query: string): string | null {
  if (/[^\d\s+().-]/.test(query)) return null;
  const digits = query.replace(/\D/g, "");
  if (digits.length < 4) return null;
  return digits.replace(/^(0033|33|0)/, "");
}

/**
 * Accounts whose name, email or phone contains the query, newest first, at most `limit`.
 * An empty query lists the newest accounts.
 */
export async function searchCommerceCustomers(
  db: Db,
  query: string,
  limit: number,
): Promise<CommerceCustomerSummary[]> {
  const text = query.trim();
  const conditions: SQL[] = [];
  if (text) {
    const pattern = containsPattern(text);
    const name = sql`coalesce(${commerceCustomer.firstName}, '') || ' ' || coalesce(${commerceCustomer.lastName}, '')`;
    const matches: (SQL | undefined)[] = [
      ilike(commerceCustomer.email, pattern),
      sql`${name} ilike ${pattern}`,
      sql`coalesce(${commerceCustomer.lastName}, '') || ' ' || coalesce(${commerceCustomer.firstName}, '') ilike ${pattern}`,
    ];
    const digits = phoneDigits(text);
    if (digits) matches.push(sql`${commerceCustomer.phone} like ${containsPattern(digits)}`);
    const any = or(...matches);
    if (any) conditions.push(any);
  }
  const rows = await db
    .select(summaryColumns)
    .from(commerceCustomer)
    .where(and(...conditions))
    .orderBy(desc(commerceCustomer.id))
    .limit(limit);
  return rows.map(toSummary);
}

/** Accounts with one of these emails (lower-cased) or phones (E.164). */
export async function commerceCustomersByContact(
  db: Db,
  contact: { emails: string[]; phones: string[] },
): Promise<CommerceCustomerSummary[]> {
  const emails = contact.emails.map((email) => email.trim().toLowerCase()).filter(Boolean);
  const phones = contact.phones.filter(Boolean);
  if (emails.length === 0 && phones.length === 0) return [];
  const rows = await db
    .select(summaryColumns)
    .from(commerceCustomer)
    .where(
      or(
        emails.length > 0 ? inArray(commerceCustomer.email, emails) : undefined,
        phones.length > 0 ? inArray(commerceCustomer.phone, phones) : undefined,
      ),
    )
    .orderBy(asc(commerceCustomer.id));
  return rows.map(toSummary);
}

/** An order of the account, as the customer's page lists it. */
export type CommerceCustomerOrder = {
  id: number;
  number: number;
  processedAt: Date;
  totalCents: number;
  refundedCents: number;
  financialStatus: string;
  fulfillmentStatus: string;
  deliveryMethod: string;
};

export type CommerceCustomerDetail = CommerceCustomerSummary & {
  addresses: {
    id: number;
    isDefault: boolean;
    name: string;
    lines: string[];
    phone: string | null;
  }[];
  shoppingLists: { id: number; title: string; items: number }[];
  /** The `custom.wishlist` metafield's product GIDs. */
  wishlist: string[];
  orders: CommerceCustomerOrder[];
};

/** The orders of the account or placed with its email (as a guest), newest first. */
function ordersOf(customer: { id: number; email: string }): SQL | undefined {
  return or(eq(commerceOrder.customerId, customer.id), eq(commerceOrder.email, customer.email));
}

/** One account with what the office may look at; undefined when unknown. */
export async function commerceCustomerDetail(
  db: Db,
  id: number,
): Promise<CommerceCustomerDetail | undefined> {
  const [row] = await db
    .select({ ...summaryColumns, defaultAddressId: commerceCustomer.defaultAddressId })
    .from(commerceCustomer)
    .where(eq(commerceCustomer.id, id));
  if (!row) return undefined;
  const summary = toSummary(row);
  const [addresses, lists, wishlist, orders] = await Promise.all([
    db
      .select()
      .from(commerceCustomerAddress)
      .where(eq(commerceCustomerAddress.customerId, id))
      .orderBy(desc(commerceCustomerAddress.id)),
    db
      .select()
      .from(commerceShoppingList)
      .where(eq(commerceShoppingList.customerId, id))
      .orderBy(asc(commerceShoppingList.id)),
    db
      .select({ value: commerceMetafield.value })
      .from(commerceMetafield)
      .where(customerMetafields(id, "wishlist")),
    db
      .select({
        id: commerceOrder.id,
        number: commerceOrder.orderNumber,
        processedAt: commerceOrder.processedAt,
        totalCents: commerceOrder.totalCents,
        refundedCents: commerceOrder.totalRefundedCents,
        financialStatus: commerceOrder.financialStatus,
        fulfillmentStatus: commerceOrder.fulfillmentStatus,
        deliveryMethod: commerceOrder.deliveryMethod,
      })
      .from(commerceOrder)
      .where(ordersOf(summary))
      .orderBy(desc(commerceOrder.processedAt)),
  ]);
  return {
    ...summary,
    addresses: addresses.map((address) => ({
      id: address.id,
      isDefault: address.id === row.defaultAddressId,
      name: [address.firstName, address.lastName].filter(Boolean).join(" "),
      lines: [
        address.company,
        address.address1,
        address.address2,
        `${address.zip} ${address.city}`,
        address.country,
      ].filter((line): line is string => Boolean(line)),
      phone: address.phone,
    })),
    shoppingLists: lists.map((list) => ({
      id: list.id,
      title: list.title,
      items: list.items.length,
    })),
    wishlist: parseList(wishlist[0]?.value),
    orders,
  };
}

function parseList(value: string | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === "string") : [];
  } catch {
    return [];
  }
}

function customerMetafields(customerId: number, key?: string): SQL | undefined {
  return and(
    eq(commerceMetafield.ownerType, "CUSTOMER"),
    eq(commerceMetafield.ownerId, customerId),
    eq(commerceMetafield.namespace, CUSTOM_NAMESPACE),
    key ? eq(commerceMetafield.key, key) : undefined,
  );
}

/**
 * Disables (no sign-in; every token of the account deleted, so its sessions end at once) or
 * enables the account. The state before, or undefined when the account is unknown.
 */
export async function setCommerceCustomerDisabled(
  db: Db | Tx,
  id: number,
  disabled: boolean,
  now: Date,
): Promise<{ wasDisabled: boolean } | undefined> {
  const [before] = await db
    .select({ disabledAt: commerceCustomer.disabledAt })
    .from(commerceCustomer)
    .where(eq(commerceCustomer.id, id))
    .for("update");
  if (!before) return undefined;
  await db
    .update(commerceCustomer)
    .set({ disabledAt: disabled ? (before.disabledAt ?? now) : null, updatedAt: now })
    .where(eq(commerceCustomer.id, id));
  if (disabled)
    await db.delete(commerceCustomerToken).where(eq(commerceCustomerToken.customerId, id));
  return { wasDisabled: before.disabledAt !== null };
}

/**
 * Everything the commerce service holds about the account (GDPR access): the account (never
 * its password hash), addresses, the tokens' kinds and dates (never the tokens), metafields,
 * shopping lists, carts, and orders with their lines, its own and those placed with its email.
 */
export async function exportCommerceCustomerData(db: Db, id: number) {
  const [customer] = await db.select().from(commerceCustomer).where(eq(commerceCustomer.id, id));
  if (!customer) return undefined;
  const { passwordHash, ...account } = customer;
  const [addresses, tokens, metafields, shoppingLists, orders] = await Promise.all([
    db
      .select()
      .from(commerceCustomerAddress)
      .where(eq(commerceCustomerAddress.customerId, id))
      .orderBy(asc(commerceCustomerAddress.id)),
    db
      .select({
        kind: commerceCustomerToken.kind,
        createdAt: commerceCustomerToken.createdAt,
        expiresAt: commerceCustomerToken.expiresAt,
        usedAt: commerceCustomerToken.usedAt,
      })
      .from(commerceCustomerToken)
      .where(eq(commerceCustomerToken.customerId, id))
      .orderBy(asc(commerceCustomerToken.id)),
    db
      .select({
        namespace: commerceMetafield.namespace,
        key: commerceMetafield.key,
        type: commerceMetafield.type,
        value: commerceMetafield.value,
        updatedAt: commerceMetafield.updatedAt,
      })
      .from(commerceMetafield)
      .where(and(eq(commerceMetafield.ownerType, "CUSTOMER"), eq(commerceMetafield.ownerId, id))),
    db
      .select()
      .from(commerceShoppingList)
      .where(eq(commerceShoppingList.customerId, id))
      .orderBy(asc(commerceShoppingList.id)),
    db.select().from(commerceOrder).where(ordersOf(customer)).orderBy(asc(commerceOrder.id)),
  ]);
  const lines =
    orders.length === 0
      ? []
      : await db
          .select()
          .from(commerceOrderLine)
          .where(
            inArray(
              commerceOrderLine.orderId,
              orders.map((order) => order.id),
            ),
          )
          .orderBy(asc(commerceOrderLine.orderId), asc(commerceOrderLine.position));
  return {
    account: { ...account, hasPassword: passwordHash !== null },
    addresses,
    tokens,
    metafields,
    shoppingLists,
    orders: orders.map(({ statusKey: _key, cartId: _cart, ...order }) => ({
      ...order,
      lines: lines
        .filter((line) => line.orderId === order.id)
        .map(({ orderId: _order, ...line }) => line),
    })),
  };
}

/** The placeholder that replaces a name, an email or an address line on anonymised orders. */
export const ERASED = "effacé";

function anonymisedAddress(address: OrderAddress | null): OrderAddress | null {
  if (!address) return null;
  return {
    firstName: ERASED,
    lastName: ERASED,
    company: null,
    address1: ERASED,
    address2: null,
    city: ERASED,
    zip: ERASED,
    province: null,
    countryCode: address.countryCode,
    phone: null,
  };
}

/**
 * Erases the account in the caller's transaction (GDPR erasure): its orders and the ones placed
 * with its email are kept for the accounts (amounts, lines, dates, statuses) with names, email,
 * phone, addresses and notes replaced; the account, its addresses, tokens, lists and metafields
 * are deleted, and the carts it left lose their buyer's identity. The orders anonymised, or
 * undefined when the account is unknown.
 */
export async function eraseCommerceCustomerData(
  tx: Tx,
  id: number,
): Promise<{ anonymisedOrders: number } | undefined> {
  const [customer] = await tx
    .select()
    .from(commerceCustomer)
    .where(eq(commerceCustomer.id, id))
    .for("update");
  if (!customer) return undefined;
  const orders = await tx
    .select({
      id: commerceOrder.id,
      shippingAddress: commerceOrder.shippingAddress,
      billingAddress: commerceOrder.billingAddress,
    })
    .from(commerceOrder)
    .where(ordersOf(customer))
    .for("update");
  for (const order of orders) {
    await tx
      .update(commerceOrder)
      .set({
        customerId: null,
        email: null,
        phone: null,
        note: null,
        shippingAddress: anonymisedAddress(order.shippingAddress),
        billingAddress: anonymisedAddress(order.billingAddress),
      })
      .where(eq(commerceOrder.id, order.id));
  }
  await eraseCarts(tx, customer);
  await tx
    .delete(commerceMetafield)
    .where(and(eq(commerceMetafield.ownerType, "CUSTOMER"), eq(commerceMetafield.ownerId, id)));
  // Addresses, tokens and shopping lists go with the account (ON DELETE CASCADE).
  await tx.delete(commerceCustomer).where(eq(commerceCustomer.id, id));
  return { anonymisedOrders: orders.length };
}

async function eraseCarts(tx: Tx, customer: { id: number; email: string }) {
  await tx
    .update(commerceCart)
    .set({ buyerEmail: null, buyerPhone: null, customerId: null, note: null })
    .where(
      or(eq(commerceCart.customerId, customer.id), eq(commerceCart.buyerEmail, customer.email)),
    );
}
