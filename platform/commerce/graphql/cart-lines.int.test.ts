/**
 * The cart API's lines: creating and reading a cart, adding, updating and removing lines within the
 * products' quantity caps, under concurrency too.
 */
import { createStorefrontApiClient } from "@shopify/storefront-api-client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { parseCartGid } from "#platform/commerce/cart/records.ts";
import { commerceCart, commerceCartLine } from "#platform/commerce/cart/schema.ts";
import { commerceProduct } from "#platform/commerce/catalogue/schema.ts";
import {
  CART_CREATE,
  CART_QUERY,
  cartHelpers,
  LINES_ADD,
  LINES_REMOVE,
  LINES_UPDATE,
  line,
  withFields,
} from "#platform/commerce/graphql/cart-testing.ts";
import {
  type CatalogueFixture,
  graphqlRequest,
  ORIGIN,
  openCartTestShop,
  PUBLIC_TOKEN,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";
import {
  SUBSTITUTION_ATTRIBUTE,
  substitutionAccepted,
  withSubstitution,
} from "#platform/substitution.ts";

let database: Database;
let api: TestStorefrontApi;
let fixture: CatalogueFixture;
const { run, newCart } = cartHelpers(() => api);

beforeAll(async () => {
  ({ database, api, fixture } = await openCartTestShop());
});
afterAll(() => database.close());

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

  it("sets a line's substitution choice as its attributes, on the same line, and takes it back", async () => {
    const cart = await newCart({
      lines: [line(fixture.comte.variantId, 2), line(fixture.miel.variantId, 1)],
    });
    const [comte] = cart.lines.nodes;
    const refused = await run(LINES_UPDATE, {
      cartId: cart.id,
      lines: [{ id: comte.id, attributes: withSubstitution([], false) }],
    });
    expect(refused.cartLinesUpdate.userErrors).toEqual([]);
    const lines = refused.cartLinesUpdate.cart.lines.nodes;
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      id: comte.id,
      quantity: 2,
      attributes: [{ key: SUBSTITUTION_ATTRIBUTE, value: "refused" }],
    });
    expect(substitutionAccepted(lines[0].attributes)).toBe(false);
    expect(substitutionAccepted(lines[1].attributes)).toBe(true);

    // Added again with the line's attributes (as the storefront does), the units join that line.
    const added = await run(LINES_ADD, {
      cartId: cart.id,
      lines: [line(fixture.comte.variantId, 1, lines[0].attributes)],
    });
    expect(added.cartLinesAdd.cart.lines.nodes).toHaveLength(2);
    expect(added.cartLinesAdd.cart.lines.nodes[0]).toMatchObject({ id: comte.id, quantity: 3 });

    const accepted = await run(LINES_UPDATE, {
      cartId: cart.id,
      lines: [{ id: comte.id, attributes: withSubstitution(lines[0].attributes, true) }],
    });
    expect(accepted.cartLinesUpdate.cart.lines.nodes[0]).toMatchObject({
      id: comte.id,
      quantity: 3,
      attributes: [],
    });
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

  describe("merchandiseId, as vercel/commerce sends it", () => {
    const variantsOf = (cart: { lines: { nodes: { merchandise: { id: string } }[] } }) =>
      cart.lines.nodes.map((node) => node.merchandise.id);

    it("moves a line to another variant, keeping its id and quantity", async () => {
      const cart = await newCart({ lines: [line(fixture.comte.variantId, 2)] });
      const data = await run(LINES_UPDATE, {
        cartId: cart.id,
        lines: [{ id: cart.lines.nodes[0].id, merchandiseId: fixture.miel.variantId }],
      });
      expect(data.cartLinesUpdate.userErrors).toEqual([]);
      const [moved] = data.cartLinesUpdate.cart.lines.nodes;
      expect(moved.id).toBe(cart.lines.nodes[0].id);
      expect(moved.merchandise.id).toBe(fixture.miel.variantId);
      expect(moved.quantity).toBe(2);
      expect(moved.cost.amountPerQuantity.amount).toBe("8.9");
    });

    it("swaps two lines' variants in one call", async () => {
      const cart = await newCart({
        lines: [line(fixture.comte.variantId, 1), line(fixture.miel.variantId, 2)],
      });
      const [comte, miel] = cart.lines.nodes;
      const data = await run(LINES_UPDATE, {
        cartId: cart.id,
        lines: [
          { id: comte.id, merchandiseId: fixture.miel.variantId },
          { id: miel.id, merchandiseId: fixture.comte.variantId },
        ],
      });
      expect(data.cartLinesUpdate.userErrors).toEqual([]);
      const byId = new Map(
        data.cartLinesUpdate.cart.lines.nodes.map(
          (node: { id: string; quantity: number; merchandise: { id: string } }) => [
            node.id,
            [node.merchandise.id, node.quantity],
          ],
        ),
      );
      expect(byId.get(comte.id)).toEqual([fixture.miel.variantId, 1]);
      expect(byId.get(miel.id)).toEqual([fixture.comte.variantId, 2]);
    });

    it("merges a line moved onto a variant another line has", async () => {
      const cart = await newCart({
        lines: [line(fixture.comte.variantId, 1), line(fixture.miel.variantId, 2)],
      });
      const data = await run(LINES_UPDATE, {
        cartId: cart.id,
        lines: [{ id: cart.lines.nodes[0].id, merchandiseId: fixture.miel.variantId }],
      });
      expect(data.cartLinesUpdate.userErrors).toEqual([]);
      expect(variantsOf(data.cartLinesUpdate.cart)).toEqual([fixture.miel.variantId]);
      expect(data.cartLinesUpdate.cart.totalQuantity).toBe(3);
    });

    it("refuses an unknown or unavailable variant and a move over the cap, changing nothing", async () => {
      const cart = await newCart({ lines: [line(fixture.miel.variantId, 4)] });
      const lineId = cart.lines.nodes[0].id;
      for (const merchandiseId of [
        "gid://shopify/ProductVariant/999999",
        "not-a-gid",
        fixture.truffe.variantId,
        fixture.comte.variantId,
      ]) {
        const data = await run(LINES_UPDATE, {
          cartId: cart.id,
          lines: [{ id: lineId, merchandiseId }],
        });
        expect(data.cartLinesUpdate.userErrors, merchandiseId).toHaveLength(1);
        expect(variantsOf(data.cartLinesUpdate.cart)).toEqual([fixture.miel.variantId]);
        expect(data.cartLinesUpdate.cart.totalQuantity).toBe(4);
      }
    });
  });

  it("answers Hydrogen's cart fields: VAT included, no gift card, no bundle, no customer", async () => {
    const cart = await newCart({ lines: [line(fixture.miel.variantId, 2)] });
    const body = await graphqlRequest(
      api,
      `query ($id: ID!) { cart(id: $id) {
        appliedGiftCards { id }
        buyerIdentity { customer { id } }
        cost { totalTaxAmount { amount } totalDutyAmount { amount } }
        lines(first: 5) { nodes { ... on CartLine { parentRelationship { parent { id } } } } }
      } }`,
      { id: cart.id },
    );
    expect(body.errors).toBeUndefined();
    // 17,80 € of food at 5.5 % VAT included: 17.80 × 5.5 / 105.5 = 0.93.
    expect(body.data.cart).toEqual({
      appliedGiftCards: [],
      buyerIdentity: { customer: null },
      cost: { totalTaxAmount: { amount: "0.93" }, totalDutyAmount: null },
      lines: { nodes: [{ parentRelationship: null }] },
    });
  });
});
