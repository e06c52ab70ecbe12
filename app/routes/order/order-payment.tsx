import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, redirectDocument, useNavigation } from "react-router";
import { z } from "zod";
import { BankCardGroup, MealVoucherGroup } from "#app/components/checkout/card-choice.tsx";
import checkoutStyles from "#app/components/checkout/checkout.css?url";
import { OrderModeHost } from "#app/components/checkout/order-mode-host.tsx";
import {
  CheckoutProblems,
  OrderModeSummary,
  OrderTotals,
} from "#app/components/checkout/order-summary.tsx";
import { useCheckoutStep } from "#app/components/checkout/use-checkout-step.ts";
import {
  ATTEMPT_COOKIE,
  checkoutCookie,
  isSlotRefusal,
  LAST_ORDER_COOKIE,
  loadCheckout,
  PRIVATE_HEADERS,
  savedCards,
  shopperOf,
  signedInCustomer,
} from "#app/lib/checkout/checkout.server.ts";
import { CHECKOUT_ERRORS, nationalPhone, orderItemsOf } from "#app/lib/checkout/checkout.ts";
import { readCookie } from "#app/lib/cookies.ts";
import { formatCents } from "#app/lib/format.ts";
import { openOrderMode } from "#app/lib/order-mode/order-mode.ts";
import {
  isPlaced,
  type PlacedOrder,
  saveHostedCard,
  startCardSetup,
  startMealVoucherEntry,
  submitOrder,
} from "#app/lib/ordering/customer.server.ts";
import {
  PAYMENT_PATH,
  paymentMessageCookie,
  paymentMessageOf,
  placedAnswer,
} from "#app/lib/ordering/payment-step.server.ts";
import { noindexMeta, stylesheetLinks } from "../private-page-head.ts";
import type { Route } from "./+types/order-payment";

/**
 * /order/paiement/ — the payment step of the restauration checkout (DESIGN.md §5), shown without
 * header and footer (root.tsx hides them on paths containing "paiement"). The order is submitted
 * with an idempotency key made once per payment attempt (docs/checkout.md): a double click or a
 * retry of the same attempt answers the same order, never a second one.
 *
 * No card number, expiry or CVC is ever typed here (issue 48): the shopper picks one of their
 * saved cards, or adds one on the provider's hosted setup page (back here with
 * `setup_session_id`), or a titres-restaurant card on the processor's card-entry page (back with
 * `card_entry`), or pays with a new card on the hosted payment page, whose return is
 * /order/paiement/retour (order-payment-return.tsx). Plain forms and redirects: no JavaScript needed.
 */

export const links: Route.LinksFunction = stylesheetLinks(checkoutStyles);

export const meta: Route.MetaFunction = noindexMeta("Paiement — Comptoir");

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

