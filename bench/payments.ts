/**
 * Checkout budget of DESIGN.md §8 for payments: handling a provider webhook and placing the order
 * it announces, p95 < 40 ms each, in-process on the embedded PGlite (the demo data) with the test
 * provider. Each iteration pays a fresh Checkout Session on the test provider's hosted page (not
 * timed), then times either the webhook delivery of its `checkout.session.completed` (verified,
 * stored once, settled) or the shopper's return that settles it first.
 *
 * Two consumers are timed. One writes nothing: the settlement's own share. The other is the
 * grocery checkout's, as the server composes it: each cart is made with the Storefront API and
 * held by the hosted checkout's form (its slot booked, a `grocery` payment attempt opened), and
 * settling it places the real order (its rows, invoice and confirmation, in the settlement's
 * transaction).
 */

import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { openDatabase } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import {
  checkoutRoutes,
  type SlotBookings,
  storefrontApi,
  toGid,
} from "#platform/commerce/index.ts";
import { commerceOrder } from "#platform/commerce/tables.ts";
import { grocerySlots } from "#platform/ordering/index.ts";
import {
  createPayments,
  createSandboxApi,
  createTestProvider,
  deliverDueEvents,
  openPaymentAttempt,
  receiveWebhook,
  settleCheckoutSession,
  startCheckoutSession,
} from "#platform/payments/index.ts";
import { payOnPage, TEST_WEBHOOK_SECRET } from "#platform/payments/testing.ts";
import { seedDatabase } from "#seed/index.ts";
import { pickupModeAttributes } from "#server/storefront-api-testing.ts";
import { type BenchResult, ITERATIONS, result, time } from "./measure.ts";

const ORIGIN = "http://bench.comptoir";
const TOKEN = "bench-payments-token-0123456789";
/** The lines of a grocery cart: distinct products, one of each. */
const LINES_PER_CART = 5;
/** The products the carts cycle through. */
const VARIANTS = 200;
/** The checkout form as a shopper fills it in (the card is typed on the provider's page). */
const CHECKOUT_FORM = {
  email: "paul@example.fr",
  phone: "06 12 34 56 78",
  firstName: "Paul",
  lastName: "Durand",
};

/** A Checkout Session paid on the hosted page: its id and its pending webhook delivery. */
type PaidSession = { sessionId: string; completed: { body: string; signature: string } };

