import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_SESSION_COOKIE } from "#app/lib/admin/admin.server.ts";
import { serviceFetch } from "#app/lib/services.server.ts";
import { storefrontQuery } from "#app/lib/storefront.server.ts";
import { type ComposedStorefront, composeStorefront } from "#app/testing/composed-storefront.ts";
import { createStaff, signIn } from "#platform/backoffice/index.ts";
import { latestMessage, linkIn } from "#platform/notify/testing.ts";
import { orderingOrder } from "#platform/ordering/tables.ts";
import { payOnPage } from "#platform/payments/testing.ts";

/**
 * The restauration checkout through the composed server (storefront routes, ordering and commerce
 * services) on the seeded demo data: phone sign-in, voucher, payment with an idempotency key, a
 * declined card, a slot that filled up, and two shoppers racing for a slot's last place. Cards
 * are saved on the test provider's hosted setup page or paid on its hosted payment page (issue
 * 48), driven by plain form posts: the payment page itself has no card field.
 */
let composed: ComposedStorefront;
let database: ComposedStorefront["database"];
let app: ComposedStorefront["app"];
let rows: ComposedStorefront["rows"];

const STORE = { physicalRestaurantId: 2101, storeId: 1101, name: "Comptoir Haussmann" };
const PICKUP_CAPACITY = 10;

beforeAll(async () => {
  composed = await composeStorefront();
  ({ database, app, rows } = composed);
}, 180_000);

afterAll(() => composed?.close());

/** A browser's cookies, kept across requests. */
class Shopper {
  readonly cookies = new Map<string, string>();
  readonly ip: string;
  constructor(ip: string) {
    this.ip = ip;
  }

  header() {
    return [...this.cookies]
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join("; ");
  }

  keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = decodeURIComponent(pair.slice(eq + 1).trim());
      if (attributes.some((attribute) => /max-age=0\b/i.test(attribute.trim()))) {
        this.cookies.delete(name);
      } else this.cookies.set(name, value);
    }
  }

  async get(path: string) {
    const response = await app.request(
      path,
      { redirect: "manual", headers: { cookie: this.header() } },
      { incoming: { socket: { remoteAddress: this.ip } } },
    );
    this.keep(response);
    return { status: response.status, html: await response.text(), response };
  }

  /** A form posted without JavaScript (the document request of the route). */
  async post(path: string, fields: Record<string, string>, options: { keep?: boolean } = {}) {
    const response = await app.request(
      path,
      {
        method: "POST",
        redirect: "manual",
        headers: {
          cookie: this.header(),
          origin: "http://localhost",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(fields).toString(),
      },
      { incoming: { socket: { remoteAddress: this.ip } } },
    );
    if (options.keep !== false) this.keep(response);
    return {
      status: response.status,
      location: response.headers.get("location"),
      html: await response.text(),
      response,
    };
  }
}

/** A restauration product of the demo menu without required options, and its variant. */
async function restaurationVariant(): Promise<{ handle: string; variantId: string }> {
  const [row] = await rows(sql`select p.handle from commerce_product p
    where 'restauration' = any(p.tags) and p.archived = false and p.available_for_sale
      and not ('unavailable' = any(p.tags)) and p.product_type = 'Entrées et salades'
    order by p.handle limit 1`);
  if (!row) throw new Error("no restauration product in the demo catalogue");
  const handle = String(row.handle);
  const data = await storefrontQuery<{ product: { variants: { nodes: { id: string }[] } } }>(
    `query TestVariant($handle: String!) { product(handle: $handle) { variants(first: 1) { nodes { id } } } }`,
    { handle },
  );
  const variantId = data.product.variants.nodes[0]?.id;
  if (!variantId) throw new Error("no variant");
  return { handle, variantId };
}

async function newCart(variantId: string, quantity: number): Promise<string> {
  const data = await storefrontQuery<{ cartCreate: { cart: { id: string } } }>(
    `mutation TestCart($input: CartInput) { cartCreate(input: $input) { cart { id } } }`,
    {
      input: {
        lines: [{ merchandiseId: variantId, quantity }],
        attributes: [{ key: "restauration", value: "true" }],
      },
    },
  );
  return data.cartCreate.cart.id;
}

