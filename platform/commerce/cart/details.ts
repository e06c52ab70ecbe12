import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "#db/client.ts";
import {
  CART_MESSAGES,
  type CartRow,
  type CartUserError,
  cartError,
  MAX_ATTRIBUTES,
  MAX_DELIVERY_ADDRESSES,
  MAX_NOTE_LENGTH,
} from "#platform/commerce/cart/records.ts";
import {
  type CartAttribute,
  commerceCart,
  commerceCartAddress,
} from "#platform/commerce/cart/schema.ts";
import { deliveryCountry } from "#platform/commerce/countries.ts";
import { commerceCustomerAddress } from "#platform/commerce/customers/schema.ts";
import { customerByAccessToken } from "#platform/commerce/customers/tokens.ts";
import { normaliseCode } from "#platform/commerce/discounts/discounts.ts";

/**
 * A cart's details beyond its lines: attributes, note, discount codes, buyer identity and
 * delivery addresses.
 */

// ---------------------------------------------------------------------------------------------
// Input checks

const emailSchema = z.string().trim().email();
// E.164, or a French number (+33 or 0033 then a non-zero digit and four pairs, separators allowed).
const phonePattern = /^(?:\+[1-9]\d{6,14}|(?:\+33|0033|0)\s?[1-9](?:[\s.-]?\d{2}){4})$/;

/** Replaces attributes by key, keeping the order of the first ones; an empty value removes one. */
function mergeAttributes(current: CartAttribute[], changes: CartAttribute[]): CartAttribute[] {
  const merged = new Map(current.map((a) => [a.key, a.value]));
  for (const change of changes) {
    if (change.value === "") merged.delete(change.key);
    else merged.set(change.key, change.value);
  }
  return [...merged].map(([key, value]) => ({ key, value }));
}

// ---------------------------------------------------------------------------------------------
// Attributes, note, codes, buyer

/** `cartAttributesUpdate`: sets attributes by key (Shopify merges; an empty value removes). */
export async function updateAttributes(tx: Tx, cart: CartRow, attributes: CartAttribute[]) {
  const merged = mergeAttributes(cart.attributes, attributes);
  if (merged.length > MAX_ATTRIBUTES) {
    return [cartError("INVALID", ["attributes"], CART_MESSAGES.tooManyAttributes)];
  }
  await tx.update(commerceCart).set({ attributes: merged }).where(eq(commerceCart.id, cart.id));
  return [];
}

export async function updateNote(tx: Tx, cart: CartRow, note: string) {
  if (note.length > MAX_NOTE_LENGTH) {
    return [cartError("NOTE_TOO_LONG", ["note"], CART_MESSAGES.noteTooLong)];
  }
  await tx.update(commerceCart).set({ note }).where(eq(commerceCart.id, cart.id));
  return [];
}

/** `cartDiscountCodesUpdate`: replaces the codes; whether each applies is computed on read. */
export async function updateDiscountCodes(tx: Tx, cart: CartRow, codes: string[]) {
  const unique = [...new Set(codes.map(normaliseCode).filter((code) => code !== ""))];
  await tx.update(commerceCart).set({ discountCodes: unique }).where(eq(commerceCart.id, cart.id));
  return [];
}

export type BuyerIdentityInput = {
  email?: string | null;
  phone?: string | null;
  countryCode?: string | null;
  customerAccessToken?: string | null;
};

/**
 * `cartBuyerIdentityUpdate`: contact details and country; a customer access token links the
 * signed-in customer, whose email and phone fill what the input leaves out.
 */
