import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { deliveryCountryNamed, HOME_COUNTRY } from "#platform/commerce/countries.ts";
import { tokenError } from "#platform/commerce/customers/profile.ts";
import {
  type Address,
  addressIdFrom,
  blankToNull,
  type CustomerRow,
  type CustomerUserError,
  error,
  fail,
  frenchPhone,
  MESSAGES,
  nameErrors,
  type Outcome,
} from "#platform/commerce/customers/records.ts";
import { commerceCustomer, commerceCustomerAddress } from "#platform/commerce/customers/schema.ts";
import { customerIdOfAccessToken } from "#platform/commerce/customers/tokens.ts";

/**
 * A customer's mailing addresses: create, update, delete and choose the default, only ever the
 * customer's own.
 */

// ---------------------------------------------------------------------------------------------
// Addresses

export type MailingAddressInput = {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  province?: string | null;
  zip?: string | null;
  country?: string | null;
  phone?: string | null;
};

/** The country of an address: FR when none is given, undefined when we do not deliver there. */
function countryOf(value: string | null | undefined) {
  return value?.trim() ? deliveryCountryNamed(value) : HOME_COUNTRY;
}

function addressValues(input: MailingAddressInput) {
  const errors: CustomerUserError[] = [];
  const required = (key: "address1" | "zip" | "city", message: string) => {
    const value = blankToNull(input[key]);
    if (!value) errors.push(error("BLANK", ["address", key], message));
    return value ?? "";
  };
  const address1 = required("address1", MESSAGES.address1Blank);
  const zip = required("zip", MESSAGES.zipBlank);
  const city = required("city", MESSAGES.cityBlank);
  for (const key of ["firstName", "lastName", "company", "address2", "province"] as const) {
    errors.push(...nameErrors(input[key], ["address", key]));
  }
  const country = countryOf(input.country);
  if (!country) errors.push(error("INVALID", ["address", "country"], MESSAGES.countryInvalid));
  const phone = input.phone?.trim() ? frenchPhone(input.phone) : null;
  if (phone === undefined)
    errors.push(error("INVALID", ["address", "phone"], MESSAGES.phoneInvalid));
  return {
    errors,
    values: {
      firstName: blankToNull(input.firstName),
      lastName: blankToNull(input.lastName),
      company: blankToNull(input.company),
      address1,
      address2: blankToNull(input.address2),
      city,
      province: blankToNull(input.province),
      zip,
      country: country?.name ?? "",
      countryCode: country?.code ?? "",
      phone: phone ?? null,
    },
  };
}

/** Adds an address; a customer's first address becomes their default, as on Shopify. */
export async function createAddress(
  db: Db,
  accessToken: string,
  input: MailingAddressInput,
  now: Date,
): Promise<Outcome<Address>> {
  const customerId = await customerIdOfAccessToken(db, accessToken, now);
  if (customerId === undefined) return fail(tokenError());
  const { errors, values } = addressValues(input);
  if (errors.length > 0) return fail(...errors);
  return db.transaction(async (tx) => {
    const [address] = await tx
      .insert(commerceCustomerAddress)
      .values({ ...values, customerId, createdAt: now, updatedAt: now })
      .returning();
    if (!address) throw new Error("The address was not stored");
    await tx
      .update(commerceCustomer)
      .set({ defaultAddressId: address.id })
      .where(and(eq(commerceCustomer.id, customerId), isNull(commerceCustomer.defaultAddressId)));
    return { ok: true, value: address };
  });
}

export const addressMissing = (field: string[]) =>
  error("NOT_FOUND", field, MESSAGES.addressMissing);

/** Replaces an address of the signed-in customer; another customer's address is NOT_FOUND. */
export async function updateAddress(
  db: Db,
  accessToken: string,
  addressId: string,
  input: MailingAddressInput,
  now: Date,
): Promise<Outcome<Address>> {
  const customerId = await customerIdOfAccessToken(db, accessToken, now);
  if (customerId === undefined) return fail(tokenError());
  const id = addressIdFrom(addressId);
  if (id === undefined) return fail(addressMissing(["id"]));
  const { errors, values } = addressValues(input);
  if (errors.length > 0) return fail(...errors);
  const [address] = await db
    .update(commerceCustomerAddress)
    .set({ ...values, updatedAt: now })
    .where(
      and(eq(commerceCustomerAddress.id, id), eq(commerceCustomerAddress.customerId, customerId)),
    )
    .returning();
  return address ? { ok: true, value: address } : fail(addressMissing(["id"]));
}

/** Deletes an address; when it was the default, the newest remaining one becomes the default. */
export async function deleteAddress(
  db: Db,
  accessToken: string,
  addressId: string,
  now: Date,
): Promise<Outcome<number>> {
  const customerId = await customerIdOfAccessToken(db, accessToken, now);
  if (customerId === undefined) return fail(tokenError());
  const id = addressIdFrom(addressId);
  if (id === undefined) return fail(addressMissing(["id"]));
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(commerceCustomerAddress)
      .where(
        and(eq(commerceCustomerAddress.id, id), eq(commerceCustomerAddress.customerId, customerId)),
      )
      .returning({ id: commerceCustomerAddress.id });
    if (!deleted) return fail<number>(addressMissing(["id"]));
    await tx
      .update(commerceCustomer)
      .set({
        defaultAddressId: sql`(select max(${commerceCustomerAddress.id}) from ${commerceCustomerAddress} where ${commerceCustomerAddress.customerId} = ${customerId})`,
        updatedAt: now,
      })
      .where(and(eq(commerceCustomer.id, customerId), eq(commerceCustomer.defaultAddressId, id)));
    return { ok: true, value: deleted.id };
  });
}

/** Makes one of the signed-in customer's addresses their default. */
export async function setDefaultAddress(
  db: Db,
  accessToken: string,
  addressId: string,
  now: Date,
): Promise<Outcome<CustomerRow>> {
  const customerId = await customerIdOfAccessToken(db, accessToken, now);
  if (customerId === undefined) return fail(tokenError());
  const id = addressIdFrom(addressId);
  if (id === undefined) return fail(addressMissing(["addressId"]));
  const [customer] = await db
    .update(commerceCustomer)
    .set({ defaultAddressId: id, updatedAt: now })
    .where(
      and(
        eq(commerceCustomer.id, customerId),
        sql`exists (select 1 from ${commerceCustomerAddress} where ${commerceCustomerAddress.id} = ${id} and ${commerceCustomerAddress.customerId} = ${customerId})`,
      ),
    )
    .returning();
  return customer ? { ok: true, value: customer } : fail(addressMissing(["addressId"]));
}
