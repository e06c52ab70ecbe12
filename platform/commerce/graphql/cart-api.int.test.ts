import { createStorefrontApiClient } from "@shopify/storefront-api-client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { commerceCart, commerceCartLine } from "#platform/commerce/cart-schema.ts";
import { parseCartGid } from "#platform/commerce/carts.ts";
import { commerceProduct } from "#platform/commerce/catalogue-schema.ts";
import {
  type CatalogueFixture,
  CUSTOMER_TOKEN,
  graphqlRequest,
  ORIGIN,
  PUBLIC_TOKEN,
  seedCartFixture,
  testApi,
} from "#platform/commerce/graphql/cart-test-fixtures.ts";

let database: Database;
let api: ReturnType<typeof testApi>;
let fixture: CatalogueFixture;

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = await seedCartFixture(database.db);
  api = testApi(database.db);
});
afterAll(() => database.close());

const CART_FIELDS = `#graphql
  fragment CartFields on Cart {
    id checkoutUrl totalQuantity note createdAt updatedAt
    attributes { key value }
    restauration: attribute(key: "restauration") { value }
    discountCodes { code applicable }
    discountAllocations { discountedAmount { amount } ... on CartCodeDiscountAllocation { code } }
    buyerIdentity { email phone countryCode }
    cost {
      subtotalAmount { amount currencyCode }
      totalAmount { amount currencyCode }
      checkoutChargeAmount { amount }
    }
    delivery {
      addresses {
        id selected oneTimeUse
        address {
          ... on CartDeliveryAddress {
            firstName lastName address1 address2 zip city countryCode name formatted(withName: true)
          }
        }
      }
    }
    lines(first: 100) {
      nodes {
        id quantity
        attributes { key value }
        discountAllocations { discountedAmount { amount } }
        cost {
          amountPerQuantity { amount }
          compareAtAmountPerQuantity { amount }
          subtotalAmount { amount }
          totalAmount { amount }
        }
        merchandise {
          ... on ProductVariant {
            id sku title price { amount }
            product { id title handle tags vendor }
          }
        }
      }
    }
  }`;

const CART_CREATE = `#graphql
  mutation CartCreate($input: CartInput) {
    cartCreate(input: $input) {
      cart { ...CartFields }
      userErrors { code field message }
      warnings { code message }
    }
  }`;

const CART_QUERY = `#graphql
  query Cart($id: ID!) { cart(id: $id) { ...CartFields } }`;