async function cartQuantity(id: string): Promise<number> {
  const data = await storefrontQuery<{ cart: { totalQuantity: number } | null }>(
    `query TestCartQuantity($id: ID!) { cart(id: $id) { totalQuantity } }`,
    { id },
  );
  return data.cart?.totalQuantity ?? 0;
}

type Slot = { Key: string; IsFull: boolean; StartTime: string };

/**
 * The n-th slot from a few hours ahead: far enough that the clock moving on during the test does
 * not take it away; each test uses its own.
 */
async function slotAt(n: number): Promise<Slot> {
  const slot = (await pickupSlots())[4 + n];
  if (!slot) throw new Error("no slot");
  return slot;
}

async function pickupSlots(): Promise<Slot[]> {
  const response = await serviceFetch(
    "ordering",
    `/ordering/Restaurant/DeliverySlots/${STORE.physicalRestaurantId}?deliveryType=2`,
  );
  return ((await response.json()) as { Data: Slot[] }).Data;
}

/** Books a slot's places directly, as earlier orders would have. */
async function bookPlaces(slot: Slot, booked: number) {
  await database.db.execute(sql`insert into ordering_slot_booking (store_id, mode, slot_start, booked)
    values (${STORE.storeId}, 2, ${slot.StartTime}, ${booked})
    on conflict (store_id, mode, slot_start) do update set booked = excluded.booked`);
}

let phoneSuffix = 10;

/** A shopper with a restauration cart, pickup at the store on `slot`. */
async function shopperWithCart(slot: Slot, quantity = 2) {
  const shopper = new Shopper(`198.51.100.${phoneSuffix}`);
  const { variantId } = await restaurationVariant();
  const cartId = await newCart(variantId, quantity);
  shopper.cookies.set("cartId", cartId);
  shopper.cookies.set("mode", "2");
  shopper.cookies.set("pickupLocationId", String(STORE.physicalRestaurantId));
  shopper.cookies.set(
    "deliverySlot",
    JSON.stringify({ slot: slot.Key, day: slot.Key.split(" ")[0] }),
  );
  return { shopper, cartId };
}

/** The same, signed in by the code of the SMS in the outbox. */
async function readyShopper(slot: Slot, quantity = 2) {
  const { shopper, cartId } = await shopperWithCart(slot, quantity);

  const phone = `06 11 22 33 ${phoneSuffix++}`;
  const asked = await shopper.post("/order/", { intent: "request-code", phone });
  expect(asked.status).toBe(200);
  const requestId = /name="requestId" value="([^"]+)"/.exec(asked.html)?.[1];
  expect(requestId).toBeTruthy();
  const sms = await latestMessage(
    database.db,
    `+33${phone.replace(/\s/g, "").slice(1)}`,
    "phone_code",
  );
  const code = /(\d{6})/.exec(sms.text)?.[1] ?? "";
  const signed = await shopper.post("/order/", {
    intent: "verify-code",
    phone,
    requestId: requestId ?? "",
    code,
  });
  expect(signed.status).toBe(200);
  expect(shopper.cookies.get("tokenId")).toBeTruthy();
  return { shopper, cartId, phone };
}

async function toPayment(shopper: Shopper) {
  const next = await shopper.post("/order/", {
    intent: "continue",
    name: "Léa Martin",
    email: "lea@example.fr",
  });
  expect(next.status).toBe(302);
  expect(next.location).toBe("/order/paiement/");
  const page = await shopper.get("/order/paiement/");
  expect(page.status).toBe(200);
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(page.html)?.[1];
  if (!key) throw new Error("no idempotency key on the payment page");
  return { key, html: page.html };
}

/** A hosted page's form posted without JavaScript, to the composed server. */
const sendToShop = (url: string, init?: RequestInit) => Promise.resolve(app.request(url, init));

/**
 * « Ajouter une carte »: the hosted setup page takes the card, the shopper comes back to the
 * payment page, which saves it and selects it. Answers the card's radio value.
 */