/** The key of this attempt: the one in its cookie, else a new one (set by the caller). */
function attemptKey(request: Request): { key: string; isNew: boolean } {
  const stored = readCookie(request, ATTEMPT_COOKIE);
  if (stored && /^[0-9a-f-]{36}$/.test(stored)) return { key: stored, isNew: false };
  return { key: crypto.randomUUID(), isNew: true };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = shopperOf(request, context);
  const customer = await signedInCustomer(shopper);
  if (!customer) throw redirect("/order/", { headers: PRIVATE_HEADERS });
  const url = new URL(request.url);

  // Back from a hosted page that took a card: save it (a reload saves it once), then select it.
  const setupSessionId = url.searchParams.get("setup_session_id");
  const cardEntryId = url.searchParams.get("card_entry");
  if (setupSessionId || cardEntryId) {
    const saved = await saveHostedCard(
      shopper,
      setupSessionId ? { setupSessionId } : { cardEntryId: cardEntryId ?? "" },
    );
    const headers = new Headers(PRIVATE_HEADERS);
    if (!saved.ok) {
      headers.append("Set-Cookie", paymentMessageCookie(request, saved.message));
      throw redirect(PAYMENT_PATH, { headers });
    }
    const param = saved.data.IsMealVoucher === true ? "titre" : "carte";
    throw redirect(`${PAYMENT_PATH}?${param}=${saved.data.PaymentAccountId}`, { headers });
  }

  const [checkout, cards] = await Promise.all([
    loadCheckout(request, shopper),
    savedCards(shopper),
  ]);
  if (checkout.view.lines.length === 0) throw redirect("/order/", { headers: PRIVATE_HEADERS });
  const headers = new Headers(PRIVATE_HEADERS);
  const attempt = attemptKey(request);
  if (attempt.isNew) {
    headers.append("Set-Cookie", checkoutCookie(request, ATTEMPT_COOKIE, attempt.key));
  }
  // A refusal brought back from the hosted payment page is shown once.
  const message = paymentMessageOf(request);
  if (message) headers.append("Set-Cookie", paymentMessageCookie(request, null));
  const bankCards = cards.filter((card) => !card.isMealVoucher);
  const mealVoucherCards = cards.filter((card) => card.isMealVoucher);
  const chosen = (param: string, among: { id: number }[]) => {
    const value = url.searchParams.get(param);
    return among.some((card) => String(card.id) === value) ? value : null;
  };
  return data(
    {
      checkout: checkout.view,
      bankCards,
      mealVoucherCards,
      selectedCard: chosen("carte", bankCards) ?? (bankCards[0] ? String(bankCards[0].id) : "new"),
      selectedMealVoucher: chosen("titre", mealVoucherCards) ?? "none",
      message,
      customer: { name: customer.Name ?? "", phone: nationalPhone(customer.PhoneNumber) },
      idempotencyKey: attempt.key,
      slotRefused: checkout.pricingFailure ? isSlotRefusal(checkout.pricingFailure) : false,
    },
    { headers },
  );
}

// --- Action ----------------------------------------------------------------------------------

// Strict: a card number, expiry or CVC sent to this form is refused, never read.
const payForm = z
  .object({
    intent: z.literal("pay"),
    idempotencyKey: z.string().regex(/^[0-9a-f-]{36}$/),
    card: z.string().regex(/^(new|\d{1,10})$/),
    // Titres-restaurant: none or a saved titres-restaurant card.
    mealVoucher: z
      .string()
      .regex(/^(none|\d{1,10})$/)
      .optional(),
  })
  .strict();

const addCardForm = z.object({ intent: z.enum(["add-card", "add-meal-voucher"]) }).strict();