const LINES_ADD = `#graphql
  mutation CartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!) {
    cartLinesAdd(cartId: $cartId, lines: $lines) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

const LINES_UPDATE = `#graphql
  mutation CartLinesUpdate($cartId: ID!, $lines: [CartLineUpdateInput!]!) {
    cartLinesUpdate(cartId: $cartId, lines: $lines) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

const LINES_REMOVE = `#graphql
  mutation CartLinesRemove($cartId: ID!, $lineIds: [ID!]!) {
    cartLinesRemove(cartId: $cartId, lineIds: $lineIds) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

const ATTRIBUTES_UPDATE = `#graphql
  mutation CartAttributesUpdate($cartId: ID!, $attributes: [AttributeInput!]!) {
    cartAttributesUpdate(cartId: $cartId, attributes: $attributes) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

const NOTE_UPDATE = `#graphql
  mutation CartNoteUpdate($cartId: ID!, $note: String!) {
    cartNoteUpdate(cartId: $cartId, note: $note) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

const CODES_UPDATE = `#graphql
  mutation CartDiscountCodesUpdate($cartId: ID!, $discountCodes: [String!]!) {
    cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $discountCodes) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

const BUYER_UPDATE = `#graphql
  mutation CartBuyerIdentityUpdate($cartId: ID!, $buyerIdentity: CartBuyerIdentityInput!) {
    cartBuyerIdentityUpdate(cartId: $cartId, buyerIdentity: $buyerIdentity) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

const ADDRESSES_ADD = `#graphql
  mutation CartDeliveryAddressesAdd($cartId: ID!, $addresses: [CartSelectableAddressInput!]!) {
    cartDeliveryAddressesAdd(cartId: $cartId, addresses: $addresses) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

const ADDRESSES_REMOVE = `#graphql
  mutation CartDeliveryAddressesRemove($cartId: ID!, $addressIds: [ID!]!) {
    cartDeliveryAddressesRemove(cartId: $cartId, addressIds: $addressIds) {
      cart { ...CartFields }
      userErrors { code field message }
    }
  }`;

const withFields = (document: string) => `${document}\n${CART_FIELDS}`;

async function run(document: string, variables: Record<string, unknown> = {}) {
  const body = await graphqlRequest(api, withFields(document), variables);
  expect(body.errors).toBeUndefined();
  return body.data;
}

async function newCart(input: Record<string, unknown> = {}) {
  const data = await run(CART_CREATE, { input });
  expect(data.cartCreate.userErrors).toEqual([]);
  return data.cartCreate.cart;
}

const line = (
  merchandiseId: string,
  quantity = 1,
  attributes?: { key: string; value: string }[],
) => ({
  merchandiseId,
  quantity,
  ...(attributes ? { attributes } : {}),
});

describe("cartCreate and cart(id)", () => {
  it("creates a cart with lines, attributes, note, codes and buyer, and reads it back", async () => {
    const cart = await newCart({
      lines: [line(fixture.comte.variantId, 2), line(fixture.miel.variantId, 1)],
      attributes: [{ key: "restauration", value: "false" }],
      note: "Sonner deux fois",
      discountCodes: ["bienvenue10"],
      buyerIdentity: { email: "Jean@Example.fr", phone: "+33 6 12 34 56 78", countryCode: "FR" },
    });
    expect(cart.id).toMatch(/^gid:\/\/shopify\/Cart\/c1-[0-9a-f]{32}\?key=[0-9a-f]{32}$/);
    const token = parseCartGid(cart.id)?.token;
    expect(cart.checkoutUrl).toBe(`${ORIGIN}/checkout/${token}/?key=${parseCartGid(cart.id)?.key}`);
    expect(cart).toMatchObject({
      totalQuantity: 3,
      note: "Sonner deux fois",
      attributes: [{ key: "restauration", value: "false" }],
      restauration: { value: "false" },
      buyerIdentity: { email: "jean@example.fr", phone: "+33 6 12 34 56 78", countryCode: "FR" },
      // 2 × 12,50 + 8,90 = 33,90 € ≥ 30 €: BIENVENUE10 takes 3,39 €.
      discountCodes: [{ code: "BIENVENUE10", applicable: true }],
      discountAllocations: [{ code: "BIENVENUE10", discountedAmount: { amount: "3.39" } }],
      cost: {
        subtotalAmount: { amount: "33.9", currencyCode: "EUR" },
        totalAmount: { amount: "30.51", currencyCode: "EUR" },
        checkoutChargeAmount: { amount: "30.51" },
      },
    });
    const [comte, miel] = cart.lines.nodes;
    expect(comte).toMatchObject({
      quantity: 2,
      cost: {
        amountPerQuantity: { amount: "12.5" },
        compareAtAmountPerQuantity: { amount: "15.0" },
        subtotalAmount: { amount: "25.0" },
      },
      merchandise: {
        id: fixture.comte.variantId,
        sku: "COMTE-AOP-18-MOIS",
        product: { title: "Comté AOP 18 mois", handle: "comte-aop-18-mois", vendor: "Maison Test" },
      },
    });
    expect(miel.cost.compareAtAmountPerQuantity).toBeNull();
    const allocated = [comte, miel].map((l) =>
      Number(l.discountAllocations[0].discountedAmount.amount),
    );
    expect(allocated.reduce((a, b) => a + b, 0)).toBeCloseTo(3.39, 5);
    expect(
      Number(comte.cost.totalAmount.amount) + Number(miel.cost.totalAmount.amount),
    ).toBeCloseTo(30.51, 5);

    const read = await run(CART_QUERY, { id: cart.id });
    expect(read.cart).toEqual(cart);
  });

  it("answers null for an unknown cart, a wrong key or a malformed id", async () => {
    const cart = await newCart();
    const wrongKey = cart.id.replace(/key=.*/, `key=${"0".repeat(32)}`);
    for (const id of [wrongKey, "gid://shopify/Cart/c1-nope", "n'importe quoi"]) {
      expect((await run(CART_QUERY, { id })).cart).toBeNull();
    }
  });

  it("refuses to create a cart with an unavailable product and leaves nothing behind", async () => {
    const before = await database.db.$count(commerceCart);
    const data = await run(CART_CREATE, { input: { lines: [line(fixture.truffe.variantId)] } });
    expect(data.cartCreate.cart).toBeNull();
    expect(data.cartCreate.userErrors).toEqual([
      {
        code: "INVALID_MERCHANDISE_LINE",
        field: ["lines"],
        message: "Le produit est indisponible",
      },
    ]);
    expect(await database.db.$count(commerceCart)).toBe(before);
  });

  it("works with Shopify's official client", async () => {
    const client = createStorefrontApiClient({
      storeDomain: ORIGIN,
      apiVersion: "2024-01",
      publicAccessToken: PUBLIC_TOKEN,
      customFetchApi: (url, init) => Promise.resolve(api.request(String(url), init as RequestInit)),
    });
    const { data, errors } = await client.request(withFields(CART_CREATE), {
      variables: { input: { lines: [line(fixture.miel.variantId, 2)] } },
    });
    expect(errors).toBeUndefined();
    expect(data?.cartCreate?.cart?.totalQuantity).toBe(2);
    expect(data?.cartCreate?.cart?.cost?.totalAmount?.amount).toBe("17.8");
  });
});

describe("cartLinesAdd", () => {
  it("adds lines and merges the same variant with the same attributes into one line", async () => {
    const cart = await newCart({ lines: [line(fixture.miel.variantId, 1)] });
    const data = await run(LINES_ADD, {
      cartId: cart.id,
      lines: [
        line(fixture.miel.variantId, 2),
        line(fixture.miel.variantId, 1, [{ key: "cadeau", value: "oui" }]),
      ],
    });
    expect(data.cartLinesAdd.userErrors).toEqual([]);
    const nodes = data.cartLinesAdd.cart.lines.nodes;
    expect(nodes.map((l: { quantity: number }) => l.quantity)).toEqual([3, 1]);
    expect(nodes[1].attributes).toEqual([{ key: "cadeau", value: "oui" }]);
    expect(data.cartLinesAdd.cart.totalQuantity).toBe(4);
  });

  it("refuses going over max_quantity with the spec's message and changes nothing", async () => {
    const cart = await newCart({ lines: [line(fixture.comte.variantId, 2)] });
    const data = await run(LINES_ADD, {
      cartId: cart.id,
      lines: [line(fixture.comte.variantId, 2)],
    });
    expect(data.cartLinesAdd.userErrors).toEqual([
      {
        code: "MAXIMUM_EXCEEDED",
        field: ["lines"],
        message: "Quantité maximale atteinte pour ce produit (3)",
      },
    ]);
    expect(data.cartLinesAdd.cart.totalQuantity).toBe(2);
  });

  it("caps a product without max_quantity at 10", async () => {
    const cart = await newCart({ lines: [line(fixture.miel.variantId, 10)] });
    const data = await run(LINES_ADD, { cartId: cart.id, lines: [line(fixture.miel.variantId)] });
    expect(data.cartLinesAdd.userErrors[0].message).toBe(
      "Quantité maximale atteinte pour ce produit (10)",
    );
  });

  it.each([
    ["tagged unavailable", "truffe"],
    ["archived", "ancien"],
    ["not for sale", "epuise"],
  ] as const)("refuses a product %s: 'Le produit est indisponible'", async (_, name) => {
    const cart = await newCart();
    const data = await run(LINES_ADD, { cartId: cart.id, lines: [line(fixture[name].variantId)] });
    expect(data.cartLinesAdd.userErrors).toEqual([
      {
        code: "INVALID_MERCHANDISE_LINE",
        field: ["lines"],
        message: "Le produit est indisponible",
      },
    ]);
    expect(data.cartLinesAdd.cart.lines.nodes).toEqual([]);
  });

  it("refuses an unknown variant and a quantity below 1", async () => {
    const cart = await newCart();
    const unknown = await run(LINES_ADD, {
      cartId: cart.id,
      lines: [line("gid://shopify/ProductVariant/999999")],
    });
    expect(unknown.cartLinesAdd.userErrors[0].message).toBe("Le produit est indisponible");
    const zero = await run(LINES_ADD, {
      cartId: cart.id,
      lines: [line(fixture.miel.variantId, 0)],
    });
    expect(zero.cartLinesAdd.userErrors).toEqual([
      {
        code: "INVALID",
        field: ["lines", "0", "quantity"],
        message: "La quantité doit être un nombre entier positif",
      },
    ]);
  });

  it("answers 'Panier introuvable' for an unknown cart", async () => {
    const data = await run(LINES_ADD, {
      cartId: `gid://shopify/Cart/c1-${"f".repeat(32)}?key=${"f".repeat(32)}`,
      lines: [line(fixture.miel.variantId)],
    });
    expect(data.cartLinesAdd).toEqual({
      cart: null,
      userErrors: [{ code: "INVALID", field: ["cartId"], message: "Panier introuvable" }],
    });
  });

  it("never goes over max_quantity nor duplicates a line under 50 concurrent adds", async () => {
    const cart = await newCart();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        graphqlRequest(api, withFields(LINES_ADD), {
          cartId: cart.id,
          lines: [line(fixture.caviar.variantId, 1)],
        }),
      ),
    );
    const succeeded = answers.filter((a) => a.data.cartLinesAdd.userErrors.length === 0);
    const refused = answers.filter((a) => a.data.cartLinesAdd.userErrors.length > 0);
    expect(succeeded).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const answer of refused) {
      expect(answer.data.cartLinesAdd.userErrors[0].message).toBe(
        "Quantité maximale atteinte pour ce produit (20)",
      );
    }
    const id = await database.db
      .select({ id: commerceCart.id })
      .from(commerceCart)
      .where(eq(commerceCart.token, parseCartGid(cart.id)?.token ?? ""));
    const stored = await database.db
      .select()
      .from(commerceCartLine)
      .where(eq(commerceCartLine.cartId, id[0]?.id ?? 0));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.quantity).toBe(20);
  });
});