export async function runPaymentsBench(): Promise<BenchResult[]> {
  const database = await openDatabase();
  await migrate(database);
  // The demo data: its catalogue fills the grocery carts, its stores' pickup slots take them.
  await seedDatabase(database, { seed: 1 });
  const { db } = database;
  const context = {
    db,
    now: () => new Date(),
    pageBase: `${ORIGIN}/test-payments`,
    webhook: { url: `${ORIGIN}/api/webhooks/stripe`, secret: TEST_WEBHOOK_SECRET },
  };
  const provider = createTestProvider({ ...context, webhookSecret: TEST_WEBHOOK_SECRET });
  const silent = { info() {}, warn() {}, error() {} };
  const payments = createPayments({ db, provider, logger: silent });
  payments.register("bench", {
    place: async (_tx, attempt) => ({ ok: true, resultRef: attempt.id }),
    release: async () => {},
  });
  // The ordering service's slots and the hosted checkout, as server/platform.ts wires them: the
  // checkout registers the grocery payment handler on `payments`.
  const slots: SlotBookings = grocerySlots;
  const app = new Hono();
  app.route("/", createSandboxApi(context));
  app.route(
    "/",
    storefrontApi({
      db,
      search: {
        predictive: async () => ({ productIds: [], collectionIds: [], queries: [] }),
        matchingProductIds: async () => [],
        searchPage: async () => ({ ids: [], totalCount: 0 }),
      },
      publicToken: TOKEN,
      privateToken: TOKEN,
      publicOrigin: ORIGIN,
      slots,
    }),
  );
  app.route("/checkout", checkoutRoutes({ db, storefrontOrigin: ORIGIN, slots, payments }));
  const send = (url: string, init?: RequestInit) =>
    Promise.resolve(app.request(url, { redirect: "manual", ...init }));

  /** Pays a session on its hosted page, then collects its `checkout.session.completed`. */
  const pay = async (sessionUrl: string): Promise<PaidSession> => {
    const paid = await payOnPage(sessionUrl, { number: "4242424242424242" }, undefined, send);
    if (paid.status !== 303) throw new Error(`The hosted page answered ${paid.status}`);
    const deliveries: { body: string; signature: string }[] = [];
    await deliverDueEvents(db, {
      now: new Date(),
      secret: TEST_WEBHOOK_SECRET,
      limit: 500,
      fetch: async (_url, init) => {
        const signature = new Headers(init?.headers).get("Stripe-Signature") ?? "";
        deliveries.push({ body: String(init?.body), signature });
        return new Response(null, { status: 200 });
      },
    });
    const completed = deliveries.find((one) => one.body.includes('"checkout.session.completed"'));
    if (!completed) throw new Error("No checkout.session.completed");
    return { sessionId: sessionUrl.split("/").pop() ?? "", completed };
  };

  /** A session of the consumer that writes nothing, paid. */
  const benchSession = async (i: number) => {
    const now = new Date();
    const attempt = await db.transaction((tx) =>
      openPaymentAttempt(tx, {
        purpose: "bench",
        reference: `cart-${i}`,
        amountCents: 2450,
        expiresAt: new Date(now.getTime() + 30 * 60_000),
        now,
      }),
    );
    const started = await startCheckoutSession(payments, attempt, {
      lines: [{ name: "Panier", unitAmount: 2450, quantity: 1 }],
      successUrl: `${ORIGIN}/checkout/retour?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ORIGIN}/checkout/`,
    });
    if (!started.ok) throw new Error(started.message);
    return pay(started.url);
  };

  // Grocery products a cart takes as it is: neither alcohol (the age confirmation) nor sold by
  // weight (an estimate, captured later), with stock for every cart that takes them.
  const perVariant = Math.ceil((2 * ITERATIONS * LINES_PER_CART) / VARIANTS);
  const variants = (
    (await db.execute(sql`
      select v.id from commerce_variant v join commerce_product p on p.id = v.product_id
      where v.available_for_sale and p.available_for_sale and not p.archived
        and not ('restauration' = any(p.tags)) and not ('unavailable' = any(p.tags))
        and not ('ageLimit' = any(p.tags))
        and (v.quantity_available is null or v.quantity_available >= ${perVariant})
        and not exists (
          select 1 from commerce_metafield m
          where m.owner_type = 'PRODUCT' and m.owner_id = p.id and m.namespace = 'custom'
            and m.key = 'sold_by_weight' and m.value = 'true')
      order by v.id limit ${VARIANTS}`)) as unknown as { rows: { id: number }[] }
  ).rows.map((row) => toGid("ProductVariant", row.id));
  if (variants.length < VARIANTS) throw new Error("The demo catalogue has too few products");

  /**
   * A grocery cart (pickup at the first store's first free slot) held by the checkout's form,
   * paid.
   */
  const grocerySession = async (i: number) => {
    const lines = Array.from({ length: LINES_PER_CART }, (_, n) => ({
      merchandiseId: variants[(i * LINES_PER_CART + n) % variants.length],
      quantity: 1,
    }));
    const attributes = await pickupModeAttributes(db, new Date());
    if (attributes.length === 0) throw new Error("No pickup slot is left");
    const created = await send(`${ORIGIN}/api/2024-01/graphql.json`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-storefront-access-token": TOKEN },
      body: JSON.stringify({ query: CART_CREATE, variables: { input: { lines, attributes } } }),
    });
    const body = (await created.json()) as {
      data?: { cartCreate: { cart: { checkoutUrl: string } | null; userErrors: unknown[] } };
    };
    const cart = body.data?.cartCreate.cart;
    if (!cart || body.data?.cartCreate.userErrors.length) throw new Error(JSON.stringify(body));
    const held = await send(cart.checkoutUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(CHECKOUT_FORM).toString(),
    });
    const sessionUrl = held.headers.get("Location") ?? "";
    if (held.status !== 303 || !sessionUrl.includes("/test-payments/pay/")) {
      throw new Error(`The checkout's form answered ${held.status}: ${await held.text()}`);
    }
    return pay(sessionUrl);
  };

  const timedOnly = async (
    prepare: (i: number) => Promise<() => Promise<unknown>>,
  ): Promise<number[]> => {
    const runs: (() => Promise<unknown>)[] = [];
    // Prepared first (the cart, the hold, the hosted page and its events are not what is
    // measured), then timed.
    await time(async (i) => runs.push(await prepare(i)));
    let next = 0;
    return time(async () => {
      const run = runs[next++];
      if (run) await run();
    });
  };

  /** The webhook's handling and the return's settlement of sessions `paidSession` pays. */
  const settling = async (paidSession: (i: number) => Promise<PaidSession>) => {
    const webhook = await timedOnly(async (i) => {
      const { completed } = await paidSession(i);
      return async () => {
        const answer = await receiveWebhook(payments, completed.body, completed.signature);
        if (answer.status !== 200) throw new Error(`The webhook answered ${answer.status}`);
      };
    });
    const returned = await timedOnly(async (i) => {
      const { sessionId } = await paidSession(10_000 + i);
      return async () => {
        const outcome = await settleCheckoutSession(payments, sessionId);
        if (outcome.kind !== "placed") throw new Error(`Settled as ${outcome.kind}`);
      };
    });
    return { webhook, returned };
  };

  const orderCount = async () =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(commerceOrder))[0]?.n ?? 0;
  const bare = await settling(benchSession);
  const before = await orderCount();
  const grocery = await settling(grocerySession);
  // Every grocery settlement made its order (a webhook answers 200 to a refused one too).
  const placed = (await orderCount()) - before;
  await database.close();
  if (placed !== 2 * ITERATIONS) {
    throw new Error(`${placed} grocery orders placed, ${2 * ITERATIONS} expected`);
  }
  return [
    result("payments: webhook → settled (no writes)", bare.webhook, 40),
    result("payments: return → settled (no writes)", bare.returned, 40),
    result("payments: webhook → grocery order placed", grocery.webhook, 40),
    result("payments: return → grocery order placed", grocery.returned, 40),
  ];
}

const CART_CREATE = `#graphql
  mutation BenchPaymentsCart($input: CartInput) {
    cartCreate(input: $input) { cart { checkoutUrl } userErrors { message } }
  }`;
