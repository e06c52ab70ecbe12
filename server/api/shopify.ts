import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import {
  changeShoppingListItems,
  createShoppingList,
  deleteShoppingLists,
  productGid,
  renameShoppingList,
  SHOPPING_LIST_MAX_ITEMS,
  type SignedInCustomer,
  setWishlist,
  shoppingListsWithProducts,
} from "#platform/commerce/index.ts";
import { describeIssue } from "#server/api/documents.ts";
import { type CustomerSession, forbidden, requireCustomer } from "#server/api/session.ts";
import type { ApiDependencies } from "#server/api/types.ts";

const MAX_BODY_BYTES = 100 * 1024;

/** A product id as clients send it: a GID, a number or a numeric string; answered as a GID. */
const productId = z.union([z.string().max(100), z.number().int()]).transform((value, ctx) => {
  const gid = productGid(value);
  if (!gid) ctx.addIssue({ code: "custom", message: "not a product id" });
  return gid ?? "";
});
const productIds = z.union([
  productId.transform((id) => [id]),
  z.array(productId).max(SHOPPING_LIST_MAX_ITEMS),
]);
const listId = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,10}$/, "not a list id")
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(2_147_483_647));
/** The customer id the original client sends; only ever compared with the session's. */
const claimedCustomer = z.union([z.string().max(100), z.number().int()]).optional();

const BODIES = {
  updateWishlist: z.strictObject({
    customerId: claimedCustomer,
    wishlist: z.array(productId).max(SHOPPING_LIST_MAX_ITEMS),
  }),
  createShoppingList: z.strictObject({
    customerId: claimedCustomer,
    // The client's copy of its list ids: the server keeps the true list and ignores it.
    shoppingList: z.array(z.unknown()).max(500).nullish(),
    productID: productIds.nullish(),
    title: z.string().trim().min(1).max(100),
  }),
  addProductToShoppingList: z.strictObject({
    listId,
    productsId: productIds,
    // `true` takes the products out of the list instead of adding them.
    remove: z.boolean().optional(),
  }),
  renameShoppingList: z.strictObject({ listId, title: z.string().trim().min(1).max(100) }),
  deleteShoppingList: z.strictObject({
    id: listId,
    customerId: claimedCustomer,
    shoppingListIds: z.array(z.unknown()).max(500).nullish(),
  }),
  getShoppingList: z.strictObject({ ids: z.array(listId).max(100) }),
};

/**
 * Favourites and shopping lists (storefront.md §7): `POST /shopify/update-wishlist`,
 * `create-shopping-list`, `add-product-to-shopping-list` (adds, or removes with `remove: true`),
 * `rename-shopping-list` (an addition), `delete-shopping-list`, `get-shopping-list`, answering `{ success: true, response }`.
 *
 * Unlike the original, which took the customer id from the body, every route acts for the
 * signed-in customer of the request only (docs/own-api.md): a `customerId` in the body must be
 * theirs and a list id must name one of their lists, else 403.
 */
export function shopifyRoutes(deps: ApiDependencies) {
  const db = deps.database.db;
  const api = new Hono<CustomerSession>();
  api.use(
    "/shopify/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ success: false, error: "payload_too_large" }, 413),
    }),
    requireCustomer(db),
  );

  api.post("/shopify/update-wishlist", async (c) => {
    const body = await parse(c, BODIES.updateWishlist);
    if (!body.ok) return body.answer;
    const customer = c.get("customer");
    if (!claims(customer, body.data.customerId)) return forbidden(c);
    const wishlist = await setWishlist(db, customer.id, body.data.wishlist, new Date());
    return c.json({ success: true, response: { wishlist } });
  });

  api.post("/shopify/create-shopping-list", async (c) => {
    const body = await parse(c, BODIES.createShoppingList);
    if (!body.ok) return body.answer;
    const customer = c.get("customer");
    if (!claims(customer, body.data.customerId)) return forbidden(c);
    const created = await createShoppingList(
      db,
      customer.id,
      { title: body.data.title, items: body.data.productID ?? [] },
      new Date(),
    );
    return c.json({
      success: true,
      response: { shoppingList: created.list, shoppingLists: created.listIds },
    });
  });

  api.post("/shopify/add-product-to-shopping-list", async (c) => {
    const body = await parse(c, BODIES.addProductToShoppingList);
    if (!body.ok) return body.answer;
    const list = await changeShoppingListItems(
      db,
      c.get("customer").id,
      body.data.listId,
      { products: body.data.productsId, remove: body.data.remove ?? false },
      new Date(),
    );
    return list ? c.json({ success: true, response: { shoppingList: list } }) : forbidden(c);
  });

  // An addition to the original routes: the account page renames lists (issue 8).
  api.post("/shopify/rename-shopping-list", async (c) => {
    const body = await parse(c, BODIES.renameShoppingList);
    if (!body.ok) return body.answer;
    const list = await renameShoppingList(
      db,
      c.get("customer").id,
      body.data.listId,
      body.data.title,
      new Date(),
    );
    return list ? c.json({ success: true, response: { shoppingList: list } }) : forbidden(c);
  });

  api.post("/shopify/delete-shopping-list", async (c) => {
    const body = await parse(c, BODIES.deleteShoppingList);
    if (!body.ok) return body.answer;
    const customer = c.get("customer");
    if (!claims(customer, body.data.customerId)) return forbidden(c);
    const remaining = await deleteShoppingLists(db, customer.id, [body.data.id], new Date());
    return remaining
      ? c.json({ success: true, response: { shoppingLists: remaining } })
      : forbidden(c);
  });

  api.post("/shopify/get-shopping-list", async (c) => {
    const body = await parse(c, BODIES.getShoppingList);
    if (!body.ok) return body.answer;
    const lists = await shoppingListsWithProducts(db, c.get("customer").id, body.data.ids);
    return lists ? c.json({ success: true, response: { shoppingLists: lists } }) : forbidden(c);
  });

  return new Hono().route("/", api);
}

async function parse<T extends z.ZodType>(
  c: Context,
  schema: T,
): Promise<{ ok: true; data: z.output<T> } | { ok: false; answer: Response }> {
  const parsed = schema.safeParse(await c.req.json().catch(() => undefined));
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, answer: c.json({ success: false, error: describeIssue(parsed.error) }, 400) };
}

/** Whether a customer id sent in a body (if any) is the signed-in customer's own. */
function claims(customer: SignedInCustomer, claimed: string | number | undefined): boolean {
  if (claimed === undefined) return true;
  const value = String(claimed);
  return value === String(customer.id) || value === `gid://shopify/Customer/${customer.id}`;
}