export type PayResult = {
  ok: false;
  error: string;
  /** The slot filled up or passed: the shopper chooses another one. */
  slot: boolean;
  code: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const fields = Object.fromEntries(
    [...form.entries()].filter(([, value]) => typeof value === "string"),
  );
  const shopper = shopperOf(request, context);
  const headers = new Headers(PRIVATE_HEADERS);
  const refuse = (
    error: string,
    code: string,
    status = 400,
    options: { rotate?: boolean } = {},
  ) => {
    // A refused attempt is over: the next one gets a new key (a declined charge is remembered
    // under its key by the provider, so a retry with another card needs a new one).
    if (options.rotate !== false) {
      headers.append("Set-Cookie", checkoutCookie(request, ATTEMPT_COOKIE, crypto.randomUUID()));
    }
    const slot = code === "slot_full" || code === "slot_unavailable";
    return data({ ok: false, error, slot, code } satisfies PayResult, { status, headers });
  };

  // « Ajouter une carte »: to the hosted page that takes it, which sends the shopper back here.
  const adding = addCardForm.safeParse(fields);
  if (adding.success) {
    const started =
      adding.data.intent === "add-card"
        ? await startCardSetup(shopper, PAYMENT_PATH)
        : await startMealVoucherEntry(shopper, PAYMENT_PATH);
    if (!started.ok)
      return refuse(started.message, started.code, started.status, { rotate: false });
    return redirectDocument(
      "SetupUrl" in started.data ? started.data.SetupUrl : started.data.CardEntryUrl,
      { headers },
    );
  }

  const parsed = payForm.safeParse(fields);
  if (!parsed.success)
    return refuse(CHECKOUT_ERRORS.cardRequired, "bad_request", 400, { rotate: false });
  const input = parsed.data;

  // The same attempt already placed its order (a second click that arrived after the first
  // finished): show that order.
  const last = readCookie(request, LAST_ORDER_COOKIE);
  if (last?.startsWith(`${input.idempotencyKey}:`)) {
    return redirect(`/order/confirmation/?orderId=${last.slice(input.idempotencyKey.length + 1)}`, {
      headers,
    });
  }

  const customer = await signedInCustomer(shopper);
  if (!customer) return refuse(CHECKOUT_ERRORS.signInRequired, "unauthorized", 401);
  const checkout = await loadCheckout(request, shopper);
  if (!checkout.basket || !checkout.cart) {
    // A second submission of this attempt may arrive after the first emptied the cart or took
    // the slot's last place: the service answers the first order of the key, if there is one.
    const replay = await replayedOrder(shopper, checkout, input);
    if (replay) return placedAnswer(request, context, checkout.cart, replay, input.idempotencyKey);
    const failure = checkout.pricingFailure;
    return refuse(
      failure?.message ?? checkout.view.problems[0] ?? CHECKOUT_ERRORS.failed,
      failure?.code ?? "not_ready",
      failure?.status ?? 400,
      { rotate: false },
    );
  }

  const mealVoucher =
    input.mealVoucher && input.mealVoucher !== "none" ? Number(input.mealVoucher) : undefined;
  const placed = await submitOrder(
    shopper,
    {
      ...checkout.basket,
      ...(input.card === "new" ? {} : { PaymentAccountId: Number(input.card) }),
      ...(mealVoucher === undefined ? {} : { MealVoucherPaymentAccountId: mealVoucher }),
      IsWrap: checkout.orderMode.isWrap,
    },
    input.idempotencyKey,
  );
  if (!placed.ok) return refuse(placed.message, placed.code, placed.status);
  if (!isPlaced(placed.data)) {
    // A new card: paid on the provider's hosted page, whose return places the order.
    if (!placed.data.PaymentUrl) return refuse(CHECKOUT_ERRORS.failed, "payment_unavailable", 503);
    return redirectDocument(placed.data.PaymentUrl, { headers });
  }
  return placedAnswer(request, context, checkout.cart, placed.data, input.idempotencyKey);
}

/**
 * The order already placed under this attempt's key, or null: asked with what the cookies still
 * say (store, mode, slot) and the lines left. The service answers the first order of a key before
 * checking anything else; without one it refuses the basket as pricing did, so nothing is placed.
 */
async function replayedOrder(
  shopper: ReturnType<typeof shopperOf>,
  checkout: Awaited<ReturnType<typeof loadCheckout>>,
  input: z.infer<typeof payForm>,
): Promise<PlacedOrder | null> {
  const { orderMode } = checkout;
  const locationId =
    orderMode.mode === 1 ? orderMode.deliveryLocationId : orderMode.pickupLocationId;
  if ((orderMode.mode !== 1 && orderMode.mode !== 2) || !locationId || !orderMode.deliverySlot) {
    return null;
  }
  const replay = await submitOrder(
    shopper,
    {
      PhysicalRestaurantId: locationId,
      DeliveryType: orderMode.mode,
      DeliverySlotKey: orderMode.deliverySlot.slot,
      OrderItems: orderItemsOf(checkout.view.lines),
      ...(input.card === "new" ? {} : { PaymentAccountId: Number(input.card) }),
      IsWrap: orderMode.isWrap,
    },
    input.idempotencyKey,
  );
  return replay.ok && isPlaced(replay.data) ? replay.data : null;
}

