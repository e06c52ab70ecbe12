/**
 * The customer API: a signed-in customer's profile, addresses, metafields and orders.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { commerceProduct } from "#platform/commerce/catalogue/schema.ts";
import { setWishlist } from "#platform/commerce/customers/metafields.ts";
import { toGid } from "#platform/commerce/gid.ts";
import {
  ADDRESS_CREATE,
  ADDRESS_DEFAULT,
  ADDRESS_DELETE,
  ADDRESS_UPDATE,
  CUSTOMER,
  customerHelpers,
  LOGIN,
  openCustomerTestShop,
  START,
  UPDATE,
} from "#platform/commerce/graphql/customer-testing.ts";
import { commerceOrder } from "#platform/commerce/orders/schema.ts";
import type { Json, TestStorefrontApi } from "#platform/commerce/testing.ts";

let database: Database;
let api: TestStorefrontApi;
// The API's clock: tests move it to expire links and tokens.
let clock = START;
const { gql, mutate, registeredCustomer } = customerHelpers(() => ({ database, api }));

beforeAll(async () => {
  ({ database, api } = await openCustomerTestShop(() => clock));
});
afterAll(() => database.close());

describe("customerUpdate", () => {
  it("updates the profile, rotates the token on a new password and checks every field", async () => {
    clock = START;
    const { token } = await registeredCustomer("profil@example.com");
    await registeredCustomer("autre@example.com");
    const updated = await mutate(UPDATE, {
      token,
      customer: {
        firstName: "Paul",
        lastName: "Durand",
        phone: "0033 1 23 45 67 89",
        acceptsMarketing: true,
      },
    });
    expect(updated).toMatchObject({
      customer: {
        email: "profil@example.com",
        firstName: "Paul",
        lastName: "Durand",
        phone: "+33123456789",
        acceptsMarketing: true,
      },
      customerAccessToken: null,
      customerUserErrors: [],
    });

    const taken = await mutate(UPDATE, { token, customer: { email: "Autre@example.com" } });
    expect(taken.customerUserErrors).toEqual([
      { code: "TAKEN", field: ["customer", "email"], message: expect.any(String) },
    ]);
    const badPhone = await mutate(UPDATE, { token, customer: { phone: "12" } });
    expect(badPhone.customerUserErrors[0]).toMatchObject({
      code: "INVALID",
      field: ["customer", "phone"],
    });
    const shortPassword = await mutate(UPDATE, { token, customer: { password: "abc" } });
    expect(shortPassword.customerUserErrors[0].code).toBe("TOO_SHORT");
    const badToken = await mutate(UPDATE, { token: "nope", customer: { firstName: "X" } });
    expect(badToken.customerUserErrors).toEqual([
      {
        code: "TOKEN_INVALID",
        field: ["customerAccessToken"],
        message: "Votre session a expiré. Veuillez vous reconnecter.",
      },
    ]);

    const rotated = await mutate(UPDATE, {
      token,
      customer: { password: "tout-nouveau-1", email: "paul@example.com" },
    });
    expect(rotated.customerUserErrors).toEqual([]);
    const newToken = rotated.customerAccessToken.accessToken;
    expect(newToken).not.toBe(token);
    expect((await gql(CUSTOMER, { token })).data?.customer).toBeNull();
    expect((await gql(CUSTOMER, { token: newToken })).data?.customer.email).toBe(
      "paul@example.com",
    );
    const login = await mutate(LOGIN, {
      input: { email: "paul@example.com", password: "tout-nouveau-1" },
    });
    expect(login.customerUserErrors).toEqual([]);
  }, 60_000);
});

describe("addresses", () => {
  it("creates, updates, sets as default and deletes, only the customer's own", async () => {
    clock = START;
    const { token } = await registeredCustomer("adresses@example.com");
    const other = await registeredCustomer("voisin@example.com");

    const missing = await mutate(ADDRESS_CREATE, {
      token,
      address: { address1: " ", country: "FR" },
    });
    expect(missing.customerUserErrors).toEqual([
      { code: "BLANK", field: ["address", "address1"], message: "Veuillez saisir l'adresse." },
      { code: "BLANK", field: ["address", "zip"], message: "Veuillez saisir le code postal." },
      { code: "BLANK", field: ["address", "city"], message: "Veuillez saisir la ville." },
    ]);
    const home = await mutate(ADDRESS_CREATE, {
      token,
      address: {
        firstName: "Anne",
        lastName: "Roy",
        address1: "3 rue Lafayette",
        zip: "75009",
        city: "Paris",
      },
    });
    expect(home.customerAddress).toMatchObject({
      address1: "3 rue Lafayette",
      country: "France",
      countryCodeV2: "FR",
      name: "Anne Roy",
      formattedArea: "Paris, France",
    });
    expect(home.customerAddress.id).toMatch(
      /^gid:\/\/shopify\/MailingAddress\/\d+\?model_name=CustomerAddress$/,
    );
    const office = await mutate(ADDRESS_CREATE, {
      token,
      address: {
        address1: "1 place de la Bourse",
        zip: "69002",
        city: "Lyon",
        country: "Belgique",
      },
    });
    expect(office.customerAddress.countryCodeV2).toBe("BE");
    const abroad = await mutate(ADDRESS_CREATE, {
      token,
      address: { address1: "1 Main St", zip: "10001", city: "New York", country: "US" },
    });
    expect(abroad.customerUserErrors).toEqual([
      {
        code: "INVALID",
        field: ["address", "country"],
        message: "Nous ne livrons pas dans ce pays.",
      },
    ]);

    let me = (await gql(CUSTOMER, { token })).data?.customer;
    expect(me.defaultAddress).toMatchObject({
      id: home.customerAddress.id,
      formatted: ["Anne Roy", "3 rue Lafayette", "75009 Paris", "France"],
    });
    expect(me.addresses.nodes.map((a: Json) => a.city)).toEqual(["Lyon", "Paris"]);

    const updated = await mutate(ADDRESS_UPDATE, {
      token,
      id: office.customerAddress.id,
      address: { address1: "2 place de la Bourse", zip: "69002", city: "Lyon" },
    });
    expect(updated.customerAddress.address1).toBe("2 place de la Bourse");
    const notTheirs = await mutate(ADDRESS_UPDATE, {
      token: other.token,
      id: office.customerAddress.id,
      address: { address1: "volé", zip: "1", city: "X" },
    });
    expect(notTheirs.customerUserErrors).toEqual([
      { code: "NOT_FOUND", field: ["id"], message: "Adresse introuvable." },
    ]);
    const notTheirDefault = await mutate(ADDRESS_DEFAULT, {
      token: other.token,
      id: office.customerAddress.id,
    });
    expect(notTheirDefault.customerUserErrors[0].code).toBe("NOT_FOUND");
    const notTheirDelete = await mutate(ADDRESS_DELETE, {
      token: other.token,
      id: home.customerAddress.id,
    });
    expect(notTheirDelete.customerUserErrors[0].code).toBe("NOT_FOUND");

    const defaulted = await mutate(ADDRESS_DEFAULT, { token, id: office.customerAddress.id });
    expect(defaulted.customer.defaultAddress.id).toBe(office.customerAddress.id);
    const deleted = await mutate(ADDRESS_DELETE, { token, id: office.customerAddress.id });
    expect(deleted).toMatchObject({
      deletedCustomerAddressId: office.customerAddress.id,
      customerUserErrors: [],
    });
    me = (await gql(CUSTOMER, { token })).data?.customer;
    expect(me.defaultAddress.id).toBe(home.customerAddress.id);
    expect(me.addresses.nodes).toHaveLength(1);

    const badToken = await mutate(ADDRESS_CREATE, {
      token: "nope",
      address: { address1: "a", zip: "1", city: "b" },
    });
    expect(badToken.customerUserErrors[0].code).toBe("TOKEN_INVALID");
  }, 60_000);
});

describe("customer metafields", () => {
  it("serves the wishlist with its products and the shopping lists", async () => {
    const [product] = await database.db
      .insert(commerceProduct)
      .values({ handle: "comte-aop", title: "Comté AOP" })
      .returning();
    const { id, token } = await registeredCustomer("favoris@example.com");
    await setWishlist(database.db, id, [toGid("Product", product?.id ?? 0)], START);
    const me = (await gql(CUSTOMER, { token })).data?.customer;
    expect(me.wishlist).toEqual({
      type: "list.product_reference",
      value: JSON.stringify([toGid("Product", product?.id ?? 0)]),
      references: { nodes: [{ handle: "comte-aop" }] },
    });
    expect(me.lists).toEqual([null]);
  }, 30_000);
});

describe("customer orders", () => {
  const ORDERS = `#graphql
    query Orders($token: String!, $after: String) {
      customer(customerAccessToken: $token) {
        numberOfOrders
        orders(first: 2, after: $after, sortKey: PROCESSED_AT, reverse: true) {
          nodes { name totalPrice { amount } }
          pageInfo { hasNextPage endCursor }
        }
      }
    }`;

  it("lists only the customer's own orders, newest first, page by page", async () => {
    const anne = await registeredCustomer("commandes@example.com");
    const bob = await registeredCustomer("autres-commandes@example.com");
    const order = (customerId: number, day: number, totalCents: number) => ({
      customerId,
      statusKey: `key-${customerId}-${day}`,
      processedAt: new Date(Date.UTC(2026, 1, day)),
      financialStatus: "PAID" as const,
      subtotalCents: totalCents,
      totalTaxCents: 0,
      totalCents,
      deliveryMethod: "standard",
    });
    await database.db
      .insert(commerceOrder)
      .values([
        order(anne.id, 1, 1000),
        order(anne.id, 3, 3000),
        order(bob.id, 4, 9900),
        order(anne.id, 2, 2000),
      ]);

    const first = (await gql(ORDERS, { token: anne.token })).data?.customer;
    expect(first.numberOfOrders).toBe("3");
    expect(first.orders.nodes.map((o: Json) => o.totalPrice.amount)).toEqual(["30.0", "20.0"]);
    expect(first.orders.pageInfo.hasNextPage).toBe(true);
    const next = (await gql(ORDERS, { token: anne.token, after: first.orders.pageInfo.endCursor }))
      .data?.customer;
    expect(next.orders.nodes.map((o: Json) => o.totalPrice.amount)).toEqual(["10.0"]);
    expect(next.orders.pageInfo.hasNextPage).toBe(false);

    // Another customer's cursor or token never reaches these orders.
    const theirs = (await gql(ORDERS, { token: bob.token, after: first.orders.pageInfo.endCursor }))
      .data?.customer;
    expect(theirs.numberOfOrders).toBe("1");
    expect(theirs.orders.nodes.map((o: Json) => o.totalPrice.amount)).toEqual(["99.0"]);
    expect((await gql(ORDERS, { token: "inconnu" })).data?.customer).toBeNull();
  }, 60_000);
});
