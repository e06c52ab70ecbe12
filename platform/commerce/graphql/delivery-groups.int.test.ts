import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { parseCartGid } from "#platform/commerce/cart/records.ts";
import { commerceCart } from "#platform/commerce/cart/schema.ts";
import { checkoutRoutes } from "#platform/commerce/checkout/http.ts";
import { testPayments } from "#platform/commerce/checkout/testing.ts";
import {
  type CatalogueFixture,
  graphqlHelpers,
  insertSlotStore,
  type Json,
  NOW,
  ORIGIN,
  openTestShop,
  seedCartFixture,
  slotAttributes,
  TEST_SLOT_KEY,
  TEST_SLOTS,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";

/**
 * `Cart.deliveryGroups` and `cartSelectedDeliveryOptionsUpdate` over the order mode a cart carries
 * (docs/cart.md, "Delivery groups"), through the Storefront API, and what the hosted checkout
 * shows afterwards.
 */

/** Its zone charges 4,90 €, asks 25 € at least and delivers free from 60 €. */
const STORE = 51;
/** One place per slot: a booked pickup fills its slot. */
const SMALL_STORE = 52;
const NBSP = "\u00a0";

let database: Database;
let api: TestStorefrontApi;
let app: Hono;
let fixture: CatalogueFixture;
const { gql, mutate } = graphqlHelpers(() => api);

beforeAll(async () => {
  ({ database, api, fixture } = await openTestShop({
    seed: seedCartFixture,
    now: () => NOW,
    slots: TEST_SLOTS,
  }));
  await insertSlotStore(database.db, {
    physicalRestaurantId: STORE,
    capacity: 5,
    name: "Comptoir Martyrs",
    zone: { feeCents: 490, minimumOrderCents: 2500, freeDeliveryThresholdCents: 6000 },
  });
  await insertSlotStore(database.db, {
    physicalRestaurantId: SMALL_STORE,
    capacity: 1,
    name: "Comptoir Lafayette",
  });
  app = new Hono();
  app.route("/", api);
  app.route(
    "/checkout",
    checkoutRoutes({
      db: database.db,
      storefrontOrigin: "http://boutique.test",
      slots: TEST_SLOTS,
      payments: testPayments(database.db, ORIGIN, () => NOW).payments,
      now: () => NOW,
    }),
  );
});
afterAll(() => database.close());

const GROUP_FIELDS = `#graphql
  fragment GroupFields on Cart {
    id checkoutUrl
    attributes { key value }
    deliveryGroups(first: 5) {
      nodes {
        id groupType
        cartLines(first: 10) { nodes { id quantity } }
        deliveryAddress { company address1 zip city countryCodeV2 }
        deliveryOptions { ...OptionFields }
        selectedDeliveryOption { ...OptionFields }
      }
    }
  }
  fragment OptionFields on CartDeliveryOption {
    handle title code deliveryMethodType description estimatedCost { amount currencyCode }
  }`;

const CREATE = `#graphql
  mutation DeliveryGroupsCart($input: CartInput) {
    cartCreate(input: $input) {
      cart { ...GroupFields }
      userErrors { code message }
    }
  }
  ${GROUP_FIELDS}`;

const READ = `#graphql
  query DeliveryGroupsRead($id: ID!) { cart(id: $id) { ...GroupFields } }
  ${GROUP_FIELDS}`;

const SELECT = `#graphql
  mutation DeliveryGroupsSelect($cartId: ID!, $options: [CartSelectedDeliveryOptionInput!]!) {
    cartSelectedDeliveryOptionsUpdate(cartId: $cartId, selectedDeliveryOptions: $options) {
      cart { ...GroupFields }
      userErrors { code field message }
      warnings { code }
    }
  }
  ${GROUP_FIELDS}`;

const paris = {
  address: {
    deliveryAddress: {
      firstName: "Paul",
      lastName: "Durand",
      address1: "8 rue Lamartine",
      zip: "75009",
      city: "Paris",
      countryCode: "FR",
    },
  },
  selected: true,
};

type Choice = { mode: 1 | 2; store?: number; slotKey?: string };

/**
 * A cart as the storefront prepares it for the checkout: `choice` its mode, store and slot
 * (TEST_SLOT_KEY at STORE by default; null: none chosen), the Paris address for a delivery.
 */
async function newCart(
  lines: { merchandiseId: string; quantity: number }[],
  choice: Choice | null,
  withAddress = choice?.mode === 1,
): Promise<Json> {
  const attributes = choice
    ? slotAttributes({
        mode: choice.mode,
        physicalRestaurantId: choice.store ?? STORE,
        ...(choice.slotKey ? { slotKey: choice.slotKey } : {}),
      })
    : [];
  const payload = await mutate(CREATE, {
    input: { lines, attributes, ...(withAddress ? { delivery: { addresses: [paris] } } : {}) },
  });
  expect(payload.userErrors).toEqual([]);
  return payload.cart;
}

const groupOf = (cart: Json) => cart.deliveryGroups.nodes[0];
const attribute = (cart: Json, key: string) =>
  (cart.attributes as { key: string; value: string }[]).find((a) => a.key === key)?.value;

const DELIVERY = {
  handle: `delivery-${STORE}`,
  title: "Livraison à domicile",
  code: "domicile",
  deliveryMethodType: "LOCAL",
};
const PICKUP = {
  handle: `pickup-${STORE}`,
  title: "Retrait en magasin — Comptoir Martyrs",
  code: "retrait",
  deliveryMethodType: "PICK_UP",
  description: "12 rue des Martyrs, 75009 Paris",
  estimatedCost: { amount: "0.0", currencyCode: "EUR" },
};

async function checkoutPage(cart: Json) {
  const url = new URL(cart.checkoutUrl);
  const res = await app.request(`${ORIGIN}${url.pathname}${url.search}`);
  expect(res.status).toBe(200);
  return res.text();
}

describe("Cart.deliveryGroups", () => {
  it("a delivery cart: one group of all its lines, delivery at the zone's fee selected, pickup at its store", async () => {
    const cart = await newCart(
      [
        { merchandiseId: fixture.comte.variantId, quantity: 1 },
        { merchandiseId: fixture.miel.variantId, quantity: 2 },
      ],
      { mode: 1 },
    );
    const token = parseCartGid(cart.id)?.token;
    expect(cart.deliveryGroups.nodes).toHaveLength(1);
    const group = groupOf(cart);
    expect(group.id).toBe(`gid://shopify/CartDeliveryGroup/${token}`);
    expect(group.groupType).toBe("ONE_TIME_PURCHASE");
    expect(group.cartLines.nodes.map((line: Json) => line.quantity)).toEqual([1, 2]);
    expect(group.deliveryAddress).toEqual({
      company: null,
      address1: "8 rue Lamartine",
      zip: "75009",
      city: "Paris",
      countryCodeV2: "FR",
    });
    // 12,50 € + 2 × 8,90 € = 30,30 €: above the 25 € minimum, 29,70 € short of free delivery.
    const delivery = {
      ...DELIVERY,
      description: `Livré par Comptoir Martyrs. Plus que 29,70${NBSP}€ pour la livraison offerte.`,
      estimatedCost: { amount: "4.9", currencyCode: "EUR" },
    };
    expect(group.deliveryOptions).toEqual([delivery, PICKUP]);
    expect(group.selectedDeliveryOption).toEqual(delivery);
  });

  it("prices delivery as the checkout does: free from the threshold, the minimum said below it", async () => {
    const free = groupOf(
      await newCart([{ merchandiseId: fixture.caviar.variantId, quantity: 2 }], { mode: 1 }),
    );
    expect(free.selectedDeliveryOption).toMatchObject({
      handle: DELIVERY.handle,
      description: "Livré par Comptoir Martyrs.",
      estimatedCost: { amount: "0.0" },
    });
    const small = groupOf(
      await newCart([{ merchandiseId: fixture.miel.variantId, quantity: 1 }], { mode: 1 }),
    );
    expect(small.selectedDeliveryOption).toMatchObject({
      estimatedCost: { amount: "4.9" },
      description: `Livré par Comptoir Martyrs. Le minimum de commande pour la livraison est de 25,00${NBSP}€.`,
    });
  });

  it("a pickup cart without an address: pickup selected, the store's address as the group's", async () => {
    const group = groupOf(
      await newCart([{ merchandiseId: fixture.comte.variantId, quantity: 1 }], { mode: 2 }),
    );
    expect(group.deliveryOptions).toEqual([PICKUP]);
    expect(group.selectedDeliveryOption).toEqual(PICKUP);
    expect(group.deliveryAddress).toEqual({
      company: "Comptoir Martyrs",
      address1: "12 rue des Martyrs",
      zip: "75009",
      city: "Paris",
      countryCodeV2: "FR",
    });
  });

  it("none before a store is chosen, nor for an empty cart", async () => {
    const unchosen = await newCart(
      [{ merchandiseId: fixture.comte.variantId, quantity: 1 }],
      null,
      true,
    );
    expect(unchosen.deliveryGroups.nodes).toEqual([]);
    const empty = await newCart([], { mode: 1 });
    expect(empty.deliveryGroups.nodes).toEqual([]);
  });
});

describe("cartSelectedDeliveryOptionsUpdate", () => {
  it("switches a delivery cart to pickup and back, keeping a slot both modes offer; the hosted checkout follows", async () => {
    const cart = await newCart([{ merchandiseId: fixture.comte.variantId, quantity: 2 }], {
      mode: 1,
    });
    const groupId = groupOf(cart).id;
    expect(await checkoutPage(cart)).toContain(`Livraison à domicile — 4,90${NBSP}€`);

    const toPickup = await mutate(SELECT, {
      cartId: cart.id,
      options: [{ deliveryGroupId: groupId, deliveryOptionHandle: PICKUP.handle }],
    });
    expect(toPickup.userErrors).toEqual([]);
    expect(groupOf(toPickup.cart).selectedDeliveryOption.handle).toBe(PICKUP.handle);
    expect(attribute(toPickup.cart, "mode")).toBe("2");
    expect(attribute(toPickup.cart, "pickupLocationId")).toBe(String(STORE));
    expect(attribute(toPickup.cart, "deliverySlot")).toBe(TEST_SLOT_KEY);
    // The delivering store stays, so that delivery can be chosen again.
    expect(groupOf(toPickup.cart).deliveryOptions.map((o: Json) => o.handle)).toEqual([
      DELIVERY.handle,
      PICKUP.handle,
    ]);
    const page = await checkoutPage(cart);
    expect(page).toContain("Retrait en magasin — gratuit");
    expect(page).toContain("Comptoir Martyrs<br>12 rue des Martyrs, 75009 Paris");

    const back = await mutate(SELECT, {
      cartId: cart.id,
      options: [{ deliveryGroupId: groupId, deliveryOptionHandle: DELIVERY.handle }],
    });
    expect(back.userErrors).toEqual([]);
    expect(attribute(back.cart, "mode")).toBe("1");
    expect(groupOf(back.cart).selectedDeliveryOption.handle).toBe(DELIVERY.handle);
    expect(await checkoutPage(cart)).toContain(`Livraison à domicile — 4,90${NBSP}€`);
  });

  it("removes the slot when the new mode cannot book it: the checkout asks for a mode and slot again", async () => {
    // The small store's only pickup place of the slot is taken.
    const booked = await database.db.transaction((tx) =>
      TEST_SLOTS.book(tx, {
        physicalRestaurantId: SMALL_STORE,
        mode: 2,
        slotKey: TEST_SLOT_KEY,
        now: NOW,
      }),
    );
    expect(booked.ok).toBe(true);
    const cart = await newCart([{ merchandiseId: fixture.caviar.variantId, quantity: 1 }], {
      mode: 1,
      store: SMALL_STORE,
    });
    const payload = await mutate(SELECT, {
      cartId: cart.id,
      options: [
        { deliveryGroupId: groupOf(cart).id, deliveryOptionHandle: `pickup-${SMALL_STORE}` },
      ],
    });
    expect(payload.userErrors).toEqual([]);
    expect(attribute(payload.cart, "mode")).toBe("2");
    expect(attribute(payload.cart, "deliverySlot")).toBeUndefined();
    expect(attribute(payload.cart, "slotDay")).toBeUndefined();
    expect(groupOf(payload.cart).selectedDeliveryOption.handle).toBe(`pickup-${SMALL_STORE}`);
    expect(await checkoutPage(cart)).toContain("Choisissez la livraison ou le retrait");
  });

  it("refuses an unknown group or option with Shopify's codes, and changes nothing", async () => {
    const cart = await newCart([{ merchandiseId: fixture.comte.variantId, quantity: 2 }], {
      mode: 1,
    });
    const unknownGroup = await mutate(SELECT, {
      cartId: cart.id,
      options: [
        { deliveryGroupId: "gid://shopify/CartDeliveryGroup/1", deliveryOptionHandle: "pickup" },
      ],
    });
    expect(unknownGroup.userErrors).toEqual([
      {
        code: "INVALID_DELIVERY_GROUP",
        field: ["selectedDeliveryOptions", "0", "deliveryGroupId"],
        message: "Ce groupe de livraison n'existe pas dans le panier",
      },
    ]);
    const unknownOption = await mutate(SELECT, {
      cartId: cart.id,
      options: [{ deliveryGroupId: groupOf(cart).id, deliveryOptionHandle: "pickup-9999" }],
    });
    expect(unknownOption.userErrors).toEqual([
      {
        code: "INVALID_DELIVERY_OPTION",
        field: ["selectedDeliveryOptions", "0", "deliveryOptionHandle"],
        message: "Ce mode de livraison n'est pas proposé pour ce panier",
      },
    ]);
    const read = await gql(READ, { id: cart.id });
    expect(read.data?.cart.attributes).toEqual(cart.attributes);
  });

  it("a cart without a chosen store has no group to select in", async () => {
    const cart = await newCart(
      [{ merchandiseId: fixture.comte.variantId, quantity: 1 }],
      null,
      true,
    );
    const token = parseCartGid(cart.id)?.token;
    const payload = await mutate(SELECT, {
      cartId: cart.id,
      options: [
        {
          deliveryGroupId: `gid://shopify/CartDeliveryGroup/${token}`,
          deliveryOptionHandle: DELIVERY.handle,
        },
      ],
    });
    expect(payload.userErrors.map((error: Json) => error.code)).toEqual(["INVALID_DELIVERY_GROUP"]);
  });

  it("refuses a completed cart, as every cart mutation does", async () => {
    const cart = await newCart([{ merchandiseId: fixture.comte.variantId, quantity: 1 }], {
      mode: 2,
    });
    const token = parseCartGid(cart.id)?.token ?? "";
    await database.db
      .update(commerceCart)
      .set({ completedAt: NOW })
      .where(eq(commerceCart.token, token));
    const payload = await mutate(SELECT, {
      cartId: cart.id,
      options: [{ deliveryGroupId: groupOf(cart).id, deliveryOptionHandle: PICKUP.handle }],
    });
    expect(payload.userErrors).toEqual([
      { code: "INVALID", field: ["cartId"], message: "Ce panier a déjà été commandé" },
    ]);
  });
});