describe("cartLinesUpdate and cartLinesRemove", () => {
  it("sets quantities, removes a line at 0 and refuses going over the cap", async () => {
    const cart = await newCart({
      lines: [line(fixture.comte.variantId, 1), line(fixture.miel.variantId, 2)],
    });
    const [comte, miel] = cart.lines.nodes;
    const updated = await run(LINES_UPDATE, {
      cartId: cart.id,
      lines: [
        { id: comte.id, quantity: 3 },
        { id: miel.id, quantity: 0 },
      ],
    });
    expect(updated.cartLinesUpdate.userErrors).toEqual([]);
    expect(updated.cartLinesUpdate.cart.lines.nodes).toHaveLength(1);
    expect(updated.cartLinesUpdate.cart.lines.nodes[0].quantity).toBe(3);

    const over = await run(LINES_UPDATE, {
      cartId: cart.id,
      lines: [{ id: comte.id, quantity: 4 }],
    });
    expect(over.cartLinesUpdate.userErrors[0].message).toBe(
      "Quantité maximale atteinte pour ce produit (3)",
    );
    expect(over.cartLinesUpdate.cart.totalQuantity).toBe(3);
  });

  it("refuses an unknown line id, a negative quantity and a line of another cart", async () => {
    const cart = await newCart({ lines: [line(fixture.miel.variantId, 1)] });
    const other = await newCart({ lines: [line(fixture.miel.variantId, 1)] });
    const foreign = other.lines.nodes[0].id;
    const unknown = await run(LINES_UPDATE, {
      cartId: cart.id,
      lines: [{ id: foreign, quantity: 2 }],
    });
    expect(unknown.cartLinesUpdate.userErrors).toEqual([
      {
        code: "INVALID_MERCHANDISE_LINE",
        field: ["lines", "0", "id"],
        message: "Cette ligne n'existe pas dans le panier",
      },
    ]);
    const negative = await run(LINES_UPDATE, {
      cartId: cart.id,
      lines: [{ id: cart.lines.nodes[0].id, quantity: -1 }],
    });
    expect(negative.cartLinesUpdate.userErrors[0].code).toBe("INVALID");
    const removed = await run(LINES_REMOVE, { cartId: cart.id, lineIds: [foreign] });
    expect(removed.cartLinesRemove.userErrors[0].message).toBe(
      "Cette ligne n'existe pas dans le panier",
    );
    expect(removed.cartLinesRemove.cart.totalQuantity).toBe(1);
  });

  it("removes lines", async () => {
    const cart = await newCart({
      lines: [line(fixture.comte.variantId, 1), line(fixture.miel.variantId, 2)],
    });
    const data = await run(LINES_REMOVE, { cartId: cart.id, lineIds: [cart.lines.nodes[0].id] });
    expect(data.cartLinesRemove.userErrors).toEqual([]);
    expect(
      data.cartLinesRemove.cart.lines.nodes.map(
        (l: { merchandise: { id: string } }) => l.merchandise.id,
      ),
    ).toEqual([fixture.miel.variantId]);
  });

  it("lets an unavailable product's quantity go down but not up", async () => {
    const cart = await newCart({ lines: [line(fixture.miel.variantId, 3)] });
    const setTags = (tags: string[]) =>
      database.db
        .update(commerceProduct)
        .set({ tags })
        .where(eq(commerceProduct.id, fixture.miel.productId));
    await setTags(["unavailable"]);
    try {
      const down = await run(LINES_UPDATE, {
        cartId: cart.id,
        lines: [{ id: cart.lines.nodes[0].id, quantity: 2 }],
      });
      expect(down.cartLinesUpdate.userErrors).toEqual([]);
      const up = await run(LINES_UPDATE, {
        cartId: cart.id,
        lines: [{ id: cart.lines.nodes[0].id, quantity: 3 }],
      });
      expect(up.cartLinesUpdate.userErrors[0].message).toBe("Le produit est indisponible");
    } finally {
      await setTags([]);
    }
  });
});

