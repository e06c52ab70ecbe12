import { and, eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { parseCartGid } from "#platform/commerce/cart/records.ts";
import { commerceCart } from "#platform/commerce/cart/schema.ts";
import { commerceProduct } from "#platform/commerce/catalogue/schema.ts";
import { checkoutAndPay, DECLINED } from "#platform/commerce/checkout/testing.ts";
import { groceryOrderForAdmin } from "#platform/commerce/orders/admin.ts";
import { commerceOrder, commerceOrderLine } from "#platform/commerce/orders/schema.ts";
import {
  type CatalogueFixture,
  CHECKOUT_FORM,
  CUSTOMER_TOKEN,
  graphqlRequest,
  ORIGIN,
  openCheckoutTestShop,
  PARIS_DELIVERY,
  postCheckoutForm,
  slotAttributes,
  TEST_SLOT_KEY,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";
import { listOutbox } from "#platform/notify/index.ts";
import { orderingSlotBooking, orderingStore } from "#platform/ordering/tables.ts";
import { paymentAttempt } from "#platform/payments/tables.ts";

const STOREFRONT = "http://boutique.test";

let database: Database;
let app: Hono;
let api: TestStorefrontApi;
let fixture: CatalogueFixture;

/**
 * The ordering stores the carts choose: a roomy one whose delivery zone charges 5,90 € (the
 * store's own fee is 3,90 €), one whose slots take one order, and one whose zone has a 25 €
 * minimum and delivers free from 60 €.
 */
const STORE = 41;
const SMALL_STORE = 42;
const ZONE_STORE = 43;

beforeAll(async () => {
  ({ database, api, fixture, app } = await openCheckoutTestShop(
    [
      {
        physicalRestaurantId: STORE,
        capacity: 50,
        name: "Comptoir Martyrs",
        zone: { feeCents: 590 },
      },
      { physicalRestaurantId: SMALL_STORE, capacity: 1 },
      {
        physicalRestaurantId: ZONE_STORE,
        capacity: 50,
        zone: { feeCents: 490, minimumOrderCents: 2500, freeDeliveryThresholdCents: 6000 },
      },
    ],
    STOREFRONT,
  ));
});
afterAll(() => database.close());

const CREATE = `#graphql
  mutation CheckoutCart($input: CartInput) {
    cartCreate(input: $input) {
      cart { id checkoutUrl cost { totalAmount { amount } } }
      userErrors { message }
    }
  }`;

const CART = `#graphql
  query CheckoutCartRead($id: ID!) { cart(id: $id) { id } }`;

const NOTE = `#graphql
  mutation CheckoutNote($cartId: ID!, $note: String!) {
    cartNoteUpdate(cartId: $cartId, note: $note) { userErrors { message } }
  }`;

/**
 * A cart as the storefront prepares it: by default home delivery from STORE in TEST_SLOT_KEY to
 * the Paris address (`choice: null` leaves the mode out).
 */
async function newCart(
  input: Record<string, unknown>,
  choice: { mode: 1 | 2; store?: number; slotKey?: string } | null = { mode: 1 },
) {
  const attributes = [
    ...((input.attributes as { key: string; value: string }[] | undefined) ?? []),
    ...(choice
      ? slotAttributes({
          mode: choice.mode,
          physicalRestaurantId: choice.store ?? STORE,
          ...(choice.slotKey ? { slotKey: choice.slotKey } : {}),
        })
      : []),
  ];
  const delivery = input.delivery ?? (choice?.mode === 1 ? { addresses: [paris] } : undefined);
  const body = await graphqlRequest(api, CREATE, {
    input: { ...input, attributes, ...(delivery ? { delivery } : {}) },
  });
  expect(body.data.cartCreate.userErrors).toEqual([]);
  const cart = body.data.cartCreate.cart;
  const url = new URL(cart.checkoutUrl);
  return { ...cart, path: `${url.pathname}${url.search}`, token: parseCartGid(cart.id)?.token };
}

const paris = PARIS_DELIVERY;
const validForm = CHECKOUT_FORM;

/** The checkout's form alone, as a browser posts it (the checkout's own answer). */
const post = (path: string, fields: Record<string, string>) =>
  app.request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

/**
 * The form posted, then the card typed on the provider's hosted page and the return followed:
 * the checkout's answer to the return (303 to the confirmation), or to the form when it refused.
 */
const pay = (path: string, fields: Record<string, string>) => postCheckoutForm(app, path, fields);

async function ordersOf(token: string) {
  const [cart] = await database.db.select().from(commerceCart).where(eq(commerceCart.token, token));
  return database.db
    .select()
    .from(commerceOrder)
    .where(eq(commerceOrder.cartId, cart?.id ?? 0));
}

/** A cart's payment attempts (what the provider was asked to take), oldest first. */
const chargesOf = (token: string) =>
  database.db
    .select()
    .from(paymentAttempt)
    .where(eq(paymentAttempt.reference, token))
    .orderBy(paymentAttempt.createdAt, paymentAttempt.id);

describe("the hosted checkout page", () => {
  it("is French, accessible, prefilled from the buyer and the selected address", async () => {
    const cart = await newCart({
      lines: [{ merchandiseId: fixture.comte.variantId, quantity: 2 }],
      buyerIdentity: { customerAccessToken: CUSTOMER_TOKEN },
      delivery: { addresses: [paris] },
    });
    expect(cart.checkoutUrl.startsWith(`${ORIGIN}/checkout/${cart.token}/?key=`)).toBe(true);
    const res = await app.request(`${ORIGIN}${cart.path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const page = await res.text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain("<legend>Vos coordonnées</legend>");
    expect(page).toContain('<label for="field-email">Adresse e-mail</label>');
    expect(page).toMatch(/id="field-email" name="email" type="email" value="claire@example.fr"/);
    expect(page).toMatch(/name="phone" type="tel" value="\+33612345678"/);
    expect(page).toMatch(/name="firstName" type="text" value="Paul"/);
    // The mode, address and slot chosen on the shop are shown, not asked again.
    expect(page).not.toContain('name="deliveryMethod"');
    expect(page).not.toContain('name="address1"');
    expect(page).toContain("<dt>Mode</dt><dd>Livraison à domicile — 5,90\u00a0€</dd>");
    expect(page).toContain("<dt>Adresse</dt><dd>12 rue des Martyrs, 75009 Paris</dd>");
    expect(page).toContain("<dt>Créneau</dt><dd>lundi 2 juin 2025, 18h00–19h00</dd>");
    expect(page).toContain(`<a href="${STOREFRONT}/panier/?modifier-mode=1">Modifier`);
    expect(page).toContain("Frais de service");
    // 2 × 12,50 € + 0,50 € + 5,90 €.
    expect(page).toContain('data-total="domicile">31,40\u00a0€');
    expect(page).not.toContain(`role="alert"`);
    // The path without its trailing slash answers as well.
    expect((await app.request(`${ORIGIN}${cart.path.replace("/?", "?")}`)).status).toBe(200);
  });

  it("shows a pickup's store and slot, free of delivery", async () => {
    const pickup = await newCart(
      { lines: [{ merchandiseId: fixture.comte.variantId, quantity: 1 }] },
      { mode: 2 },
    );
    const page = await (await app.request(`${ORIGIN}${pickup.path}`)).text();
    expect(page).toContain("<dt>Mode</dt><dd>Retrait en magasin — gratuit</dd>");
    expect(page).toContain(
      "<dt>Magasin</dt><dd>Comptoir Martyrs<br>12 rue des Martyrs, 75009 Paris</dd>",
    );
    expect(page).toContain("<dt>Créneau</dt><dd>lundi 2 juin 2025, 18h00–19h00</dd>");
    // 12,50 € + 0,50 €.
    expect(page).toContain('data-total="retrait">13,00\u00a0€');
  });

  it("sends a cart without a chosen mode and slot back to the shop, inventing none", async () => {
    const cart = await newCart(
      { lines: [{ merchandiseId: fixture.comte.variantId, quantity: 1 }] },
      null,
    );
    const page = await (await app.request(`${ORIGIN}${cart.path}`)).text();
    expect(page).toContain("<h1>Choisissez la livraison ou le retrait</h1>");
    expect(page).toContain(
      `<a href="${STOREFRONT}/panier/?modifier-mode=1">Choisir le mode et le créneau</a>`,
    );
    expect(page).not.toContain("<form");
    const res = await pay(cart.path, validForm);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("Choisissez la livraison ou le retrait");
    expect(await chargesOf(cart.token)).toEqual([]);
    expect(await ordersOf(cart.token)).toEqual([]);
  });

  it("shows 'Votre panier est vide' and no payment form for an empty cart", async () => {
    const cart = await newCart({});
    const page = await (await app.request(`${ORIGIN}${cart.path}`)).text();
    expect(page).toContain("Votre panier est vide");
    expect(page).not.toContain("<form");
    const res = await pay(cart.path, validForm);
    expect(await res.text()).toContain("Votre panier est vide");
    expect(await chargesOf(cart.token)).toEqual([]);
  });

  it("answers 404 for an unknown cart or a wrong key", async () => {
    const cart = await newCart({ lines: [{ merchandiseId: fixture.miel.variantId }] });
    const wrong = cart.path.replace(/key=.*/, `key=${"0".repeat(32)}`);
    for (const path of [wrong, `/checkout/c1-${"0".repeat(32)}/?key=x`]) {
      const res = await app.request(`${ORIGIN}${path}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("Panier introuvable");
    }
  });
});

describe("paying", () => {
  it("creates the order once, charges the cart total + 0,50 € + delivery, queues the email and redirects", async () => {
    const cart = await newCart({
      lines: [
        { merchandiseId: fixture.comte.variantId, quantity: 2 },
        { merchandiseId: fixture.caviar.variantId, quantity: 1 },
      ],
      attributes: [{ key: "restauration", value: "false" }],
      discountCodes: ["BIENVENUE10"],
      note: "Code porte 1234",
    });
    // 25 + 50 = 75 €, -10 % = 67,50 €.
    expect(cart.cost.totalAmount.amount).toBe("67.5");

    const res = await pay(cart.path, validForm);
    expect(res.status).toBe(303);
    const [order] = await ordersOf(cart.token);
    expect(order).toBeDefined();
    expect(res.headers.get("location")).toBe(
      `${STOREFRONT}/order/confirmation/?order=${encodeURIComponent(`gid://shopify/Order/${order?.id}?key=${order?.statusKey}`)}`,
    );
    expect(order).toMatchObject({
      orderNumber: expect.any(Number),
      email: "paul@example.fr",
      // Stored in E.164, as the ordering service stores phones, whatever the shopper typed.
      phone: "+33612345678",
      financialStatus: "PAID",
      fulfillmentStatus: "UNFULFILLED",
      totalDiscountCents: 750,
      subtotalCents: 6750 + 50,
      totalShippingCents: 590,
      totalCents: 6750 + 50 + 590,
      deliveryMethod: "Livraison à domicile",
      customAttributes: [
        { key: "restauration", value: "false" },
        ...slotAttributes({ mode: 1, physicalRestaurantId: STORE }),
      ],
      orderMode: 1,
      slotKey: TEST_SLOT_KEY,
      slotStart: new Date("2025-06-02T16:00:00.000Z"),
      slotEnd: new Date("2025-06-02T17:00:00.000Z"),
      storeName: "Comptoir Martyrs",
      note: "Code porte 1234",
      discountApplications: [
        { code: "BIENVENUE10", kind: "percentage", value: 10, amountCents: 750 },
      ],
      shippingAddress: {
        firstName: "Paul",
        address1: "12 rue des Martyrs",
        zip: "75009",
        phone: "+33612345678",
      },
      billingAddress: { phone: "+33612345678" },
    });
    expect(order?.orderNumber).toBeGreaterThanOrEqual(1001);
    // VAT: 5,5 % of 67,50 € and 5,90 €, 20 % of 0,50 €.
    expect(order?.totalTaxCents).toBe(352 + 31 + 8);

    const lines = await database.db
      .select()
      .from(commerceOrderLine)
      .where(eq(commerceOrderLine.orderId, order?.id ?? 0));
    expect(
      lines.map((l) => [l.title, l.quantity, l.originalTotalCents, l.discountedTotalCents]),
    ).toEqual([
      ["Comté AOP 18 mois", 2, 2500, 2250],
      ["Caviar", 1, 5000, 4500],
      ["Frais de service", 1, 50, 50],
    ]);

    const [charge] = await chargesOf(cart.token);
    expect(charge).toMatchObject({
      amountCents: 7390,
      status: "placed",
      captureMethod: "automatic",
    });
    expect(order?.paymentIntentId).toBe(charge?.paymentIntentId);
    expect(order?.paymentIntentId).toMatch(/^pi_/);
    expect(order?.paymentChargeId).toBeNull();

    const [email] = await listOutbox(database.db, {
      to: "paul@example.fr",
      kind: "order-confirmation",
    });
    expect(email?.subject).toBe(`Votre commande n° ${order?.orderNumber} est confirmée`);
    expect(email?.text).toContain("Total payé : 73,90\u00a0€");
    // The service fee is a fee beside the delivery's, not a bought line.
    expect(email?.text).toContain("2 × Comté AOP 18 mois : 25,00\u00a0€");
    expect(email?.text).toContain(
      "\n\nFrais de service : 0,50\u00a0€\n\nLivraison à domicile : 5,90\u00a0€",
    );
    expect(email?.text).not.toContain("× Frais de service");
    expect(email?.text).toContain("/order/confirmation/?order=");
    expect(email?.text).toContain(
      "Livraison à domicile — créneau du lundi 2 juin 2025, 18h00–19h00",
    );

    // The cart is completed: no longer readable, no longer changeable.
    expect((await graphqlRequest(api, CART, { id: cart.id })).data.cart).toBeNull();
    const note = await graphqlRequest(api, NOTE, { cartId: cart.id, note: "encore" });
    expect(note.data.cartNoteUpdate.userErrors).toEqual([
      { message: "Ce panier a déjà été commandé" },
    ]);

    // A retried request finds the order and redirects to it without charging again.
    const again = await post(cart.path, validForm);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(res.headers.get("location"));
    expect(await chargesOf(cart.token)).toHaveLength(1);
    expect(await ordersOf(cart.token)).toHaveLength(1);
    // Opening the checkout link again leads to the order as well.
    const reopened = await app.request(`${ORIGIN}${cart.path}`);
    expect(reopened.status).toBe(303);
    expect(reopened.headers.get("location")).toBe(res.headers.get("location"));
  });

  it("holds one payment for two concurrent submissions, and makes one order", async () => {
    const cart = await newCart({ lines: [{ merchandiseId: fixture.miel.variantId, quantity: 3 }] });
    const answers = await Promise.all([post(cart.path, validForm), post(cart.path, validForm)]);
    expect(answers.every((a) => a.status === 303 || a.status === 422)).toBe(true);
    // At most one attempt is left open, holding one place; paying it makes the one order.
    const open = (await chargesOf(cart.token)).filter((a) => a.status === "open");
    expect(open).toHaveLength(1);
    const final = await pay(cart.path, validForm);
    expect(final.status).toBe(303);
    expect(await ordersOf(cart.token)).toHaveLength(1);
    const placed = (await chargesOf(cart.token)).filter((a) => a.status === "placed");
    expect(placed).toHaveLength(1);
    expect(placed[0]?.amountCents).toBe(3 * 890 + 50 + 590);
  });

  it("charges no delivery for a pickup, keeps no shipping address but the store", async () => {
    const cart = await newCart(
      { lines: [{ merchandiseId: fixture.miel.variantId, quantity: 1 }] },
      { mode: 2 },
    );
    const res = await pay(cart.path, validForm);
    expect(res.status).toBe(303);
    const [order] = await ordersOf(cart.token);
    expect(order).toMatchObject({
      totalCents: 890 + 50,
      totalShippingCents: 0,
      shippingAddress: null,
      deliveryMethod: "Retrait au comptoir",
      orderMode: 2,
      slotKey: TEST_SLOT_KEY,
      storeName: "Comptoir Martyrs",
      storeAddress: "12 rue des Martyrs, 75009 Paris",
    });
    const [email] = await listOutbox(database.db, {
      to: "paul@example.fr",
      kind: "order-confirmation",
    });
    expect(email?.text).toContain("Retrait en magasin — créneau du lundi 2 juin 2025, 18h00–19h00");
    expect(email?.text).toContain(
      "Retrait au magasin Comptoir Martyrs : 12 rue des Martyrs, 75009 Paris",
    );
  });

  it("keeps the shopper on the provider's page after a declined card: no order, the payment open", async () => {
    const cart = await newCart({ lines: [{ merchandiseId: fixture.miel.variantId, quantity: 1 }] });
    const journey = await checkoutAndPay(app, ORIGIN, cart.path, validForm, DECLINED);
    expect(journey.paid?.status).toBe(402);
    expect(await journey.paid?.text()).toContain(
      "Votre carte a été refusée. Essayez une autre carte.",
    );
    expect(await ordersOf(cart.token)).toEqual([]);
    expect((await chargesOf(cart.token)).map((a) => a.status)).toEqual(["open"]);
  });

  it("lists each invalid field in the error summary with a link, in French", async () => {
    const cart = await newCart({ lines: [{ merchandiseId: fixture.miel.variantId, quantity: 1 }] });
    const res = await post(cart.path, {
      ...validForm,
      email: "pas-un-email",
      phone: "123",
      lastName: "",
    });
    expect(res.status).toBe(422);
    const page = await res.text();
    for (const [field, message] of [
      ["email", "Saisissez une adresse e-mail valide, par exemple nom@exemple.fr."],
      ["phone", "Saisissez un numéro de téléphone français, par exemple 06 12 34 56 78."],
      ["lastName", "Saisissez votre nom."],
    ]) {
      expect(page).toContain(`<li><a href="#field-${field}">${message}</a></li>`);
      expect(page).toMatch(new RegExp(`aria-describedby="(hint-${field} )?error-${field}"`));
    }
    expect(page).toMatch(/name="phone" type="tel" value="123"/);
    expect(await chargesOf(cart.token)).toEqual([]);
  });

  it("refuses to pay for a product that became unavailable, charging nothing", async () => {
    const cart = await newCart({ lines: [{ merchandiseId: fixture.miel.variantId, quantity: 1 }] });
    const setTags = (tags: string[]) =>
      database.db
        .update(commerceProduct)
        .set({ tags })
        .where(eq(commerceProduct.id, fixture.miel.productId));
    await setTags(["unavailable"]);
    try {
      const res = await pay(cart.path, validForm);
      expect(res.status).toBe(422);
      expect(await res.text()).toContain(
        "« Miel de lavande » n&#39;est plus disponible : retirez-le de votre panier pour continuer.",
      );
      expect(await chargesOf(cart.token)).toEqual([]);
      expect(await ordersOf(cart.token)).toEqual([]);
    } finally {
      await setTags([]);
    }
  });

  it("asks an alcohol buyer to confirm being 18 or over, refuses without it, and records it", async () => {
    // The miel stands in for a bottle: alcohol is what carries the `ageLimit` tag.
    const setTags = (tags: string[]) =>
      database.db
        .update(commerceProduct)
        .set({ tags })
        .where(eq(commerceProduct.id, fixture.miel.productId));
    await setTags(["ageLimit"]);
    try {
      const cart = await newCart({
        lines: [{ merchandiseId: fixture.miel.variantId, quantity: 1 }],
      });
      const page = await (await app.request(cart.path)).text();
      expect(page).toContain("<legend>Vente d'alcool</legend>");
      expect(page).toMatch(
        /<input id="field-adult" name="adult" type="checkbox" value="1" required/,
      );
      expect(page).toContain("L'abus d'alcool est dangereux pour la santé");

      // The box left unticked: refused on its field, in French, nothing charged.
      const unticked = await post(cart.path, { ...validForm, alcohol: "1" });
      expect(unticked.status).toBe(422);
      const refused = await unticked.text();
      expect(refused).toContain(
        "Confirmez que vous avez 18 ans ou plus : votre panier contient de l&#39;alcool.",
      );
      expect(refused).toContain('href="#field-adult"');
      // A form that did not show the box (a bottle added in another tab) is refused all the same.
      const stale = await pay(cart.path, validForm);
      expect(stale.status).toBe(422);
      expect(await chargesOf(cart.token)).toEqual([]);
      expect(await ordersOf(cart.token)).toEqual([]);

      const ticked = await pay(cart.path, { ...validForm, alcohol: "1", adult: "1" });
      expect(ticked.status).toBe(303);
      const [order] = await ordersOf(cart.token);
      expect(order?.adultConfirmedAt).toBeInstanceOf(Date);
      // The back office's order page says so.
      const detail = await groceryOrderForAdmin(database.db, order?.id ?? 0);
      expect(detail?.adultConfirmedAt).toEqual(order?.adultConfirmedAt);
    } finally {
      await setTags([]);
    }

    // Without alcohol: no box, and nothing recorded.
    const plain = await newCart({
      lines: [{ merchandiseId: fixture.miel.variantId, quantity: 1 }],
    });
    expect(await (await app.request(plain.path)).text()).not.toContain('name="adult"');
    expect((await pay(plain.path, validForm)).status).toBe(303);
    const [order] = await ordersOf(plain.token);
    expect(order?.adultConfirmedAt).toBeNull();
  });

  it("offers gift wrapping and a message, starting from the cart's, and keeps them on the order", async () => {
    // A client set the message on the cart (Storefront API `cartAttributesUpdate`).
    const cart = await newCart({
      lines: [{ merchandiseId: fixture.miel.variantId, quantity: 1 }],
      attributes: [{ key: "gift_message", value: "Joyeux anniversaire, Louise !" }],
    });
    const page = await (await app.request(cart.path)).text();
    expect(page).toContain("<legend>C'est un cadeau ?</legend>");
    expect(page).toMatch(/<input id="field-giftWrap" name="giftWrap" type="checkbox" value="1">/);
    expect(page).toMatch(
      /<textarea id="field-giftMessage"[^>]*>Joyeux anniversaire, Louise !<\/textarea>/,
    );

    // Too long a message is refused on its field, in French, nothing charged.
    const long = await post(cart.path, {
      ...validForm,
      giftWrap: "1",
      giftMessage: "x".repeat(251),
    });
    expect(long.status).toBe(422);
    const refused = await long.text();
    expect(refused).toContain("Votre message ne peut dépasser 250 caractères.");
    expect(refused).toContain('href="#field-giftMessage"');
    expect(await ordersOf(cart.token)).toEqual([]);

    const placed = await pay(cart.path, {
      ...validForm,
      giftWrap: "1",
      giftMessage: "  Bon anniversaire, Louise !  ",
    });
    expect(placed.status).toBe(303);
    const [order] = await ordersOf(cart.token);
    expect(order?.customAttributes).toEqual(
      expect.arrayContaining([
        { key: "gift_wrap", value: "true" },
        { key: "gift_message", value: "Bon anniversaire, Louise !" },
      ]),
    );
    expect(order?.customAttributes.filter((a) => a.key === "gift_message")).toHaveLength(1);
    const detail = await groceryOrderForAdmin(database.db, order?.id ?? 0);
    expect(detail?.gift).toEqual({ wrap: true, message: "Bon anniversaire, Louise !" });

    // Unticked and emptied at the checkout: the order carries neither.
    const plain = await newCart({
      lines: [{ merchandiseId: fixture.miel.variantId, quantity: 1 }],
      attributes: [{ key: "gift_wrap", value: "true" }],
    });
    expect((await pay(plain.path, validForm)).status).toBe(303);
    const [unwrapped] = await ordersOf(plain.token);
    expect(unwrapped?.customAttributes.map((a) => a.key)).not.toContain("gift_wrap");
  });

  it("keeps each line's substitution choice on its order line, as the back office shows it", async () => {
    const cart = await newCart({
      lines: [
        { merchandiseId: fixture.miel.variantId, quantity: 1 },
        {
          merchandiseId: fixture.comte.variantId,
          quantity: 2,
          attributes: [{ key: "substitution", value: "refused" }],
        },
      ],
    });
    expect((await pay(cart.path, validForm)).status).toBe(303);
    const [order] = await ordersOf(cart.token);
    const lines = await database.db
      .select()
      .from(commerceOrderLine)
      .where(eq(commerceOrderLine.orderId, order?.id ?? 0));
    expect(lines.map((line) => [line.title, line.customAttributes])).toEqual([
      ["Miel de lavande", []],
      ["Comté AOP 18 mois", [{ key: "substitution", value: "refused" }]],
      ["Frais de service", []],
    ]);
    const detail = await groceryOrderForAdmin(database.db, order?.id ?? 0);
    expect(detail?.lines.map((line) => line.details)).toEqual([
      ["Remplacement accepté"],
      ["Pas de remplacement"],
      [],
    ]);
  });

  it("has no card field: the card is typed on the provider's page", async () => {
    const cart = await newCart({ lines: [{ merchandiseId: fixture.miel.variantId, quantity: 1 }] });
    const page = await (await app.request(`${ORIGIN}${cart.path}`)).text();
    expect(page).not.toMatch(/cc-number|cc-csc|cc-exp|name="card(Number|Expiry|Cvc|Holder)"/);
    expect(page).toContain(">Payer</button>");
    const dump = JSON.stringify(await database.db.select().from(commerceOrder));
    expect(dump).not.toContain("4242424242424242");
    expect(dump).not.toContain("4242 4242 4242 4242");
  });
});

/** The places taken in a store's slot (grocery and restauration orders alike). */
async function booked(physicalRestaurantId: number, mode: 1 | 2, start: string) {
  const [row] = await database.db
    .select({ booked: orderingSlotBooking.booked })
    .from(orderingSlotBooking)
    .innerJoin(orderingStore, eq(orderingStore.id, orderingSlotBooking.storeId))
    .where(
      and(
        eq(orderingStore.physicalRestaurantId, physicalRestaurantId),
        eq(orderingSlotBooking.mode, mode),
        eq(orderingSlotBooking.slotStart, new Date(start)),
      ),
    );
  return row?.booked ?? 0;
}

describe("the slot", () => {
  const evening = "2025-06-02 19:00-20:00";
  const eveningStart = "2025-06-02T17:00:00.000Z";

  it("is held when the shopper goes to pay, in the store's capacity, and kept by a declined card", async () => {
    const lines = [{ merchandiseId: fixture.miel.variantId, quantity: 1 }];
    const cart = await newCart({ lines }, { mode: 2, slotKey: evening });
    const declined = await checkoutAndPay(app, ORIGIN, cart.path, validForm, DECLINED);
    expect(declined.paid?.status).toBe(402);
    expect(await booked(STORE, 2, eveningStart)).toBe(1);
    // Paying again starts a new payment: the first one's place is given back, one is held.
    expect((await pay(cart.path, validForm)).status).toBe(303);
    expect(await booked(STORE, 2, eveningStart)).toBe(1);
    // The other mode of the same slot has its own capacity.
    expect(await booked(STORE, 1, eveningStart)).toBe(0);
  });

  it("goes to one of two concurrent payments for its last place; the other is refused in French, charged nothing", async () => {
    const lines = [{ merchandiseId: fixture.miel.variantId, quantity: 1 }];
    const choice = { mode: 1 as const, store: SMALL_STORE, slotKey: evening };
    const carts = [await newCart({ lines }, choice), await newCart({ lines }, choice)];
    const answers = await Promise.all(carts.map((cart) => pay(cart.path, validForm)));
    expect(answers.map((a) => a.status).sort()).toEqual([303, 422]);
    const refused = answers.findIndex((a) => a.status === 422);
    const page = await answers[refused]?.text();
    expect(page).toContain(
      "Le créneau du lundi 2 juin 2025, 19h00–20h00 est complet : votre commande n&#39;a pas été validée et rien n&#39;a été débité. Choisissez un autre créneau.",
    );
    expect(page).toContain(
      `<a href="${STOREFRONT}/panier/?modifier-mode=1">Choisir un autre créneau</a>`,
    );
    const loser = carts[refused]?.token ?? "";
    const winner = carts[1 - refused]?.token ?? "";
    expect(await ordersOf(loser)).toEqual([]);
    expect(await chargesOf(loser)).toEqual([]);
    expect(await ordersOf(winner)).toHaveLength(1);
    expect(await booked(SMALL_STORE, 1, eveningStart)).toBe(1);
  });

  it("that is no longer offered is refused with a link to choose another, charging nothing", async () => {
    // 12:00 in Paris at NOW: the 11:00 slot has passed.
    const cart = await newCart(
      { lines: [{ merchandiseId: fixture.miel.variantId, quantity: 1 }] },
      { mode: 1, slotKey: "2025-06-02 11:00-12:00" },
    );
    const message =
      "Le créneau du lundi 2 juin 2025, 11h00–12h00 n&#39;est plus proposé : votre commande n&#39;a pas été validée et rien n&#39;a été débité. Choisissez un autre créneau.";
    const shown = await (await app.request(`${ORIGIN}${cart.path}`)).text();
    expect(shown).toContain(message);
    const res = await pay(cart.path, validForm);
    expect(res.status).toBe(422);
    const page = await res.text();
    expect(page).toContain(`${message} <a href="${STOREFRONT}/panier/?modifier-mode=1">`);
    expect(await chargesOf(cart.token)).toEqual([]);
    expect(await ordersOf(cart.token)).toEqual([]);
  });
});

describe("the delivery zone's terms", () => {
  const zoneCart = (lines: { merchandiseId: string; quantity: number }[], codes: string[] = []) =>
    newCart({ lines, discountCodes: codes }, { mode: 1, store: ZONE_STORE });

  it("charge the zone's fee and say what is left to free delivery", async () => {
    // 2 × 12,50 € = 25 €: the minimum exactly, below the 60 € threshold.
    const cart = await zoneCart([{ merchandiseId: fixture.comte.variantId, quantity: 2 }]);
    const page = await (await app.request(`${ORIGIN}${cart.path}`)).text();
    expect(page).toContain("<dt>Mode</dt><dd>Livraison à domicile — 4,90\u00a0€</dd>");
    expect(page).toContain("Plus que 35,00\u00a0€ pour la livraison offerte.");
    expect(page).toContain('data-total="domicile">30,40\u00a0€');
    expect(page).not.toContain(`role="alert"`);

    // Any French form of the number is stored in E.164.
    const res = await pay(cart.path, { ...validForm, phone: "0033 6.12.34.56.78" });
    expect(res.status).toBe(303);
    const [order] = await ordersOf(cart.token);
    expect(order).toMatchObject({
      phone: "+33612345678",
      totalShippingCents: 490,
      totalCents: 2500 + 50 + 490,
    });
    const [charge] = await chargesOf(cart.token);
    expect(charge?.amountCents).toBe(2500 + 50 + 490);
  });

  it("deliver free once the products after discount codes reach the threshold", async () => {
    // 12,50 € + 50 € = 62,50 € ≥ 60 €.
    const lines = [
      { merchandiseId: fixture.comte.variantId, quantity: 1 },
      { merchandiseId: fixture.caviar.variantId, quantity: 1 },
    ];
    const free = await zoneCart(lines);
    const page = await (await app.request(`${ORIGIN}${free.path}`)).text();
    expect(page).toContain("<dt>Mode</dt><dd>Livraison à domicile — offerte</dd>");
    expect(page).not.toContain("pour la livraison offerte");
    expect(page).toContain('data-total="domicile">63,00\u00a0€');
    expect((await pay(free.path, validForm)).status).toBe(303);
    const [order] = await ordersOf(free.token);
    expect(order).toMatchObject({ totalShippingCents: 0, totalCents: 6250 + 50 });
    expect((await chargesOf(free.token))[0]?.amountCents).toBe(6250 + 50);
    const [email] = await listOutbox(database.db, { to: "paul@example.fr" });
    expect(email?.text).toContain("Total payé");

    // The same products with 10 % off: 56,25 € is below the threshold, the fee applies.
    const discounted = await zoneCart(lines, ["BIENVENUE10"]);
    expect((await pay(discounted.path, validForm)).status).toBe(303);
    const [paid] = await ordersOf(discounted.token);
    expect(paid).toMatchObject({ totalShippingCents: 490, totalCents: 5625 + 50 + 490 });
  });

  it("refuse a delivery below the zone's minimum in French, before the card, charging nothing", async () => {
    const cart = await zoneCart([{ merchandiseId: fixture.comte.variantId, quantity: 1 }]);
    const slotStart = "2025-06-02T16:00:00.000Z";
    const placesBefore = await booked(ZONE_STORE, 1, slotStart);
    const message = "Le minimum de commande pour la livraison est de 25,00\u00a0€.";
    // Said on the page before any card is typed, with the way back to the cart.
    const shown = await (await app.request(`${ORIGIN}${cart.path}`)).text();
    expect(shown).toContain(
      `<p class="error-message" role="alert">${message} <a href="${STOREFRONT}/panier/">Compléter mon panier</a></p>`,
    );
    const res = await pay(cart.path, validForm);
    expect(res.status).toBe(422);
    const page = await res.text();
    expect(page).toContain(
      `<li>${message} <a href="${STOREFRONT}/panier/">Compléter mon panier</a></li>`,
    );
    expect(await chargesOf(cart.token)).toEqual([]);
    expect(await ordersOf(cart.token)).toEqual([]);
    expect(await booked(ZONE_STORE, 1, slotStart)).toBe(placesBefore);

    // A pickup of the same cart has no minimum and no fee.
    const pickup = await newCart(
      { lines: [{ merchandiseId: fixture.comte.variantId, quantity: 1 }] },
      { mode: 2, store: ZONE_STORE },
    );
    expect((await pay(pickup.path, validForm)).status).toBe(303);
    const [order] = await ordersOf(pickup.token);
    expect(order).toMatchObject({ totalShippingCents: 0, totalCents: 1250 + 50 });
  });
});
