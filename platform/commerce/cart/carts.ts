import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  addDeliveryAddresses,
  type BuyerIdentityInput,
  type SelectableAddressInput,
  updateAttributes,
  updateBuyerIdentity,
  updateDiscountCodes,
  updateNote,
} from "#platform/commerce/cart/details.ts";
import { addLines, type LineInput } from "#platform/commerce/cart/lines.ts";
import type { CartChange, CartRow, CartUserError } from "#platform/commerce/cart/records.ts";
import { type CartAttribute, commerceCart } from "#platform/commerce/cart/schema.ts";

/**
 * Carts (Shopify's Cart API): `cartCreate` here; the cart's records, view, lines and details in
 * the `cart-*.ts` files, re-exported below so that callers import one module.
 */

// ---------------------------------------------------------------------------------------------
// Creating a cart

export type CartCreateInput = {
  lines?: LineInput[] | null;
  attributes?: CartAttribute[] | null;
  note?: string | null;
  discountCodes?: string[] | null;
  buyerIdentity?: BuyerIdentityInput | null;
  delivery?: { addresses?: SelectableAddressInput[] | null } | null;
};

function newCartSecrets() {
  return {
    token: `c1-${randomBytes(16).toString("hex")}`,
    secretKey: randomBytes(16).toString("hex"),
  };
}

/**
 * `cartCreate`: a new cart with everything the input gives, in one transaction; any error leaves
 * no cart behind (the answer's `cart` is then null, as on Shopify).
 */
export async function createCart(db: Db, input: CartCreateInput, now: Date): Promise<CartChange> {
  const rollback = new Error("rollback");
  let result: CartChange = { cart: null, userErrors: [] };
  try {
    await db.transaction(async (tx) => {
      const [cart] = await tx
        .insert(commerceCart)
        .values({ ...newCartSecrets(), createdAt: now, updatedAt: now })
        .returning();
      if (!cart) throw new Error("the cart was not created");
      const steps: ((current: CartRow) => Promise<CartUserError[]>)[] = [
        (c) => (input.lines?.length ? addLines(tx, c, input.lines) : Promise.resolve([])),
        (c) => (input.attributes ? updateAttributes(tx, c, input.attributes) : Promise.resolve([])),
        (c) => (input.note != null ? updateNote(tx, c, input.note) : Promise.resolve([])),
        (c) =>
          input.discountCodes
            ? updateDiscountCodes(tx, c, input.discountCodes)
            : Promise.resolve([]),
        (c) =>
          input.buyerIdentity
            ? updateBuyerIdentity(tx, c, input.buyerIdentity, now)
            : Promise.resolve([]),
      ];
      for (const step of steps) {
        const [current] = await tx.select().from(commerceCart).where(eq(commerceCart.id, cart.id));
        const errors = await step(current ?? cart);
        if (errors.length > 0) {
          result = { cart: null, userErrors: errors };
          throw rollback;
        }
      }
      // Customer addresses can be copied once the buyer identity has linked the customer.
      const [linked] = await tx.select().from(commerceCart).where(eq(commerceCart.id, cart.id));
      const addresses = input.delivery?.addresses ?? [];
      const errors =
        addresses.length > 0 ? await addDeliveryAddresses(tx, linked ?? cart, addresses) : [];
      if (errors.length > 0) {
        result = { cart: null, userErrors: errors };
        throw rollback;
      }
      result = { cart: linked ?? cart, userErrors: [] };
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return result;
}