describe("attributes, note, discount codes", () => {
  it("merges attributes by key and removes one set to an empty value", async () => {
    const cart = await newCart({ attributes: [{ key: "restauration", value: "false" }] });
    const data = await run(ATTRIBUTES_UPDATE, {
      cartId: cart.id,
      attributes: [
        { key: "restauration", value: "true" },
        { key: "origine", value: "app" },
      ],
    });
    expect(data.cartAttributesUpdate.cart.attributes).toEqual([
      { key: "restauration", value: "true" },
      { key: "origine", value: "app" },
    ]);
    const removed = await run(ATTRIBUTES_UPDATE, {
      cartId: cart.id,
      attributes: [{ key: "origine", value: "" }],
    });
    expect(removed.cartAttributesUpdate.cart.attributes).toEqual([
      { key: "restauration", value: "true" },
    ]);
  });

  it("updates the note and refuses one over 5000 characters", async () => {
    const cart = await newCart();
    const data = await run(NOTE_UPDATE, { cartId: cart.id, note: "Sans gluten" });
    expect(data.cartNoteUpdate.cart.note).toBe("Sans gluten");
    const long = await run(NOTE_UPDATE, { cartId: cart.id, note: "x".repeat(5001) });
    expect(long.cartNoteUpdate.userErrors[0]).toMatchObject({ code: "NOTE_TOO_LONG" });
    expect(long.cartNoteUpdate.cart.note).toBe("Sans gluten");
  });

  it("computes applicable for each code: minimum, dates, enabled, unknown, one at a time", async () => {
    const cart = await newCart({ lines: [line(fixture.comte.variantId, 2)] }); // 25 €
    const below = await run(CODES_UPDATE, { cartId: cart.id, discountCodes: ["BIENVENUE10"] });
    expect(below.cartDiscountCodesUpdate.cart.discountCodes).toEqual([
      { code: "BIENVENUE10", applicable: false },
    ]);
    expect(below.cartDiscountCodesUpdate.cart.cost.totalAmount.amount).toBe("25.0");

    await run(LINES_ADD, { cartId: cart.id, lines: [line(fixture.caviar.variantId, 1)] }); // 75 €
    const codes = await run(CODES_UPDATE, {
      cartId: cart.id,
      discountCodes: ["noel5", "BIENVENUE10", "ETE2024", "ARRET", "INCONNU"],
    });
    const updated = codes.cartDiscountCodesUpdate.cart;
    expect(updated.discountCodes).toEqual([
      { code: "NOEL5", applicable: true },
      { code: "BIENVENUE10", applicable: false },
      { code: "ETE2024", applicable: false },
      { code: "ARRET", applicable: false },
      { code: "INCONNU", applicable: false },
    ]);
    expect(updated.cost).toMatchObject({
      subtotalAmount: { amount: "75.0" },
      totalAmount: { amount: "70.0" },
    });

    const percent = await run(CODES_UPDATE, { cartId: cart.id, discountCodes: ["BIENVENUE10"] });
    expect(percent.cartDiscountCodesUpdate.cart.cost.totalAmount.amount).toBe("67.5");
    const cleared = await run(CODES_UPDATE, { cartId: cart.id, discountCodes: [] });
    expect(cleared.cartDiscountCodesUpdate.cart.discountCodes).toEqual([]);
    expect(cleared.cartDiscountCodesUpdate.cart.discountAllocations).toEqual([]);
  });
});