// --- Page ------------------------------------------------------------------------------------

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { checkout, bankCards, mealVoucherCards, idempotencyKey, slotRefused } = loaderData;
  const result = actionData as PayResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" || navigation.state === "loading";
  const alert = useRef<HTMLDivElement>(null);
  const slotProblem = result?.slot === true || slotRefused;
  const error = result?.error ?? loaderData.message;
  useCheckoutStep(2, checkout.lines);

  // A refusal is announced and focused; a slot that filled up opens the slot picker again.
  useEffect(() => {
    if (!error) return;
    alert.current?.focus();
    if (result?.slot) openOrderMode({ slotOnly: true });
  }, [error, result]);

  const problems = result ? [] : checkout.problems;
  const canPay = checkout.totals !== null && checkout.problems.length === 0;

  return (
    <div className="checkout checkout--payment">
      <OrderModeHost />
      <p className="checkout__back">
        <Link to="/order/">← Retour à ma commande</Link>
      </p>
      <h1 className="checkout__title">Paiement</h1>
      {error && (
        <div ref={alert} tabIndex={-1} className="checkout-alert" role="alert">
          <p>{error}</p>
          {result?.slot && (
            <button
              type="button"
              className="button"
              onClick={() => openOrderMode({ slotOnly: true })}
            >
              Choisir un autre créneau
            </button>
          )}
        </div>
      )}
      <CheckoutProblems problems={problems} />
      {!result && slotProblem && (
        <button type="button" className="button" onClick={() => openOrderMode({ slotOnly: true })}>
          Choisir un autre créneau
        </button>
      )}
      <div className="checkout__grid">
        <div className="checkout__main">
          <OrderModeSummary view={checkout} />
          <Form method="post" className="checkout-card checkout-form" aria-labelledby="pay-title">
            <h2 id="pay-title" className="checkout-card__title">
              Carte de paiement
            </h2>
            <input type="hidden" name="intent" value="pay" />
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            <BankCardGroup cards={bankCards} selected={loaderData.selectedCard} />
            <MealVoucherGroup
              cards={mealVoucherCards}
              eligibleCents={checkout.totals?.mealVoucherEligibleCents ?? null}
              selected={loaderData.selectedMealVoucher}
            />
            <div className="checkout-actions">
              <button
                type="submit"
                className="button button--primary"
                disabled={!canPay || busy}
                aria-busy={busy || undefined}
              >
                {checkout.totals ? `Payer ${formatCents(checkout.totals.totalCents)}` : "Payer"}
              </button>
            </div>
            <p className="checkout-help">
              Paiement sécurisé. Votre carte est saisie sur la page de paiement de notre prestataire
              : Comptoir ne reçoit ni ne conserve jamais son numéro.
            </p>
          </Form>
          <AddCardForms />
        </div>
        <aside className="checkout__aside">
          {checkout.totals && <OrderTotals totals={checkout.totals} mode={checkout.mode} />}
          {checkout.isWrap && <p className="checkout-help">Emballage cadeau offert.</p>}
        </aside>
      </div>
    </div>
  );
}

/** Saving a card for this and later orders, on the hosted pages (plain posts, then redirects). */
function AddCardForms() {
  return (
    <section className="checkout-card" aria-labelledby="add-card-title">
      <h2 id="add-card-title" className="checkout-card__title">
        Enregistrer une carte
      </h2>
      <p className="checkout-help">
        Vous serez redirigé vers une page sécurisée, puis ramené ici avec la carte choisie.
      </p>
      <div className="checkout-actions">
        <Form method="post" reloadDocument>
          <input type="hidden" name="intent" value="add-card" />
          <button type="submit" className="button">
            Ajouter une carte
          </button>
        </Form>
        <Form method="post" reloadDocument>
          <input type="hidden" name="intent" value="add-meal-voucher" />
          <button type="submit" className="button">
            Ajouter une carte titres-restaurant
          </button>
        </Form>
      </div>
    </section>
  );
}
