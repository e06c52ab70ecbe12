import { and, eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { parseCartGid } from "#platform/commerce/cart/records.ts";
import {
  checkoutAndPay,
  DECLINED,
  payOnHostedPage,
  VISA,
} from "#platform/commerce/checkout/testing.ts";
import { giftCardCodeHash, giftCardLastCharacters } from "#platform/commerce/gift-cards/codes.ts";
import {
  commerceGiftCard,
  commerceGiftCardMovement,
} from "#platform/commerce/gift-cards/schema.ts";
import {
  type CatalogueFixture,
  graphqlRequest,
  ORIGIN,
  openCheckoutTestShop,
  orderOfCartToken,
  postCheckoutForm,
  slotAttributes,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";
import { formatCents } from "#platform/format.ts";
import { notifyOutbox } from "#platform/notify/tables.ts";
import { paymentAttempt } from "#platform/payments/tables.ts";

/**
 * Gift cards on the shopper's side (issue 21): codes applied to a cart through the Storefront
 * API's mutations, then spent at the hosted checkout, in part or in whole, the card paying the
 * rest; and a card shared by 50 concurrent checkouts never goes below zero.
 */

let database: Database;
let app: Hono;
let api: TestStorefrontApi;
let fixture: CatalogueFixture;

/** The ordering store the carts pick up from, with room for every order of the race. */
const STORE = 43;

beforeAll(async () => {
  ({ database, api, fixture, app } = await openCheckoutTestShop([
    { physicalRestaurantId: STORE, capacity: 80 },
  ]));
});
afterAll(() => database.close());

const APPLIED = `appliedGiftCards { id lastCharacters amountUsed { amount currencyCode } balance { amount } presentmentAmountUsed { amount } }`;

const CREATE = `#graphql
  mutation GiftCartCreate($input: CartInput) {
    cartCreate(input: $input) {
      cart { id checkoutUrl cost { totalAmount { amount } } ${APPLIED} }
      userErrors { code field message }
    }
  }`;

const ADD = `#graphql
  mutation GiftAdd($cartId: ID!, $giftCardCodes: [String!]!) {
    cartGiftCardCodesAdd(cartId: $cartId, giftCardCodes: $giftCardCodes) {
      cart { id ${APPLIED} }
      userErrors { code field message }
      warnings { code }
    }
  }`;

const UPDATE = `#graphql
  mutation GiftUpdate($cartId: ID!, $giftCardCodes: [String!]!) {
    cartGiftCardCodesUpdate(cartId: $cartId, giftCardCodes: $giftCardCodes) {
      cart { id ${APPLIED} }
      userErrors { code field message }
    }
  }`;

const REMOVE = `#graphql
  mutation GiftRemove($cartId: ID!, $appliedGiftCardIds: [ID!]!) {
    cartGiftCardCodesRemove(cartId: $cartId, appliedGiftCardIds: $appliedGiftCardIds) {
      cart { id ${APPLIED} }
      userErrors { code field message }
    }
  }`;

let codes = 0;

/** A card of the shop, as the office issues one; its code is returned once, as there. */
async function issue(
  cents: number,
  fields: { expiresOn?: string; enabled?: boolean; code?: string } = {},
) {
  codes += 1;
  const code = fields.code ?? `TESTCARTE${String(codes).padStart(4, "0")}XY`;
  const [card] = await database.db
    .insert(commerceGiftCard)
    .values({
      codeHash: giftCardCodeHash(code),
      lastCharacters: giftCardLastCharacters(code),
      initialValueCents: cents,
      balanceCents: cents,
      expiresOn: fields.expiresOn ?? null,
      enabled: fields.enabled ?? true,
      createdBy: "test",
    })
    .returning();
  if (!card) throw new Error("no card");
  await database.db
    .insert(commerceGiftCardMovement)
    .values({ giftCardId: card.id, kind: "issued", amountCents: cents, staff: "test" });
  return { code, id: card.id };
}

async function balanceOf(id: number) {
  const [row] = await database.db
    .select({ balance: commerceGiftCard.balanceCents })
    .from(commerceGiftCard)
    .where(eq(commerceGiftCard.id, id));
  return row?.balance;
}

/** A pickup cart of `quantity` Comté (12,50 € each), ready for the checkout. */
async function newCart(quantity = 2) {
  const body = await graphqlRequest(api, CREATE, {
    input: {
      lines: [{ merchandiseId: fixture.comte.variantId, quantity }],
      attributes: slotAttributes({ mode: 2, physicalRestaurantId: STORE }),
    },
  });
  expect(body.data.cartCreate.userErrors).toEqual([]);
  const cart = body.data.cartCreate.cart;
  const url = new URL(cart.checkoutUrl);
  return {
    ...cart,
    path: `${url.pathname}${url.search}`,
    token: parseCartGid(cart.id)?.token ?? "",
  };
}

const form = {
  email: "lea@example.fr",
  phone: "06 12 34 56 78",
  firstName: "Léa",
  lastName: "Martin",
  cardHolder: "Léa Martin",
  cardNumber: "4242 4242 4242 4242",
  cardExpiry: "12/29",
  cardCvc: "123",
};

const post = (path: string, fields: Record<string, string>) => postCheckoutForm(app, path, fields);

/** The checkout page's hidden figures: what the gift cards pay and what is left for the card. */
async function pageFigures(path: string) {
  const page = await (await app.request(`${ORIGIN}${path}`)).text();
  const hidden = (name: string) =>
    new RegExp(`name="${name}" value="(\\d+)"`).exec(page)?.[1] ?? "missing";
  return { page, giftCardCents: hidden("giftCardCents"), cardCents: hidden("cardCents") };
}

/** Submits the checkout as its page shows it (the figures the page rendered). */
async function pay(path: string, fields: Record<string, string> = form) {
  const { giftCardCents, cardCents } = await pageFigures(path);
  return post(path, { ...fields, giftCardCents, cardCents });
}

const orderOf = (token: string) => orderOfCartToken(database.db, token);

/** What the provider took for a cart: its placed payment attempt. */
async function chargeOf(token: string) {
  const [charge] = await database.db
    .select()
    .from(paymentAttempt)
    .where(and(eq(paymentAttempt.reference, token), eq(paymentAttempt.status, "placed")));
  return charge;
}

describe("gift cards on a cart (Storefront API)", () => {
  it("applies a code typed in any case, with spaces or dashes, and says what it pays", async () => {
    const card = await issue(1000);
    const cart = await newCart();
    const typed = card.code.toLowerCase().replace(/(.{4})/g, "$1-");
    const body = await graphqlRequest(api, ADD, { cartId: cart.id, giftCardCodes: [typed] });
    expect(body.data.cartGiftCardCodesAdd.userErrors).toEqual([]);
    expect(body.data.cartGiftCardCodesAdd.cart.appliedGiftCards).toEqual([
      {
        id: `gid://shopify/AppliedGiftCard/${card.id}`,
        lastCharacters: card.code.slice(-4),
        // 10 € of the 25 € cart.
        amountUsed: { amount: "10.0", currencyCode: "EUR" },
        presentmentAmountUsed: { amount: "10.0" },
        balance: { amount: "10.0" },
      },
    ]);
    // Applying it again changes nothing.
    const again = await graphqlRequest(api, ADD, { cartId: cart.id, giftCardCodes: [card.code] });
    expect(again.data.cartGiftCardCodesAdd.cart.appliedGiftCards).toHaveLength(1);
  });

  it("pays with each card up to its balance, in the order applied, never more than the total", async () => {
    const first = await issue(2000);
    const second = await issue(2000);
    const cart = await newCart();
    const body = await graphqlRequest(api, ADD, {
      cartId: cart.id,
      giftCardCodes: [first.code, second.code],
    });
    const applied = body.data.cartGiftCardCodesAdd.cart.appliedGiftCards;
    expect(
      applied.map((card: { amountUsed: { amount: string } }) => card.amountUsed.amount),
    ).toEqual(["20.0", "5.0"]);
  });

  it("refuses unknown, disabled, expired and spent codes on their index, writing nothing", async () => {
    const good = await issue(1000);
    const disabled = await issue(1000, { enabled: false });
    const expired = await issue(1000, { expiresOn: "2025-06-01" });
    const spent = await issue(500);
    await database.db
      .update(commerceGiftCard)
      .set({ balanceCents: 0 })
      .where(eq(commerceGiftCard.id, spent.id));
    const cart = await newCart();
    const body = await graphqlRequest(api, ADD, {
      cartId: cart.id,
      giftCardCodes: [good.code, "INCONNU123", disabled.code, expired.code, spent.code, "  "],
    });
    expect(body.data.cartGiftCardCodesAdd.userErrors).toEqual([
      {
        code: "INVALID",
        field: ["giftCardCodes", "1"],
        message: "Ce code de carte cadeau n'est pas valable.",
      },
      {
        code: "INVALID",
        field: ["giftCardCodes", "2"],
        message: "Ce code de carte cadeau n'est pas valable.",
      },
      {
        code: "INVALID",
        field: ["giftCardCodes", "3"],
        message: "Cette carte cadeau a expiré le dimanche 1 juin 2025.",
      },
      {
        code: "INVALID",
        field: ["giftCardCodes", "4"],
        message: "Cette carte cadeau a déjà été entièrement utilisée.",
      },
      {
        code: "INVALID",
        field: ["giftCardCodes", "5"],
        message: "Saisissez le code de votre carte cadeau.",
      },
    ]);
    // The good code was not applied either: a refused change writes nothing.
    expect(body.data.cartGiftCardCodesAdd.cart.appliedGiftCards).toEqual([]);
  });

  it("still spends a card on its last day (Paris), not the day after", async () => {
    // The test clock is 2 June 2025, 12:00 in Paris.
    const lastDay = await issue(1000, { expiresOn: "2025-06-02" });
    const cart = await newCart();
    const body = await graphqlRequest(api, ADD, { cartId: cart.id, giftCardCodes: [lastDay.code] });
    expect(body.data.cartGiftCardCodesAdd.userErrors).toEqual([]);
  });

  it("replaces the cards with cartGiftCardCodesUpdate and takes one off by id", async () => {
    const [a, b, c] = [await issue(300), await issue(300), await issue(300)];
    const cart = await newCart();
    await graphqlRequest(api, ADD, { cartId: cart.id, giftCardCodes: [a.code, b.code] });
    const updated = await graphqlRequest(api, UPDATE, {
      cartId: cart.id,
      giftCardCodes: [b.code, c.code],
    });
    const ids = (data: { appliedGiftCards: { id: string }[] }) =>
      data.appliedGiftCards.map((card) => card.id);
    expect(ids(updated.data.cartGiftCardCodesUpdate.cart)).toEqual([
      `gid://shopify/AppliedGiftCard/${b.id}`,
      `gid://shopify/AppliedGiftCard/${c.id}`,
    ]);

    const unknown = await graphqlRequest(api, REMOVE, {
      cartId: cart.id,
      appliedGiftCardIds: [`gid://shopify/AppliedGiftCard/${a.id}`],
    });
    expect(unknown.data.cartGiftCardCodesRemove.userErrors).toEqual([
      {
        code: "INVALID",
        field: ["appliedGiftCardIds", "0"],
        message: "Cette carte cadeau n'est pas appliquée à ce panier.",
      },
    ]);
    const removed = await graphqlRequest(api, REMOVE, {
      cartId: cart.id,
      appliedGiftCardIds: [`gid://shopify/AppliedGiftCard/${b.id}`],
    });
    expect(ids(removed.data.cartGiftCardCodesRemove.cart)).toEqual([
      `gid://shopify/AppliedGiftCard/${c.id}`,
    ]);
    const cleared = await graphqlRequest(api, UPDATE, { cartId: cart.id, giftCardCodes: [] });
    expect(cleared.data.cartGiftCardCodesUpdate.cart.appliedGiftCards).toEqual([]);
  });

  it("takes at most five cards on one cart", async () => {
    const cards = [];
    for (let i = 0; i < 6; i++) cards.push(await issue(100));
    const cart = await newCart();
    const body = await graphqlRequest(api, UPDATE, {
      cartId: cart.id,
      giftCardCodes: cards.map((card) => card.code),
    });
    expect(body.data.cartGiftCardCodesUpdate.userErrors).toEqual([
      {
        code: "INVALID",
        field: ["giftCardCodes"],
        message: "Vous pouvez utiliser au plus 5 cartes cadeaux par commande.",
      },
    ]);
  });
});

describe("gift cards at the hosted checkout", () => {
  it("applies a typed code on the page, refuses a wrong one there, and takes one off", async () => {
    const card = await issue(1500);
    const cart = await newCart();
    const wrong = await post(cart.path.replace("/?key=", "/carte-cadeau/?key="), {
      code: "PASUNCODE99",
    });
    expect(wrong.status).toBe(422);
    const refused = await wrong.text();
    expect(refused).toContain("Ce code de carte cadeau n&#39;est pas valable.");
    expect(refused).toContain('value="PASUNCODE99"');

    const applied = await post(cart.path.replace("/?key=", "/carte-cadeau/?key="), {
      code: card.code,
    });
    expect(applied.status).toBe(303);
    expect(applied.headers.get("location")).toBe(`${cart.path}#carte-cadeau`);
    const { page, giftCardCents, cardCents } = await pageFigures(cart.path);
    expect(page).toContain(`Carte cadeau •••• ${card.code.slice(-4)}`);
    expect(page).toContain("Reste à payer par carte");
    expect(giftCardCents).toBe("1500");
    // 2 × 12,50 € + the service fee, less 15 €.
    expect(Number(cardCents)).toBeGreaterThan(1000);

    const removed = await post(cart.path.replace("/?key=", "/carte-cadeau/retirer/?key="), {
      card: `gid://shopify/AppliedGiftCard/${card.id}`,
    });
    expect(removed.status).toBe(303);
    expect((await pageFigures(cart.path)).giftCardCents).toBe("0");
  });

  it("spends part of the total on the card and charges the rest", async () => {
    const card = await issue(1000);
    const cart = await newCart();
    await graphqlRequest(api, ADD, { cartId: cart.id, giftCardCodes: [card.code] });
    const answer = await pay(cart.path);
    expect(answer.status).toBe(303);
    const order = await orderOf(cart.token);
    expect(order?.financialStatus).toBe("PAID");
    const charge = await chargeOf(cart.token);
    expect(charge?.amountCents).toBe((order?.totalCents ?? 0) - 1000);
    expect(order?.paymentIntentId).toBe(charge?.paymentIntentId);
    expect(await balanceOf(card.id)).toBe(0);
    const movements = await database.db
      .select()
      .from(commerceGiftCardMovement)
      .where(eq(commerceGiftCardMovement.giftCardId, card.id));
    expect(
      movements.map(({ kind, amountCents, orderId }) => ({ kind, amountCents, orderId })),
    ).toEqual([
      { kind: "issued", amountCents: 1000, orderId: null },
      { kind: "spent", amountCents: -1000, orderId: order?.id },
    ]);
    // The confirmation says how the total was paid.
    const [email] = await database.db
      .select()
      .from(notifyOutbox)
      .where(eq(notifyOutbox.to, form.email))
      .orderBy(notifyOutbox.id);
    expect(JSON.stringify(email)).toContain(
      `Payé par carte cadeau •••• ${card.code.slice(-4)} : 10,00`,
    );
  });

  it("needs no bank card when the gift card pays the whole total, and keeps what is left", async () => {
    const card = await issue(50000);
    const cart = await newCart();
    await graphqlRequest(api, ADD, { cartId: cart.id, giftCardCodes: [card.code] });
    const { page } = await pageFigures(cart.path);
    expect(page).toContain("aucun paiement par carte bancaire n'est nécessaire");
    expect(page).not.toContain('name="cardNumber"');
    const answer = await pay(cart.path, {
      email: form.email,
      phone: form.phone,
      firstName: form.firstName,
      lastName: form.lastName,
    });
    expect(answer.status).toBe(303);
    const order = await orderOf(cart.token);
    expect(order?.financialStatus).toBe("PAID");
    expect(order?.paymentChargeId).toBeNull();
    expect(await chargeOf(cart.token)).toBeUndefined();
    expect(await balanceOf(card.id)).toBe(50000 - (order?.totalCents ?? 0));
  });

  it("refuses, charging nothing, when the card no longer pays what the page showed", async () => {
    const card = await issue(2000);
    const cart = await newCart();
    await graphqlRequest(api, ADD, { cartId: cart.id, giftCardCodes: [card.code] });
    const figures = await pageFigures(cart.path);
    // Spent elsewhere meanwhile.
    await database.db
      .update(commerceGiftCard)
      .set({ balanceCents: 500 })
      .where(eq(commerceGiftCard.id, card.id));
    const answer = await post(cart.path, {
      ...form,
      giftCardCents: figures.giftCardCents,
      cardCents: figures.cardCents,
    });
    expect(answer.status).toBe(422);
    expect(await answer.text()).toContain(
      `Le solde de la carte cadeau •••• ${card.code.slice(-4)} a changé : votre commande n&#39;a pas été validée et rien n&#39;a été débité.`,
    );
    expect(await orderOf(cart.token)).toBeUndefined();
    expect(await chargeOf(cart.token)).toBeUndefined();
    expect(await balanceOf(card.id)).toBe(500);
    // The page now shows the new figures; paying them goes through.
    expect((await pay(cart.path)).status).toBe(303);
    expect(await balanceOf(card.id)).toBe(0);
  });

  it("refunds the second of two open payments spending one card, and takes the card once", async () => {
    // Two tabs, two carts, one card: each page shows the card paying 20 €, and each shopper
    // is on the hosted page (a declined try keeps it open) before either pays.
    const card = await issue(2000);
    const first = await newCart();
    const second = await newCart();
    const holds = [];
    for (const cart of [first, second]) {
      await graphqlRequest(api, ADD, { cartId: cart.id, giftCardCodes: [card.code] });
      const { giftCardCents, cardCents } = await pageFigures(cart.path);
      expect(giftCardCents).toBe("2000");
      const { cardNumber: _n, cardExpiry: _e, cardCvc: _c, cardHolder: _h, ...fields } = form;
      const hold = await checkoutAndPay(
        app,
        ORIGIN,
        cart.path,
        { ...fields, giftCardCents, cardCents },
        DECLINED,
      );
      expect(hold.sessionUrl).toContain("/test-payments/pay/");
      holds.push({ cart, hold, cardCents: Number(cardCents) });
    }
    const returns = [];
    for (const { hold } of holds) {
      const paid = await payOnHostedPage(app, hold.sessionUrl ?? "", VISA);
      expect(paid.status).toBe(303);
      returns.push(await app.request(new URL(paid.headers.get("location") ?? "").href));
    }
    expect(returns[0]?.status).toBe(303);
    expect((await orderOf(first.token))?.financialStatus).toBe("PAID");
    expect(returns[1]?.status).toBe(422);
    expect(await returns[1]?.text()).toContain(
      `Le solde de la carte cadeau •••• ${card.code.slice(-4)} a changé pendant le paiement. Votre paiement de ${formatCents(holds[1]?.cardCents ?? 0)} a été remboursé et aucune commande n&#39;a été passée.`,
    );
    expect(await orderOf(second.token)).toBeUndefined();
    const [refunded] = await database.db
      .select()
      .from(paymentAttempt)
      .where(eq(paymentAttempt.reference, second.token));
    expect(refunded?.status).toBe("refunded");
    // The card paid the first order only, once.
    expect(await balanceOf(card.id)).toBe(0);
    const spent = await database.db
      .select()
      .from(commerceGiftCardMovement)
      .where(
        and(
          eq(commerceGiftCardMovement.giftCardId, card.id),
          eq(commerceGiftCardMovement.kind, "spent"),
        ),
      );
    expect(spent.map((movement) => movement.amountCents)).toEqual([-2000]);
  });

  it("never takes a card below zero when 50 checkouts spend it at once", async () => {
    // 100 €: three 27,99 € orders fit, the fourth would need more than is left.
    const card = await issue(10000);
    const carts = [];
    for (let i = 0; i < 50; i++) {
      const cart = await newCart();
      await graphqlRequest(api, ADD, { cartId: cart.id, giftCardCodes: [card.code] });
      carts.push({ ...cart, figures: await pageFigures(cart.path) });
    }
    const answers = await Promise.all(
      carts.map((cart) =>
        post(cart.path, {
          ...form,
          giftCardCents: cart.figures.giftCardCents,
          cardCents: cart.figures.cardCents,
        }),
      ),
    );
    const placed = answers.filter((answer) => answer.status === 303).length;
    expect(answers.every((answer) => answer.status === 303 || answer.status === 422)).toBe(true);
    const balance = await balanceOf(card.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    const movements = await database.db
      .select()
      .from(commerceGiftCardMovement)
      .where(eq(commerceGiftCardMovement.giftCardId, card.id));
    const spent = movements.filter((movement) => movement.kind === "spent");
    expect(spent).toHaveLength(placed);
    // The balance is exactly what was issued less what the orders spent.
    expect(10000 + spent.reduce((sum, movement) => sum + movement.amountCents, 0)).toBe(balance);
    const total = Number(carts[0]?.figures.giftCardCents);
    expect(placed).toBe(Math.floor(10000 / total));
    // Every refused checkout was charged nothing.
    for (const [index, cart] of carts.entries()) {
      if (answers[index]?.status === 422) expect(await chargeOf(cart.token)).toBeUndefined();
    }
  }, 180_000);
});