export async function updateBuyerIdentity(
  tx: Tx,
  cart: CartRow,
  input: BuyerIdentityInput,
  now: Date,
) {
  const errors: CartUserError[] = [];
  const changes: Partial<typeof commerceCart.$inferInsert> = {};
  if (input.email != null) {
    const email = emailSchema.safeParse(input.email);
    if (email.success) changes.buyerEmail = email.data.toLowerCase();
    else errors.push(cartError("INVALID", ["buyerIdentity", "email"], CART_MESSAGES.invalidEmail));
  }
  if (input.phone != null) {
    if (phonePattern.test(input.phone.trim())) changes.buyerPhone = input.phone.trim();
    else errors.push(cartError("INVALID", ["buyerIdentity", "phone"], CART_MESSAGES.invalidPhone));
  }
  if (input.countryCode != null) changes.buyerCountryCode = input.countryCode;
  if (input.customerAccessToken != null) {
    const customer = await customerByAccessToken(tx, input.customerAccessToken, now);
    if (!customer) {
      errors.push(
        cartError(
          "INVALID",
          ["buyerIdentity", "customerAccessToken"],
          CART_MESSAGES.invalidCustomerToken,
        ),
      );
    } else {
      changes.customerId = customer.id;
      changes.buyerEmail ??= customer.email;
      if (customer.phone) changes.buyerPhone ??= customer.phone;
    }
  }
  if (errors.length > 0) return errors;
  if (Object.keys(changes).length > 0) {
    await tx.update(commerceCart).set(changes).where(eq(commerceCart.id, cart.id));
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Delivery addresses

export type DeliveryAddressInput = {
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  company?: string | null;
  countryCode?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  provinceCode?: string | null;
  zip?: string | null;
};

export type SelectableAddressInput = {
  address: {
    deliveryAddress?: DeliveryAddressInput | null;
    copyFromCustomerAddressId?: string | null;
  };
  selected?: boolean | null;
  oneTimeUse?: boolean | null;
};

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

async function customerAddress(tx: Tx, cart: CartRow, gid: string) {
  const id = /^gid:\/\/shopify\/MailingAddress\/(\d+)/.exec(gid)?.[1];
  if (!id || cart.customerId === null) return undefined;
  const [row] = await tx
    .select()
    .from(commerceCustomerAddress)
    .where(
      and(
        eq(commerceCustomerAddress.id, Number(id)),
        eq(commerceCustomerAddress.customerId, cart.customerId),
      ),
    );
  return row;
}

async function addressValues(
  tx: Tx,
  cart: CartRow,
  input: Pick<SelectableAddressInput, "address">,
) {
  const copyFrom = input.address.copyFromCustomerAddressId;
  if (copyFrom) {
    const saved = await customerAddress(tx, cart, copyFrom);
    if (!saved) return undefined;
    return {
      firstName: saved.firstName,
      lastName: saved.lastName,
      company: saved.company,
      address1: saved.address1,
      address2: saved.address2,
      city: saved.city,
      provinceCode: saved.province,
      zip: saved.zip,
      countryCode: saved.countryCode,
      phone: saved.phone,
    };
  }
  const address = input.address.deliveryAddress;
  if (!address) return undefined;
  return {
    firstName: blankToNull(address.firstName),
    lastName: blankToNull(address.lastName),
    company: blankToNull(address.company),
    address1: blankToNull(address.address1),
    address2: blankToNull(address.address2),
    city: blankToNull(address.city),
    provinceCode: blankToNull(address.provinceCode),
    zip: blankToNull(address.zip),
    countryCode: address.countryCode ?? "FR",
    phone: blankToNull(address.phone),
  };
}

type AddressRow = typeof commerceCartAddress.$inferInsert;

/** The rows of new addresses, or the first error; nothing is written. */
async function newAddressRows(
  tx: Tx,
  cart: CartRow,
  addresses: SelectableAddressInput[],
  alreadyThere: number,
): Promise<{ rows: AddressRow[] } | { errors: CartUserError[] }> {
  if (addresses.filter((a) => a.selected).length > 1) {
    return {
      errors: [
        cartError(
          "ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED",
          ["addresses"],
          CART_MESSAGES.oneSelectedAddress,
        ),
      ],
    };
  }
  if (alreadyThere + addresses.length > MAX_DELIVERY_ADDRESSES) {
    return {
      errors: [
        cartError("TOO_MANY_DELIVERY_ADDRESSES", ["addresses"], CART_MESSAGES.tooManyAddresses),
      ],
    };
  }
  const rows: AddressRow[] = [];
  for (const [index, input] of addresses.entries()) {
    const checked = await checkedAddress(tx, cart, input.address, ["addresses", String(index)]);
    if ("errors" in checked) return { errors: checked.errors };
    rows.push({
      ...checked.values,
      cartId: cart.id,
      selected: Boolean(input.selected),
      oneTimeUse: Boolean(input.oneTimeUse),
    });
  }
  return { rows };
}

/** An address input's values, checked: given (or copied) and in a country the shop delivers to. */
type AddressValues = NonNullable<Awaited<ReturnType<typeof addressValues>>>;

async function checkedAddress(
  tx: Tx,
  cart: CartRow,
  address: SelectableAddressInput["address"],
  field: string[],
): Promise<{ values: AddressValues } | { errors: CartUserError[] }> {
  const values = await addressValues(tx, cart, { address });
  if (!values) {
    return {
      errors: [
        cartError(
          "ADDRESS_FIELD_IS_REQUIRED",
          [...field, "address"],
          CART_MESSAGES.addressRequired,
        ),
      ],
    };
  }
  if (!deliveryCountry(values.countryCode)) {
    return {
      errors: [
        cartError(
          "INVALID",
          [...field, "address", "deliveryAddress", "countryCode"],
          CART_MESSAGES.countryNotDelivered,
        ),
      ],
    };
  }
  return { values };
}

async function addressCount(tx: Tx, cart: CartRow) {
  const [existing] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(commerceCartAddress)
    .where(eq(commerceCartAddress.cartId, cart.id));
  return existing?.n ?? 0;
}

async function insertAddresses(tx: Tx, cart: CartRow, rows: AddressRow[]) {
  if (rows.some((row) => row.selected)) {
    await tx
      .update(commerceCartAddress)
      .set({ selected: false })
      .where(eq(commerceCartAddress.cartId, cart.id));
  }
  if (rows.length > 0) await tx.insert(commerceCartAddress).values(rows);
}

/**
 * `cartDeliveryAddressesAdd`: at most one selected; selecting one unselects the others; each in a
 * country the shop delivers to.
 */
export async function addDeliveryAddresses(
  tx: Tx,
  cart: CartRow,
  addresses: SelectableAddressInput[],
) {
  const made = await newAddressRows(tx, cart, addresses, await addressCount(tx, cart));
  if ("errors" in made) return made.errors;
  await insertAddresses(tx, cart, made.rows);
  return [];
}

/** `cartDeliveryAddressesReplace`: the cart's addresses become these; on an error, none changes. */
export async function replaceDeliveryAddresses(
  tx: Tx,
  cart: CartRow,
  addresses: SelectableAddressInput[],
) {
  const made = await newAddressRows(tx, cart, addresses, 0);
  if ("errors" in made) return made.errors;
  await tx.delete(commerceCartAddress).where(eq(commerceCartAddress.cartId, cart.id));
  await insertAddresses(tx, cart, made.rows);
  return [];
}

export type SelectableAddressUpdate = {
  id: string;
  address?: SelectableAddressInput["address"] | null;
  selected?: boolean | null;
  oneTimeUse?: boolean | null;
};

/** The cart address a `CartSelectableAddress` GID names, if it is this cart's. */
async function cartAddressId(tx: Tx, cart: CartRow, gid: string): Promise<number | undefined> {
  const match = /^gid:\/\/shopify\/CartSelectableAddress\/(\d+)$/.exec(gid);
  const id = match ? Number(match[1]) : Number.NaN;
  if (!Number.isSafeInteger(id)) return undefined;
  const [found] = await tx
    .select({ id: commerceCartAddress.id })
    .from(commerceCartAddress)
    .where(and(eq(commerceCartAddress.id, id), eq(commerceCartAddress.cartId, cart.id)));
  return found?.id;
}

/**
 * `cartDeliveryAddressesUpdate`: changes the address, `selected` and `oneTimeUse` of addresses
 * of the cart; every update is checked before any is written.
 */
export async function updateDeliveryAddresses(
  tx: Tx,
  cart: CartRow,
  updates: SelectableAddressUpdate[],
) {
  if (updates.filter((update) => update.selected).length > 1) {
    return [
      cartError(
        "ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED",
        ["addresses"],
        CART_MESSAGES.oneSelectedAddress,
      ),
    ];
  }
  const planned: { id: number; changes: Partial<AddressRow> }[] = [];
  for (const [index, update] of updates.entries()) {
    const id = await cartAddressId(tx, cart, update.id);
    if (id === undefined) {
      return [
        cartError(
          "INVALID_DELIVERY_ADDRESS_ID",
          ["addresses", String(index), "id"],
          CART_MESSAGES.addressNotFound,
        ),
      ];
    }
    const changes: Partial<AddressRow> = {};
    if (update.address) {
      const checked = await checkedAddress(tx, cart, update.address, ["addresses", String(index)]);
      if ("errors" in checked) return checked.errors;
      Object.assign(changes, checked.values);
    }
    if (update.selected != null) changes.selected = update.selected;
    if (update.oneTimeUse != null) changes.oneTimeUse = update.oneTimeUse;
    planned.push({ id, changes });
  }
  if (planned.some((entry) => entry.changes.selected)) {
    await tx
      .update(commerceCartAddress)
      .set({ selected: false })
      .where(eq(commerceCartAddress.cartId, cart.id));
  }
  for (const { id, changes } of planned) {
    if (Object.keys(changes).length > 0) {
      await tx.update(commerceCartAddress).set(changes).where(eq(commerceCartAddress.id, id));
    }
  }
  return [];
}

/** `cartDeliveryAddressesRemove`: an id not in the cart is an error and nothing is removed. */
export async function removeDeliveryAddresses(tx: Tx, cart: CartRow, addressIds: string[]) {
  const ids: number[] = [];
  for (const [index, gid] of addressIds.entries()) {
    const id = await cartAddressId(tx, cart, gid);
    if (id === undefined) {
      return [
        cartError(
          "INVALID_DELIVERY_ADDRESS_ID",
          ["addressIds", String(index)],
          CART_MESSAGES.addressNotFound,
        ),
      ];
    }
    ids.push(id);
  }
  if (ids.length > 0) {
    await tx
      .delete(commerceCartAddress)
      .where(and(eq(commerceCartAddress.cartId, cart.id), inArray(commerceCartAddress.id, ids)));
  }
  return [];
}