describe("cartBuyerIdentityUpdate", () => {
  it("sets email, phone and country, and links the customer of an access token", async () => {
    const cart = await newCart();
    const data = await run(BUYER_UPDATE, {
      cartId: cart.id,
      buyerIdentity: { customerAccessToken: CUSTOMER_TOKEN, countryCode: "FR" },
    });
    expect(data.cartBuyerIdentityUpdate.userErrors).toEqual([]);
    expect(data.cartBuyerIdentityUpdate.cart.buyerIdentity).toEqual({
      email: "claire@example.fr",
      phone: "+33612345678",
      countryCode: "FR",
    });
    const [stored] = await database.db
      .select()
      .from(commerceCart)
      .where(eq(commerceCart.token, parseCartGid(cart.id)?.token ?? ""));
    expect(stored?.customerId).toBe(fixture.customerId);
  });

  it("refuses a bad email, a bad phone and an unknown token, changing nothing", async () => {
    const cart = await newCart({ buyerIdentity: { email: "avant@example.fr" } });
    const data = await run(BUYER_UPDATE, {
      cartId: cart.id,
      buyerIdentity: { email: "pas-un-email", phone: "12", customerAccessToken: "inconnu" },
    });
    expect(data.cartBuyerIdentityUpdate.userErrors).toEqual([
      { code: "INVALID", field: ["buyerIdentity", "email"], message: "Adresse e-mail invalide" },
      {
        code: "INVALID",
        field: ["buyerIdentity", "phone"],
        message: "Numéro de téléphone invalide",
      },
      {
        code: "INVALID",
        field: ["buyerIdentity", "customerAccessToken"],
        message: "Jeton client invalide ou expiré",
      },
    ]);
    expect(data.cartBuyerIdentityUpdate.cart.buyerIdentity.email).toBe("avant@example.fr");
  });
});

