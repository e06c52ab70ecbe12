import { and, desc, eq, inArray, isNull, ne } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { type FlipdishOrder, orderView } from "#platform/ordering/admin-views.ts";
import {
  type Customer,
  customerView,
  issueCustomerToken,
} from "#platform/ordering/customers/customers.ts";
import { MESSAGES, OrderingError } from "#platform/ordering/errors.ts";
import { orderLinkKey } from "#platform/ordering/orders/confirmation.ts";
import {
  orderingCustomer,
  orderingOrder,
  orderingSectionItem,
  orderingStore,
} from "#platform/ordering/schema.ts";

/**
 * The link between a phone customer of this service and a shop (commerce) account: made by the
 * storefront when a shopper signed in to both says so at the restauration checkout, then used by
 * the shop account to list its restauration orders and to sign its phone in without a new code.
 * Only the administrative API (the storefront server's bearer credential) reaches it: the
 * storefront vouches for the shop account, this service for the phone (docs/ordering-api.md).
 */

/** The most orders an account's history lists of this service (newest first). */
export const SHOP_ORDERS_LIMIT = 100;

/** An order of a linked customer: Flipdish's order, its link key, each item's catalogue product. */
export type ShopAccountOrder = Omit<FlipdishOrder, "OrderItems"> & {
  LinkKey: string;
  OrderItems: (FlipdishOrder["OrderItems"][number] & { ProductHandle: string | null })[];
};

/** Links a customer to a shop account; the account's previous phone, if any, is unlinked. */
export async function linkShopCustomer(
  db: Db,
  customerId: number,
  shopCustomerId: string,
  now: Date,
): Promise<Customer> {
  return db.transaction(async (tx) => {
    await tx
      .update(orderingCustomer)
      .set({ shopCustomerId: null, updatedAt: now })
      .where(
        and(
          eq(orderingCustomer.shopCustomerId, shopCustomerId),
          ne(orderingCustomer.id, customerId),
        ),
      );
    const [customer] = await tx
      .update(orderingCustomer)
      .set({ shopCustomerId, updatedAt: now })
      .where(and(eq(orderingCustomer.id, customerId), isNull(orderingCustomer.erasedAt)))
      .returning();
    if (!customer) throw new OrderingError("not_found", MESSAGES.notFound);
    return customer;
  });
}

/** The customer linked to a shop account, or undefined (none, erased). */
export async function linkedCustomer(
  db: Db,
  shopCustomerId: string,
): Promise<Customer | undefined> {
  const [customer] = await db
    .select()
    .from(orderingCustomer)
    .where(
      and(eq(orderingCustomer.shopCustomerId, shopCustomerId), isNull(orderingCustomer.erasedAt)),
    );
  return customer;
}

/** The orders of the customer linked to a shop account, newest first; none without a link. */
export async function shopAccountOrders(
  db: Db,
  shopCustomerId: string,
  linkSecret: string,
): Promise<ShopAccountOrder[]> {
  const customer = await linkedCustomer(db, shopCustomerId);
  if (!customer) return [];
  const rows = await db
    .select({ order: orderingOrder, store: orderingStore })
    .from(orderingOrder)
    .innerJoin(orderingStore, eq(orderingStore.id, orderingOrder.storeId))
    .where(eq(orderingOrder.customerId, customer.id))
    .orderBy(desc(orderingOrder.createdAt), desc(orderingOrder.id))
    .limit(SHOP_ORDERS_LIMIT);
  const itemIds = [...new Set(rows.flatMap(({ order }) => order.lines.map((l) => l.menuItemId)))];
  const handles = new Map<number, string | null>();
  if (itemIds.length > 0) {
    const items = await db
      .select({ id: orderingSectionItem.id, handle: orderingSectionItem.productHandle })
      .from(orderingSectionItem)
      .where(inArray(orderingSectionItem.id, itemIds));
    for (const item of items) handles.set(item.id, item.handle);
  }
  return rows.map(({ order, store }) => {
    const view = orderView(order, store, customer);
    return {
      ...view,
      LinkKey: orderLinkKey(linkSecret, order.id),
      OrderItems: view.OrderItems.map((item) => ({
        ...item,
        ProductHandle: handles.get(item.MenuItemId) ?? null,
      })),
    };
  });
}

const shopCustomerId = z.string().trim().min(1).max(200);
const linkBody = z.object({ ShopCustomerId: shopCustomerId }).strict();

/**
 * The administrative routes of the link (mounted behind the bearer check of admin-api.ts):
 * `PUT /api/v1.0/customers/{id}/shopcustomer` links, `GET /api/v1.0/shopcustomer?ShopCustomerId=`
 * reads the linked customer, `GET /api/v1.0/shopcustomer/orders?ShopCustomerId=` its orders and
 * `POST /api/v1.0/shopcustomer/token` signs it in (a customer token, as a phone code would).
 */
export function shopAccountRoutes(options: { db: Db; linkSecret: string; now: () => Date }) {
  const { db, linkSecret, now } = options;
  const api = new Hono();
  const parse = <T>(schema: z.ZodType<T>, input: unknown): T => {
    const parsed = schema.safeParse(input);
    if (parsed.success) return parsed.data;
    throw new OrderingError("bad_request", MESSAGES.badRequest, { Field: "ShopCustomerId" });
  };
  const body = (c: { req: { json: () => Promise<unknown> } }) => c.req.json().catch(() => null);

  api.put("/api/v1.0/customers/:id/shopcustomer", async (c) => {
    const id = Number(c.req.param("id"));
    if (!/^\d{1,10}$/.test(c.req.param("id")) || id < 1 || id > 2_147_483_647) {
      throw new OrderingError("not_found", MESSAGES.notFound);
    }
    const { ShopCustomerId } = parse(linkBody, await body(c));
    const customer = await linkShopCustomer(db, id, ShopCustomerId, now());
    return c.json({ Data: customerView(customer) });
  });

  api.get("/api/v1.0/shopcustomer", async (c) => {
    const customer = await linkedCustomer(db, parse(shopCustomerId, c.req.query("ShopCustomerId")));
    if (!customer) throw new OrderingError("not_found", MESSAGES.notFound);
    return c.json({ Data: customerView(customer) });
  });

  api.get("/api/v1.0/shopcustomer/orders", async (c) => {
    const id = parse(shopCustomerId, c.req.query("ShopCustomerId"));
    return c.json({ Data: await shopAccountOrders(db, id, linkSecret) });
  });

  api.post("/api/v1.0/shopcustomer/token", async (c) => {
    const { ShopCustomerId } = parse(linkBody, await body(c));
    const customer = await linkedCustomer(db, ShopCustomerId);
    if (!customer) throw new OrderingError("not_found", MESSAGES.notFound);
    if (customer.disabledAt)
      throw new OrderingError("customer_disabled", MESSAGES.customerDisabled);
    const token = await db.transaction((tx) => issueCustomerToken(tx, customer.id, now()));
    return c.json({ Data: { Token: token, Customer: customerView(customer) } });
  });

  return api;
}
