import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { parseCartGid } from "#platform/commerce/cart/records.ts";
import { commerceCart } from "#platform/commerce/cart/schema.ts";
import { commerceMetafield, commerceProduct } from "#platform/commerce/catalogue/schema.ts";
import {
  ADDRESSES_ADD,
  ADDRESSES_REMOVE,
  ADDRESSES_REPLACE,
  ADDRESSES_UPDATE,
  ATTRIBUTES_UPDATE,
  BUYER_UPDATE,
  CART_QUERY,
  CODES_UPDATE,
  cartHelpers,
  LINES_ADD,
  LINES_REMOVE,
  LINES_UPDATE,
  line,
  NOTE_UPDATE,
} from "#platform/commerce/graphql/cart-testing.ts";
import {
  type CatalogueFixture,
  CUSTOMER_TOKEN,
  graphqlRequest,
  openCartTestShop,
  PRIVATE_TOKEN,
  postGraphql,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";

let database: Database;
let api: TestStorefrontApi;
let fixture: CatalogueFixture;
const { run, newCart } = cartHelpers(() => api);

beforeAll(async () => {
  ({ database, api, fixture } = await openCartTestShop());
});
afterAll(() => database.close());

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

describe("discounts and alcohol", () => {
  it("never takes a discount off alcohol, and says why a code does not apply to it", async () => {
    // The caviar stands in for a bottle: alcohol is what carries the `ageLimit` tag.
    const tagged = await database.db
      .update(commerceProduct)
      .set({ tags: ["ageLimit"] })
      .where(eq(commerceProduct.id, fixture.caviar.productId))
      .returning({ id: commerceProduct.id });
    expect(tagged).toHaveLength(1);
    try {
      const cart = await newCart({ lines: [line(fixture.caviar.variantId, 1)] }); // 50 €
      const wineOnly = await run(CODES_UPDATE, { cartId: cart.id, discountCodes: ["NOEL5"] });
      expect(wineOnly.cartDiscountCodesUpdate.cart.discountCodes).toEqual([
        { code: "NOEL5", applicable: false },
      ]);
      expect(wineOnly.cartDiscountCodesUpdate.cart.cost.totalAmount.amount).toBe("50.0");

      // 25 € of cheese beside it: under NOEL5's 40 € minimum, alcohol aside.
      await run(LINES_ADD, { cartId: cart.id, lines: [line(fixture.comte.variantId, 2)] });
      const below = await run(CODES_UPDATE, { cartId: cart.id, discountCodes: ["NOEL5"] });
      expect(below.cartDiscountCodesUpdate.cart.discountCodes).toEqual([
        { code: "NOEL5", applicable: false },
      ]);
      expect(below.cartDiscountCodesUpdate.cart.cost.totalAmount.amount).toBe("75.0");

      // 10 % off the cheese only (BIENVENUE10's minimum is 30 €: 37,50 € of cheese).
      await run(LINES_ADD, { cartId: cart.id, lines: [line(fixture.comte.variantId, 1)] });
      const percent = await run(CODES_UPDATE, {
        cartId: cart.id,
        discountCodes: ["BIENVENUE10"],
      });
      const priced = percent.cartDiscountCodesUpdate.cart;
      expect(priced.discountCodes).toEqual([{ code: "BIENVENUE10", applicable: true }]);
      expect(priced.cost).toMatchObject({
        subtotalAmount: { amount: "87.5" },
        totalAmount: { amount: "83.75" },
      });
      const byHandle = new Map<string, { discountAllocations: unknown[] }>(
        priced.lines.nodes.map(
          (node: {
            merchandise: { product: { handle: string } };
            discountAllocations: unknown[];
          }) => [node.merchandise.product.handle, node],
        ),
      );
      expect(byHandle.get("caviar")?.discountAllocations).toEqual([]);
      expect(byHandle.get("comte-aop-18-mois")?.discountAllocations).toEqual([
        { discountedAmount: { amount: "3.75" } },
      ]);
    } finally {
      await database.db
        .update(commerceProduct)
        .set({ tags: [] })
        .where(eq(commerceProduct.id, fixture.caviar.productId));
    }
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

  it("shows the linked customer to the shop's server only, never to a public-token caller", async () => {
    const cart = await newCart();
    await run(BUYER_UPDATE, {
      cartId: cart.id,
      buyerIdentity: { customerAccessToken: CUSTOMER_TOKEN },
    });
    const query = `query ($id: ID!) { cart(id: $id) { buyerIdentity { customer { email } } } }`;
    const asBrowser = await postGraphql(api, query, { id: cart.id });
    expect(asBrowser.body.data.cart.buyerIdentity.customer).toBeNull();
    const asServer = await postGraphql(
      api,
      query,
      { id: cart.id },
      {
        "Shopify-Storefront-Private-Token": PRIVATE_TOKEN,
      },
    );
    expect(asServer.body.data.cart.buyerIdentity.customer).toEqual({ email: "claire@example.fr" });
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

  it("replaces every address at once, and changes none when one is refused", async () => {
    const cart = await newCart();
    await run(ADDRESSES_ADD, { cartId: cart.id, addresses: [address("Paul"), address("Léa")] });
    const replaced = await run(ADDRESSES_REPLACE, {
      cartId: cart.id,
      addresses: [address("Inès", true)],
    });
    expect(replaced.cartDeliveryAddressesReplace.userErrors).toEqual([]);
    const now = replaced.cartDeliveryAddressesReplace.cart.delivery.addresses;
    expect(now).toHaveLength(1);
    expect(now[0]).toMatchObject({ selected: true, address: { firstName: "Inès" } });

    const refused = await run(ADDRESSES_REPLACE, {
      cartId: cart.id,
      addresses: [address("Paul"), { address: {} }],
    });
    expect(refused.cartDeliveryAddressesReplace.userErrors[0].code).toBe(
      "ADDRESS_FIELD_IS_REQUIRED",
    );
    expect(refused.cartDeliveryAddressesReplace.cart.delivery.addresses).toEqual(now);
  });

  it("updates an address, its selection and one-time use, and refuses an unknown id", async () => {
    const cart = await newCart();
    const added = await run(ADDRESSES_ADD, {
      cartId: cart.id,
      addresses: [address("Paul", true), address("Léa")],
    });
    const [paul, lea] = added.cartDeliveryAddressesAdd.cart.delivery.addresses;
    const moved = address("Léa");
    moved.address.deliveryAddress.address1 = "3 rue Cler";
    const updated = await run(ADDRESSES_UPDATE, {
      cartId: cart.id,
      addresses: [{ id: lea.id, address: moved.address, selected: true, oneTimeUse: true }],
    });
    expect(updated.cartDeliveryAddressesUpdate.userErrors).toEqual([]);
    const after = updated.cartDeliveryAddressesUpdate.cart.delivery.addresses;
    const byId = (id: string) => after.find((one: { id: string }) => one.id === id);
    expect(byId(lea.id)).toMatchObject({
      selected: true,
      oneTimeUse: true,
      address: { address1: "3 rue Cler", firstName: "Léa" },
    });
    expect(byId(paul.id).selected).toBe(false);

    const unknown = await run(ADDRESSES_UPDATE, {
      cartId: cart.id,
      addresses: [
        { id: paul.id, selected: true },
        { id: "gid://shopify/CartSelectableAddress/999999", selected: false },
      ],
    });
    expect(unknown.cartDeliveryAddressesUpdate.userErrors).toEqual([
      {
        code: "INVALID_DELIVERY_ADDRESS_ID",
        field: ["addresses", "1", "id"],
        message: "Adresse de livraison introuvable",
      },
    ]);
    expect(unknown.cartDeliveryAddressesUpdate.cart.delivery.addresses).toEqual(after);
  });

  it("refuses an address in a country the shop does not deliver to", async () => {
    const cart = await newCart();
    const inCountry = (countryCode: string) => {
      const { address: given } = address("Sam");
      return { address: { deliveryAddress: { ...given.deliveryAddress, countryCode } } };
    };
    const data = await run(ADDRESSES_ADD, {
      cartId: cart.id,
      addresses: [address("Paul"), inCountry("US")],
    });
    expect(data.cartDeliveryAddressesAdd.userErrors).toEqual([
      {
        code: "INVALID",
        field: ["addresses", "1", "address", "deliveryAddress", "countryCode"],
        message: "Nous ne livrons pas dans ce pays.",
      },
    ]);
    expect(data.cartDeliveryAddressesAdd.cart.delivery.addresses).toEqual([]);
    const belgium = await run(ADDRESSES_ADD, { cartId: cart.id, addresses: [inCountry("BE")] });
    expect(belgium.cartDeliveryAddressesAdd.userErrors).toEqual([]);
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
      [ADDRESSES_REPLACE, "cartDeliveryAddressesReplace", { addresses: [] }],
      [ADDRESSES_UPDATE, "cartDeliveryAddressesUpdate", { addresses: [] }],
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

describe("cart metafields", () => {
  const SET = `mutation ($metafields: [CartMetafieldsSetInput!]!) {
    cartMetafieldsSet(metafields: $metafields) {
      metafields { id namespace key type value }
      userErrors { code elementIndex field message } } }`;
  const DELETE = `mutation ($input: CartMetafieldDeleteInput!) {
    cartMetafieldDelete(input: $input) { deletedId userErrors { code field message } } }`;
  const READ = `query ($id: ID!) { cart(id: $id) {
    gift: metafield(namespace: "custom", key: "gift_message") { value type }
    metafields(identifiers: [{ namespace: "custom", key: "wrap" }]) { value } } }`;

  it("sets, replaces, reads back and deletes a storefront's data on the cart", async () => {
    const cart = await newCart();
    const set = await graphqlRequest(api, SET, {
      metafields: [
        {
          ownerId: cart.id,
          key: "custom.gift_message",
          type: "single_line_text_field",
          value: "Joyeux anniversaire !",
        },
        { ownerId: cart.id, key: "wrap", type: "boolean", value: "true" },
      ],
    });
    expect(set.data.cartMetafieldsSet.userErrors).toEqual([]);
    expect(set.data.cartMetafieldsSet.metafields).toHaveLength(2);
    const replaced = await graphqlRequest(api, SET, {
      metafields: [
        {
          ownerId: cart.id,
          key: "custom.gift_message",
          type: "single_line_text_field",
          value: "Bonne fête",
        },
      ],
    });
    expect(replaced.data.cartMetafieldsSet.metafields[0].value).toBe("Bonne fête");
    const read = await graphqlRequest(api, READ, { id: cart.id });
    expect(read.data.cart).toEqual({
      gift: { value: "Bonne fête", type: "single_line_text_field" },
      metafields: [{ value: "true" }],
    });

    // Nobody reads a cart's metafield by its id: the cart id is the key to it.
    const byId = await graphqlRequest(api, `query ($id: ID!) { node(id: $id) { id } }`, {
      id: replaced.data.cartMetafieldsSet.metafields[0].id,
    });
    expect(byId.data.node).toBeNull();

    const deleted = await graphqlRequest(api, DELETE, {
      input: { ownerId: cart.id, key: "custom.gift_message" },
    });
    expect(deleted.data.cartMetafieldDelete.deletedId).toBe(
      replaced.data.cartMetafieldsSet.metafields[0].id,
    );
    const again = await graphqlRequest(api, DELETE, {
      input: { ownerId: cart.id, key: "custom.gift_message" },
    });
    expect(again.data.cartMetafieldDelete.userErrors[0].code).toBe("METAFIELD_DOES_NOT_EXIST");
    expect((await graphqlRequest(api, READ, { id: cart.id })).data.cart.gift).toBeNull();
  });

  it("refuses a bad owner, type or value and writes none of the batch", async () => {
    const cart = await newCart();
    const good = {
      ownerId: cart.id,
      key: "custom.note",
      type: "single_line_text_field",
      value: "ok",
    };
    const cases: [Record<string, string>, string, string][] = [
      [
        { ownerId: `gid://shopify/Cart/c1-${"e".repeat(32)}?key=${"e".repeat(32)}` },
        "INVALID_OWNER",
        "ownerId",
      ],
      [{ type: "money_v3" }, "INVALID_TYPE", "type"],
      [{ type: "number_integer", value: "douze" }, "INVALID_VALUE", "value"],
      [{ value: "" }, "BLANK", "value"],
      [{ key: "pas une clé" }, "INVALID_VALUE", "key"],
    ];
    for (const [change, code, field] of cases) {
      const body = await graphqlRequest(api, SET, {
        metafields: [good, { ...good, key: "custom.other", ...change }],
      });
      expect(body.data.cartMetafieldsSet.userErrors, code).toEqual([
        expect.objectContaining({ code, elementIndex: 1, field: ["metafields", "1", field] }),
      ]);
      expect(body.data.cartMetafieldsSet.metafields).toBeNull();
    }
    const read = await graphqlRequest(
      api,
      `query ($id: ID!) { cart(id: $id) { metafield(key: "note") { value } } }`,
      { id: cart.id },
    );
    expect(read.data.cart.metafield).toBeNull();
  });

  it("keeps a customer's metafields (wishlist, lists) out of node(id) too", async () => {
    const [row] = await database.db
      .insert(commerceMetafield)
      .values({
        ownerType: "CUSTOMER",
        ownerId: fixture.customerId,
        namespace: "custom",
        key: "wishlist",
        type: "list.product_reference",
        value: JSON.stringify([fixture.miel.productId]),
      })
      .onConflictDoNothing()
      .returning();
    const id = `gid://shopify/Metafield/${row?.id ?? 0}`;
    const body = await graphqlRequest(api, `query ($id: ID!) { node(id: $id) { id } }`, { id });
    expect(body.data.node).toBeNull();
  });
});