describe("delivery addresses", () => {
  const address = (firstName: string, selected?: boolean) => ({
    address: {
      deliveryAddress: {
        firstName,
        lastName: "Durand",
        address1: "12 rue des Martyrs",
        zip: "75009",
        city: "Paris",
        countryCode: "FR",
      },
    },
    ...(selected === undefined ? {} : { selected }),
  });

  it("adds addresses, keeps one selected, lists them and removes them", async () => {
    const cart = await newCart();
    const first = await run(ADDRESSES_ADD, { cartId: cart.id, addresses: [address("Paul", true)] });
    expect(first.cartDeliveryAddressesAdd.userErrors).toEqual([]);
    const second = await run(ADDRESSES_ADD, { cartId: cart.id, addresses: [address("Léa", true)] });
    const listed = second.cartDeliveryAddressesAdd.cart.delivery.addresses;
    expect(listed.map((a: { selected: boolean }) => a.selected)).toEqual([false, true]);
    expect(listed[1].address).toEqual({
      firstName: "Léa",
      lastName: "Durand",
      address1: "12 rue des Martyrs",
      address2: null,
      zip: "75009",
      city: "Paris",
      countryCode: "FR",
      name: "Léa Durand",
      formatted: ["Léa Durand", "12 rue des Martyrs", "75009 Paris", "France"],
    });
    const selected = await graphqlRequest(
      api,
      `#graphql
      query Selected($id: ID!) { cart(id: $id) { delivery { addresses(selected: true) { id } } } }`,
      { id: cart.id },
    );
    expect(selected.data.cart.delivery.addresses).toEqual([{ id: listed[1].id }]);

    const removed = await run(ADDRESSES_REMOVE, { cartId: cart.id, addressIds: [listed[0].id] });
    expect(removed.cartDeliveryAddressesRemove.cart.delivery.addresses).toHaveLength(1);
  });

  it("refuses two selected at once, a missing address and an unknown id", async () => {
    const cart = await newCart();
    const two = await run(ADDRESSES_ADD, {
      cartId: cart.id,
      addresses: [address("A", true), address("B", true)],
    });
    expect(two.cartDeliveryAddressesAdd.userErrors[0]).toEqual({
      code: "ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED",
      field: ["addresses"],
      message: "Une seule adresse de livraison peut être sélectionnée",
    });
    const missing = await run(ADDRESSES_ADD, { cartId: cart.id, addresses: [{ address: {} }] });
    expect(missing.cartDeliveryAddressesAdd.userErrors[0].code).toBe("ADDRESS_FIELD_IS_REQUIRED");
    const unknown = await run(ADDRESSES_REMOVE, {
      cartId: cart.id,
      addressIds: ["gid://shopify/CartSelectableAddress/999999"],
    });
    expect(unknown.cartDeliveryAddressesRemove.userErrors).toEqual([
      {
        code: "INVALID_DELIVERY_ADDRESS_ID",
        field: ["addressIds", "0"],
        message: "Adresse de livraison introuvable",
      },
    ]);
  });

  it("creates a cart with a delivery address", async () => {
    const cart = await newCart({ delivery: { addresses: [address("Zoé", true)] } });
    expect(cart.delivery.addresses[0]).toMatchObject({
      selected: true,
      address: { firstName: "Zoé" },
    });
  });
});

