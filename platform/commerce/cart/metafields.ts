import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { findCart } from "#platform/commerce/cart/records.ts";
import { commerceCart } from "#platform/commerce/cart/schema.ts";
import { CUSTOM_NAMESPACE } from "#platform/commerce/catalogue/metafields.ts";
import { commerceMetafield } from "#platform/commerce/catalogue/schema.ts";
import { toGid } from "#platform/commerce/gid.ts";

/**
 * Cart metafields (`cartMetafieldsSet`, `cartMetafieldDelete`): a storefront's own data on a
 * cart (a gift message, a delivery note for its app), kept in `commerce_metafield` with owner
 * `CART`, read back by `Cart.metafield(s)`. Never readable by id (`node`): the cart's id is the
 * key to them. Checks and error codes are Shopify's.
 */

/** At most this many metafields in one `cartMetafieldsSet` (Shopify's limit). */
export const MAX_METAFIELDS_PER_SET = 25;
const MAX_VALUE_LENGTH = 65_535;

/** The metafield types a cart accepts, with their value checks. */
const VALUE_CHECKS: Record<string, (value: string) => boolean> = {
  single_line_text_field: (value) => !/[\r\n]/.test(value),
  multi_line_text_field: () => true,
  number_integer: (value) => /^-?\d+$/.test(value) && Number.isSafeInteger(Number(value)),
  number_decimal: (value) => /^-?\d+(\.\d+)?$/.test(value),
  boolean: (value) => value === "true" || value === "false",
  json: (value) => {
    try {
      JSON.parse(value);
      return true;
    } catch {
      return false;
    }
  },
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)),
  url: (value) => URL.canParse(value),
  color: (value) => /^#[0-9a-f]{6}$/i.test(value),
};

export type CartMetafieldInput = { ownerId: string; key: string; type: string; value: string };

export type MetafieldsSetUserError = {
  code: string;
  elementIndex: number | null;
  field: string[];
  message: string;
};

export type MetafieldDeleteUserError = { code: string; field: string[]; message: string };

/** `custom.gift_message` → namespace `custom`, key `gift_message`; a bare key is `custom`'s. */
export function splitKey(key: string): { namespace: string; key: string } | null {
  const trimmed = key.trim();
  const dot = trimmed.lastIndexOf(".");
  const namespace = dot > 0 ? trimmed.slice(0, dot) : CUSTOM_NAMESPACE;
  const name = dot > 0 ? trimmed.slice(dot + 1) : trimmed;
  const valid = /^[A-Za-z0-9_-]{1,64}$/;
  return valid.test(name) && /^[A-Za-z0-9_.-]{2,255}$/.test(namespace)
    ? { namespace, key: name }
    : null;
}

/** The open cart a metafield's `ownerId` names (its GID, with the key), or undefined. */
async function ownerCart(db: Db, ownerId: string) {
  const cart = await findCart(db, ownerId);
  return cart && !cart.completedAt ? cart : undefined;
}

/**
 * Sets the metafields (creating or replacing each): every input is checked first, and nothing is
 * written unless all pass. Answers the stored rows or the errors.
 */
export async function setCartMetafields(db: Db, inputs: CartMetafieldInput[], now: Date) {
  const error = (code: string, index: number | null, field: string[], message: string) => ({
    metafields: null,
    userErrors: [{ code, elementIndex: index, field, message }] as MetafieldsSetUserError[],
  });
  if (inputs.length > MAX_METAFIELDS_PER_SET) {
    return error(
      "LESS_THAN_OR_EQUAL_TO",
      null,
      ["metafields"],
      `Exceeded the maximum metafields input limit of ${MAX_METAFIELDS_PER_SET}.`,
    );
  }
  const planned: { cartId: number; namespace: string; key: string; type: string; value: string }[] =
    [];
  for (const [index, input] of inputs.entries()) {
    const field = (name: string) => ["metafields", String(index), name];
    const cart = await ownerCart(db, input.ownerId);
    if (!cart) return error("INVALID_OWNER", index, field("ownerId"), "Owner does not exist.");
    const name = splitKey(input.key);
    if (!name) return error("INVALID_VALUE", index, field("key"), "Key is invalid.");
    const check = VALUE_CHECKS[input.type];
    if (!check) return error("INVALID_TYPE", index, field("type"), "Type is invalid.");
    if (input.value === "") return error("BLANK", index, field("value"), "Value can't be blank.");
    if (input.value.length > MAX_VALUE_LENGTH) {
      return error("TOO_LONG", index, field("value"), "Value is too long.");
    }
    if (!check(input.value)) {
      return error(
        "INVALID_VALUE",
        index,
        field("value"),
        `Value is invalid for type ${input.type}.`,
      );
    }
    planned.push({ cartId: cart.id, ...name, type: input.type, value: input.value });
  }
  const rows = await db.transaction(async (tx) => {
    const written = [];
    for (const entry of planned) {
      const [row] = await tx
        .insert(commerceMetafield)
        .values({
          ownerType: "CART",
          ownerId: entry.cartId,
          namespace: entry.namespace,
          key: entry.key,
          type: entry.type,
          value: entry.value,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [
            commerceMetafield.ownerType,
            commerceMetafield.ownerId,
            commerceMetafield.namespace,
            commerceMetafield.key,
          ],
          set: { type: entry.type, value: entry.value, updatedAt: now },
        })
        .returning();
      if (row) written.push(row);
    }
    const touched = [...new Set(planned.map((entry) => entry.cartId))];
    for (const cartId of touched) {
      await tx.update(commerceCart).set({ updatedAt: now }).where(eq(commerceCart.id, cartId));
    }
    return written;
  });
  return { metafields: rows, userErrors: [] as MetafieldsSetUserError[] };
}

/** Deletes one cart metafield; its GID when there was one. */
export async function deleteCartMetafield(db: Db, input: { ownerId: string; key: string }) {
  const error = (code: string, field: string[], message: string) => ({
    deletedId: null,
    userErrors: [{ code, field, message }] as MetafieldDeleteUserError[],
  });
  const cart = await ownerCart(db, input.ownerId);
  if (!cart) return error("INVALID_OWNER", ["input", "ownerId"], "Owner does not exist.");
  const name = splitKey(input.key);
  const [deleted] = name
    ? await db
        .delete(commerceMetafield)
        .where(
          and(
            eq(commerceMetafield.ownerType, "CART"),
            eq(commerceMetafield.ownerId, cart.id),
            eq(commerceMetafield.namespace, name.namespace),
            eq(commerceMetafield.key, name.key),
          ),
        )
        .returning({ id: commerceMetafield.id })
    : [];
  if (!deleted) {
    return error("METAFIELD_DOES_NOT_EXIST", ["input", "key"], "Metafield does not exist.");
  }
  return {
    deletedId: toGid("Metafield", deleted.id),
    userErrors: [] as MetafieldDeleteUserError[],
  };
}