async function savedCard(shopper: Shopper, number = "4242 4242 4242 4242"): Promise<string> {
  const started = await shopper.post("/order/paiement/", { intent: "add-card" });
  expect(started.status).toBe(302);
  expect(new URL(started.location ?? "").pathname).toMatch(/^\/test-payments\/pay\//);
  const page = await payOnPage(started.location ?? "", { number }, undefined, sendToShop);
  const back = new URL(page.headers.get("Location") ?? "");
  expect(back.pathname).toBe("/order/paiement/");
  expect(back.searchParams.get("setup_session_id")).toBeTruthy();
  const saved = await shopper.get(`${back.pathname}${back.search}`);
  const id = /^\/order\/paiement\/\?carte=(\d+)$/.exec(
    saved.response.headers.get("location") ?? "",
  )?.[1];
  if (!id)
    throw new Error(
      `the card was not saved (${saved.status} ${saved.response.headers.get("location")})`,
    );
  const chosen = await shopper.get(`/order/paiement/?carte=${id}`);
  expect(chosen.html).toContain(`id="card-${id}" name="card" checked=""`);
  return id;
}

async function ordersOn(slot: Slot): Promise<number> {
  const [row] = await rows(
    sql`select count(*)::int as n from ordering_order where slot_key = ${slot.Key}`,
  );
  return Number(row?.n ?? 0);
}

describe("the restauration checkout", () => {
  it("in delivery mode adds the store's delivery fee, and shows the automatic voucher as such", async () => {
    const shopper = new Shopper("198.51.100.202");
    const [row] = await rows(sql`select p.handle, p.price_min_cents as price from commerce_product p
      where 'restauration' = any(p.tags) and p.archived = false and p.available_for_sale
        and not ('unavailable' = any(p.tags)) and p.product_type = 'Entrées et salades'
        and p.price_min_cents >= 500
      order by p.handle limit 1`);
    if (!row) throw new Error("no dish at 5 € or more");
    const data = await storefrontQuery<{ product: { variants: { nodes: { id: string }[] } } }>(
      `query TestVariant2($handle: String!) { product(handle: $handle) { variants(first: 1) { nodes { id } } } }`,
      { handle: String(row.handle) },
    );
    const quantity = Math.ceil(5000 / Number(row.price));
    shopper.cookies.set(
      "cartId",
      await newCart(data.product.variants.nodes[0]?.id ?? "", quantity),
    );
    const slot = (await pickupSlots())[0];
    shopper.cookies.set("mode", "1");
    shopper.cookies.set("deliveryLocationId", String(STORE.physicalRestaurantId));
    shopper.cookies.set(
      "deliveryAddress",
      JSON.stringify({ address: "3 rue Bleue", postcode: "75009", city: "Paris" }),
    );
    const deliverySlots = await serviceFetch(
      "ordering",
      `/ordering/Restaurant/DeliverySlots/${STORE.physicalRestaurantId}?deliveryType=1`,
    );
    const key = ((await deliverySlots.json()) as { Data: Slot[] }).Data[4]?.Key ?? slot?.Key ?? "";
    shopper.cookies.set("deliverySlot", JSON.stringify({ slot: key, day: key.split(" ")[0] }));
    const page = await shopper.get("/order/");
    expect(page.status).toBe(200);
    expect(page.html).toContain("Livraison");
    expect(page.html).toContain("3 rue Bleue, 75009 Paris");
    expect(page.html).toContain("Frais de livraison");
    expect(page.html).toContain("5,90\u00a0€");
    expect(page.html).toContain(
      "Remise automatique : 3 € déduits automatiquement dès 50 € d&#x27;achat",
    );
  });

  it("keeps each unit's options: two salads, one with chips, priced as two order lines", async () => {
    const { shopper } = await shopperWithCart(await slotAt(6), 2);
    const page = await shopper.get("/order/");
    expect(page.status).toBe(200);
    // One set of fields per salad, each with « Pour compléter » and its chips.
    const chips = [
      ...page.html.matchAll(
        /name="(options:\d+:(\d))" value="(\d+)"\/><label for="[^"]+">Chips artisanales/g,
      ),
    ];
    expect(chips.map((match) => match[2])).toEqual(["0", "1"]);
    const [first, second] = chips;
    if (!first?.[1] || !first[3] || !second?.[1]) throw new Error("no chips to choose");
    const priced = (html: string) =>
      [
        ...html
          .replaceAll("<!-- -->", "")
          .matchAll(/(\d+) × ([^<(]+?)(?:<span[^>]*> \(([^)]*)\))?</g),
      ].map((match) => `${match[1]} × ${match[3] ?? "-"}`);

    const one = await shopper.post("/order/", {
      intent: "options",
      [first[1]]: first[3],
      [second[1]]: "",
    });
    expect(one.status).toBe(200);
    expect(priced((await shopper.get("/order/")).html)).toEqual(
      expect.arrayContaining(["1 × Chips artisanales", "1 × -"]),
    );

    // Nothing ticked any more: the empty field of each unit says so.
    await shopper.post("/order/", { intent: "options", [first[1]]: "", [second[1]]: "" });
    const after = priced((await shopper.get("/order/")).html);
    expect(after).toContain("2 × -");
    expect(after).not.toContain("1 × Chips artisanales");
  });

  it("refuses a phone number that is not French, with the spec's message", async () => {
    const { shopper } = await shopperWithCart(await slotAt(0));
    const asked = await shopper.post("/order/", { intent: "request-code", phone: "12345" });
    expect(asked.status).toBe(400);
    expect(asked.html).toMatch(/role="alert">Ce numéro de téléphone n&#x27;est pas valide\./);
    const page = await shopper.get("/order/");
    expect(page.html).toContain("Retrait en magasin");
    expect(page.html).toContain(STORE.name);
    expect(page.html).toContain("Frais de service");
    expect(page.html).toContain("Recevoir un code");
  });

  it("signs in by SMS code, applies a voucher, shows the 0,50 € fee and pays once per key", async () => {
    const slot = await slotAt(0);
    const { shopper, cartId } = await readyShopper(slot);

    const wrong = await shopper.post("/order/", { intent: "voucher", code: "ETE2025" });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain("Ce code promo a expiré.");
    const applied = await shopper.post("/order/", { intent: "voucher", code: "retrait10" });
    expect(applied.status).toBe(200);
    const page = await shopper.get("/order/");
    expect(page.html).toContain("Code promo RETRAIT10");
    expect(page.html).toContain("Frais de service");
    expect(page.html).toContain("0,50\u00a0€");
    expect(page.html).not.toContain("Frais de livraison");

    const { key } = await toPayment(shopper);
    const form = { intent: "pay", idempotencyKey: key, card: await savedCard(shopper) };
    // A double click: the same attempt posted twice at once.
    const [first, second] = await Promise.all([
      shopper.post("/order/paiement/", form, { keep: false }),
      shopper.post("/order/paiement/", form, { keep: false }),
    ]);
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect(second.location).toBe(first.location);
    expect(first.location).toMatch(/^\/order\/confirmation\/\?orderId=\d+$/);
    shopper.keep(first.response);
    expect(await ordersOn(slot)).toBe(1);
    const charged = await rows(
      sql`select count(distinct payment_intent_id)::int as n from ordering_order where slot_key = ${slot.Key}`,
    );
    expect(charged[0]?.n).toBe(1);
    expect(await cartQuantity(cartId)).toBe(0);

    // A retry of the same attempt later lands on the same order too.
    const retry = await shopper.post("/order/paiement/", form);
    expect(retry.location).toBe(first.location);
    expect(await ordersOn(slot)).toBe(1);

    const confirmation = await shopper.get(first.location ?? "");
    expect(confirmation.status).toBe(200);
    expect(confirmation.response.headers.get("cache-control")).toContain("no-store");
    expect(confirmation.html).toContain("Retrait en magasin");
    expect(confirmation.html).toContain(STORE.name);
    expect(confirmation.html).toContain("Code promo RETRAIT10");

    // Someone else's order is not found; the raw data is for staff only.
    const stranger = new Shopper("198.51.100.201");
    const debugPath = `/order/confirmation-debug/?${first.location?.split("?")[1]}`;
    expect((await stranger.get(first.location ?? "")).status).toBe(404);
    expect((await shopper.get(debugPath)).status).toBe(404);
    await createStaff(database.db, {
      email: "chef@comptoir.test",
      name: "Chef",
      role: "admin",
      password: "un-mot-de-passe-solide",
    });
    const session = await signIn(
      database.db,
      { email: "chef@comptoir.test", password: "un-mot-de-passe-solide" },
      new Date(),
    );
    stranger.cookies.set(ADMIN_SESSION_COOKIE, session?.token ?? "");
    const debug = await stranger.get(debugPath);
    expect(debug.status).toBe(200);
    expect(debug.html).toContain("&quot;OrderState&quot;: &quot;Placed&quot;");
  });

  it("confirms a paid order by SMS and email, whose link opens the order and its receipt", async () => {
    const slot = await slotAt(5);
    const { shopper, phone } = await readyShopper(slot);
    const { key } = await toPayment(shopper);
    const paid = await shopper.post("/order/paiement/", {
      intent: "pay",
      idempotencyKey: key,
      card: await savedCard(shopper),
    });
    expect(paid.status).toBe(302);
    const orderId = /orderId=(\d+)/.exec(paid.location ?? "")?.[1];
    expect(orderId).toBeTruthy();
    // Named by its number from the series grocery orders share, not by its id.
    const [numbered] = await database.db
      .select({ orderNumber: orderingOrder.orderNumber })
      .from(orderingOrder)
      .where(eq(orderingOrder.id, Number(orderId)));
    const orderNumber = numbered?.orderNumber ?? 0;
    expect(orderNumber).toBeGreaterThanOrEqual(1001);

    const e164 = `+33${phone.replace(/\s/g, "").slice(1)}`;
    const sms = await latestMessage(database.db, e164, "order-confirmation");
    expect(sms.channel).toBe("sms");
    expect(sms.text).toContain(`votre commande n° ${orderNumber} est confirmée`);
    expect(sms.text).toContain(`chez ${STORE.name}`);
    const email = await latestMessage(database.db, "lea@example.fr", "order-confirmation");
    expect(email.subject).toBe(`Votre commande n° ${orderNumber} est confirmée`);
    expect(email.text).toContain("Frais de service : 0,50\u00a0€");
    expect(email.text).toContain(`chez ${STORE.name}`);

    // The link works on another device, without the session: the order and its receipt.
    const link = new URL(linkIn(sms));
    expect(link.pathname).toBe("/order/confirmation/");
    expect(link.searchParams.get("orderId")).toBe(orderId);
    expect(linkIn(email)).toBe(link.href);
    const elsewhere = new Shopper("198.51.100.202");
    const page = await elsewhere.get(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(STORE.name);
    expect(page.html).toContain(
      `Votre commande <strong>n° ${orderNumber}</strong> est enregistrée.`,
    );
    expect(page.html).toContain("Statut : <strong>Reçue</strong>");
    const receipt = await app.request("/api/order/receipt", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify({ orderId: Number(orderId), key: link.searchParams.get("cle") }),
    });
    expect(receipt.status).toBe(200);
    expect(((await receipt.json()) as { filename?: string }).filename).toMatch(/\.pdf$/);

    // Another key opens nothing.
    const forged = `${link.pathname}?orderId=${orderId}&cle=${"0".repeat(32)}`;
    expect((await elsewhere.get(forged)).status).toBe(404);
    const refused = await app.request("/api/order/receipt", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify({ orderId: Number(orderId), key: "0".repeat(32) }),
    });
    expect(refused.status).toBe(404);
  });

  it("shows a declined card's message, keeps the cart, and pays with another card", async () => {
    const slot = await slotAt(3);
    const { shopper, cartId } = await readyShopper(slot);
    const { key } = await toPayment(shopper);
    // Saved fine on the setup page, declined whenever it is charged.
    const declinedCard = await savedCard(shopper, "4000 0000 0000 0341");
    const declined = await shopper.post("/order/paiement/", {
      intent: "pay",
      idempotencyKey: key,
      card: declinedCard,
    });
    expect(declined.status).toBe(402);
    expect(declined.html).toContain("Votre carte a été refusée. Essayez une autre carte.");
    expect(await cartQuantity(cartId)).toBe(2);
    expect(await ordersOn(slot)).toBe(0);
    // The next attempt has a new key.
    const again = await shopper.get("/order/paiement/");
    const nextKey = /name="idempotencyKey" value="([^"]+)"/.exec(again.html)?.[1];
    expect(nextKey).toBeTruthy();
    expect(nextKey).not.toBe(key);
    const paid = await shopper.post("/order/paiement/", {
      intent: "pay",
      idempotencyKey: nextKey ?? "",
      card: await savedCard(shopper),
    });
    expect(paid.status).toBe(302);
    expect(await ordersOn(slot)).toBe(1);
  });

  it("has no card field, refuses one posted, and pays a new card on the hosted page", async () => {
    const slot = await slotAt(4);
    const { shopper, cartId } = await readyShopper(slot);
    const { key, html } = await toPayment(shopper);
    expect(html).not.toMatch(/cc-number|cc-exp|cc-csc|name="card(Number|Expiry|Cvc)"/);
    expect(html).toContain("Ajouter une carte");
    expect(html).toContain("Ajouter une carte titres-restaurant");
    const typed = await shopper.post("/order/paiement/", {
      intent: "pay",
      idempotencyKey: key,
      card: "new",
      cardNumber: "4242 4242 4242 4242",
    });
    expect(typed.status).toBe(400);
    expect(await ordersOn(slot)).toBe(0);

    const hosted = await shopper.post("/order/paiement/", {
      intent: "pay",
      idempotencyKey: key,
      card: "new",
    });
    expect(hosted.status).toBe(302);
    expect(new URL(hosted.location ?? "").pathname).toMatch(/^\/test-payments\/pay\//);
    const paid = await payOnPage(
      hosted.location ?? "",
      { number: "4242 4242 4242 4242" },
      undefined,
      sendToShop,
    );
    const back = new URL(paid.headers.get("Location") ?? "");
    expect(back.pathname).toBe("/order/paiement/retour");
    // The shop's own trailing-slash rule sends /order/paiement/retour on to /order/paiement/retour/.
    let returned = await shopper.get(`${back.pathname}${back.search}`);
    if (returned.status === 301) {
      returned = await shopper.get(returned.response.headers.get("location") ?? "");
    }
    expect(returned.status).toBe(302);
    expect(returned.response.headers.get("location")).toMatch(
      /^\/order\/confirmation\/\?orderId=\d+$/,
    );
    expect(await ordersOn(slot)).toBe(1);
    expect(await cartQuantity(cartId)).toBe(0);
    // A second return (a reload) places nothing more.
    await shopper.get(`${back.pathname}/${back.search}`);
    expect(await ordersOn(slot)).toBe(1);
  });

  it("says a full slot is full and keeps the cart", async () => {
    const slot = await slotAt(1);
    const { shopper, cartId } = await readyShopper(slot);
    const { key } = await toPayment(shopper);
    const card = await savedCard(shopper);
    await bookPlaces(slot, PICKUP_CAPACITY);
    const refused = await shopper.post("/order/paiement/", {
      intent: "pay",
      idempotencyKey: key,
      card,
    });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("Ce créneau est complet. Choisissez-en un autre.");
    expect(refused.html).toContain("Choisir un autre créneau");
    expect(await cartQuantity(cartId)).toBe(2);
    expect(await ordersOn(slot)).toBe(0);
  });

  it("gives a slot's last place to one of two racing shoppers; the other is told it is full", async () => {
    const slot = await slotAt(2);
    const a = await readyShopper(slot, 1);
    const b = await readyShopper(slot, 1);
    const [keyA, keyB] = [(await toPayment(a.shopper)).key, (await toPayment(b.shopper)).key];
    const [cardA, cardB] = [await savedCard(a.shopper), await savedCard(b.shopper)];
    await bookPlaces(slot, PICKUP_CAPACITY - 1);
    const [answerA, answerB] = await Promise.all([
      a.shopper.post("/order/paiement/", {
        intent: "pay",
        idempotencyKey: keyA,
        card: cardA,
      }),
      b.shopper.post("/order/paiement/", {
        intent: "pay",
        idempotencyKey: keyB,
        card: cardB,
      }),
    ]);
    const statuses = [answerA.status, answerB.status].sort();
    expect(statuses).toEqual([302, 409]);
    const loser = answerA.status === 409 ? answerA : answerB;
    const loserCart = answerA.status === 409 ? a.cartId : b.cartId;
    expect(loser.html).toContain("Ce créneau est complet. Choisissez-en un autre.");
    expect(await cartQuantity(loserCart)).toBe(1);
    expect(await ordersOn(slot)).toBe(1);
    const [booking] = await rows(sql`select booked from ordering_slot_booking
      where store_id = ${STORE.storeId} and mode = 2 and slot_start = ${slot.StartTime}`);
    expect(booking?.booked).toBe(PICKUP_CAPACITY);
  });
});