describe("limits and unknown carts", () => {
  it("refuses a 51st attribute and a 21st delivery address", async () => {
    const cart = await newCart();
    const attributes = Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, value: "v" }));
    const tooMany = await run(ATTRIBUTES_UPDATE, { cartId: cart.id, attributes });
    expect(tooMany.cartAttributesUpdate.userErrors).toEqual([
      {
        code: "INVALID",
        field: ["attributes"],
        message: "Le panier ne peut pas porter plus de 50 attributs",
      },
    ]);
    const address = {
      address: { deliveryAddress: { address1: "1 rue A", zip: "75001", city: "Paris" } },
    };
    const twenty = await run(ADDRESSES_ADD, {
      cartId: cart.id,
      addresses: Array.from({ length: 20 }, () => address),
    });
    expect(twenty.cartDeliveryAddressesAdd.userErrors).toEqual([]);
    const more = await run(ADDRESSES_ADD, { cartId: cart.id, addresses: [address] });
    expect(more.cartDeliveryAddressesAdd.userErrors).toEqual([
      {
        code: "TOO_MANY_DELIVERY_ADDRESSES",
        field: ["addresses"],
        message: "Le panier ne peut pas contenir plus de 20 adresses",
      },
    ]);
  });

  it("answers 'Panier introuvable' from every mutation for an unknown cart", async () => {
    const cartId = `gid://shopify/Cart/c1-${"e".repeat(32)}?key=${"e".repeat(32)}`;
    const calls: [string, string, Record<string, unknown>][] = [
      [LINES_ADD, "cartLinesAdd", { lines: [line(fixture.miel.variantId)] }],
      [LINES_UPDATE, "cartLinesUpdate", { lines: [] }],
      [LINES_REMOVE, "cartLinesRemove", { lineIds: [] }],
      [ATTRIBUTES_UPDATE, "cartAttributesUpdate", { attributes: [] }],
      [NOTE_UPDATE, "cartNoteUpdate", { note: "" }],
      [CODES_UPDATE, "cartDiscountCodesUpdate", { discountCodes: [] }],
      [BUYER_UPDATE, "cartBuyerIdentityUpdate", { buyerIdentity: {} }],
      [ADDRESSES_ADD, "cartDeliveryAddressesAdd", { addresses: [] }],
      [ADDRESSES_REMOVE, "cartDeliveryAddressesRemove", { addressIds: [] }],
    ];
    for (const [document, field, variables] of calls) {
      const data = await run(document, { cartId, ...variables });
      expect(data[field]).toEqual({
        cart: null,
        userErrors: [{ code: "INVALID", field: ["cartId"], message: "Panier introuvable" }],
      });
    }
  });
});

describe("a completed cart", () => {
  it("is no longer found and refuses every mutation", async () => {
    const cart = await newCart({ lines: [line(fixture.miel.variantId)] });
    await database.db
      .update(commerceCart)
      .set({ completedAt: new Date() })
      .where(eq(commerceCart.token, parseCartGid(cart.id)?.token ?? ""));
    expect((await run(CART_QUERY, { id: cart.id })).cart).toBeNull();
    const data = await run(NOTE_UPDATE, { cartId: cart.id, note: "trop tard" });
    expect(data.cartNoteUpdate.userErrors).toEqual([
      { code: "INVALID", field: ["cartId"], message: "Ce panier a déjà été commandé" },
    ]);
  });
});
