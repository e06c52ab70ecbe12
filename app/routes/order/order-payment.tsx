import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import checkoutStyles from "#app/components/checkout/checkout.css?url";
import { OrderModeHost } from "#app/components/checkout/order-mode-host.tsx";
import {
  CheckoutProblems,
  OrderModeSummary,
  OrderTotals,
} from "#app/components/checkout/order-summary.tsx";
import {
  CardRadio,
  MealVoucherGroup,
  NewCardFields,
} from "#app/components/checkout/payment-fields.tsx";
import { useCheckoutStep } from "#app/components/checkout/use-checkout-step.ts";
import {
  ATTEMPT_COOKIE,
  checkoutCookie,
  emptyCart,
  isSlotRefusal,
  LAST_ORDER_COOKIE,
  loadCheckout,
  OPTIONS_COOKIE,
  PRIVATE_HEADERS,
  savedCards,
  shopperOf,
  signedInCustomer,
  VOUCHER_COOKIE,
} from "#app/lib/checkout/checkout.server.ts";
import { CHECKOUT_ERRORS, nationalPhone, orderItemsOf } from "#app/lib/checkout/checkout.ts";
import { readCookie } from "#app/lib/cookies.ts";
import { formatCents } from "#app/lib/format.ts";
import { openOrderMode } from "#app/lib/order-mode/order-mode.ts";
import {
  addCard,
  deletePaymentAccount,
  type PlacedOrder,
  submitOrder,
} from "#app/lib/ordering/customer.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { noindexMeta, stylesheetLinks } from "../private-page-head.ts";
import type { Route } from "./+types/order-payment";

/**
 * /order/paiement/ — the payment step of the restauration checkout (DESIGN.md §5), shown without
 * header and footer (root.tsx hides them on paths containing "paiement"). The order is submitted
 * with an idempotency key made once per payment attempt (docs/checkout.md): a double click or a
 * retry of the same attempt answers the same order, never a second one.
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
  return data(
    {
      checkout: checkout.view,
      cards,
      customer: { name: customer.Name ?? "", phone: nationalPhone(customer.PhoneNumber) },
      idempotencyKey: attempt.key,
      slotRefused: checkout.pricingFailure ? isSlotRefusal(checkout.pricingFailure) : false,
    },
    { headers },
  );
}

// --- Action ----------------------------------------------------------------------------------

const payForm = z
  .object({
    intent: z.literal("pay"),
    idempotencyKey: z.string().regex(/^[0-9a-f-]{36}$/),
    card: z.string().regex(/^(new|\d{1,10})$/),
    cardNumber: z.string().max(30).optional(),
    cardExpiry: z.string().max(10).optional(),
    cardCvc: z.string().max(4).optional(),
    cardHolder: z.string().max(100).optional(),
    // Titres-restaurant: none, a saved titres-restaurant card, or one typed here.
    mealVoucher: z
      .string()
      .regex(/^(none|new|\d{1,10})$/)
      .optional(),
    mealVoucherNumber: z.string().max(30).optional(),
    mealVoucherExpiry: z.string().max(10).optional(),
    mealVoucherCvc: z.string().max(4).optional(),
  })
  .strict();

export type PayResult = {
  ok: false;
  error: string;
  /** The slot filled up or passed: the shopper chooses another one. */
  slot: boolean;
  code: string;
};

/** `12/30` or `12/2030` → month and full year; null when unreadable. */
function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

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
    // under its key by the processor, so a retry with another card needs a new one).
    if (options.rotate !== false) {
      headers.append("Set-Cookie", checkoutCookie(request, ATTEMPT_COOKIE, crypto.randomUUID()));
    }
    const slot = code === "slot_full" || code === "slot_unavailable";
    return data({ ok: false, error, slot, code } satisfies PayResult, { status, headers });
  };

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
    if (replay) return placedAnswer(request, context, checkout, replay, input.idempotencyKey);
    const failure = checkout.pricingFailure;
    return refuse(
      failure?.message ?? checkout.view.problems[0] ?? CHECKOUT_ERRORS.failed,
      failure?.code ?? "not_ready",
      failure?.status ?? 400,
      { rotate: false },
    );
  }

  // Cards typed for this attempt: not kept when it is refused (a refused card is not saved).
  const typedCards: number[] = [];
  const forgetTypedCards = async () => {
    for (const id of typedCards) await deletePaymentAccount(shopper, id);
  };

  let mealVoucherAccountId: number | undefined;
  if (input.mealVoucher === "new") {
    const expiry = parseExpiry(input.mealVoucherExpiry ?? "");
    const number = (input.mealVoucherNumber ?? "").trim();
    const cvc = (input.mealVoucherCvc ?? "").trim();
    if (!number || !expiry || !cvc) {
      return refuse(CHECKOUT_ERRORS.mealVoucherIncomplete, "bad_request", 400, { rotate: false });
    }
    const added = await addCard(shopper, {
      number,
      expiryMonth: expiry.month,
      expiryYear: expiry.year,
      cvc,
    });
    if (!added.ok) return refuse(added.message, added.code, added.status, { rotate: false });
    typedCards.push(added.data.PaymentAccountId);
    if (added.data.IsMealVoucher !== true) {
      await forgetTypedCards();
      return refuse(CHECKOUT_ERRORS.notMealVoucher, "not_meal_voucher", 400, { rotate: false });
    }
    mealVoucherAccountId = added.data.PaymentAccountId;
  } else if (input.mealVoucher && input.mealVoucher !== "none") {
    mealVoucherAccountId = Number(input.mealVoucher);
  }

  let paymentAccountId: number;
  if (input.card === "new") {
    const expiry = parseExpiry(input.cardExpiry ?? "");
    const number = (input.cardNumber ?? "").trim();
    const cvc = (input.cardCvc ?? "").trim();
    if (!number || !expiry || !cvc) {
      await forgetTypedCards();
      return refuse(CHECKOUT_ERRORS.cardIncomplete, "bad_request", 400, { rotate: false });
    }
    const added = await addCard(shopper, {
      number,
      expiryMonth: expiry.month,
      expiryYear: expiry.year,
      cvc,
      holder: input.cardHolder?.trim() || undefined,
    });
    if (!added.ok) {
      await forgetTypedCards();
      return refuse(added.message, added.code, added.status, { rotate: false });
    }
    typedCards.push(added.data.PaymentAccountId);
    if (added.data.IsMealVoucher === true) {
      await forgetTypedCards();
      return refuse(CHECKOUT_ERRORS.mealVoucherAsCard, "meal_voucher_as_card", 400, {
        rotate: false,
      });
    }
    paymentAccountId = added.data.PaymentAccountId;
  } else {
    paymentAccountId = Number(input.card);
  }

  const placed = await submitOrder(
    shopper,
    {
      ...checkout.basket,
      PaymentAccountId: paymentAccountId,
      ...(mealVoucherAccountId === undefined
        ? {}
        : { MealVoucherPaymentAccountId: mealVoucherAccountId }),
      IsWrap: checkout.orderMode.isWrap,
    },
    input.idempotencyKey,
  );
  if (!placed.ok) {
    // Cards typed for this attempt and refused are not kept among the saved cards.
    if (placed.code === "payment_failed") await forgetTypedCards();
    return refuse(placed.message, placed.code, placed.status);
  }

  return placedAnswer(request, context, checkout, placed.data, input.idempotencyKey);
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
  const cardId =
    input.card === "new"
      ? (await savedCards(shopper)).find((card) => !card.isMealVoucher)?.id
      : Number(input.card);
  if (!cardId) return null;
  const replay = await submitOrder(
    shopper,
    {
      PhysicalRestaurantId: locationId,
      DeliveryType: orderMode.mode,
      DeliverySlotKey: orderMode.deliverySlot.slot,
      OrderItems: orderItemsOf(checkout.view.lines),
      PaymentAccountId: cardId,
      IsWrap: orderMode.isWrap,
    },
    input.idempotencyKey,
  );
  return replay.ok ? replay.data : null;
}

/** The order is placed: empty the cart, end the attempt, show the confirmation. */
async function placedAnswer(
  request: Request,
  context: Route.ActionArgs["context"],
  checkout: Awaited<ReturnType<typeof loadCheckout>>,
  order: PlacedOrder,
  idempotencyKey: string,
) {
  const headers = new Headers(PRIVATE_HEADERS);
  if (checkout.cart && checkout.cart.lines.length > 0) {
    try {
      await emptyCart(checkout.cart);
    } catch (error) {
      // The order is placed: a cart that could not be emptied must not hide the confirmation.
      context
        .get(serverContext)
        .logger.warn({ err: error, orderId: order.OrderId }, "cart not emptied");
    }
  }
  headers.append("Set-Cookie", checkoutCookie(request, ATTEMPT_COOKIE, null));
  headers.append("Set-Cookie", checkoutCookie(request, VOUCHER_COOKIE, null));
  headers.append("Set-Cookie", checkoutCookie(request, OPTIONS_COOKIE, null));
  headers.append(
    "Set-Cookie",
    checkoutCookie(request, LAST_ORDER_COOKIE, `${idempotencyKey}:${order.OrderId}`),
  );
  return redirect(`/order/confirmation/?orderId=${order.OrderId}`, { headers });
}

// --- Page ------------------------------------------------------------------------------------

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { checkout, cards, idempotencyKey, slotRefused } = loaderData;
  const result = actionData as PayResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" || navigation.state === "loading";
  const bankCards = cards.filter((saved) => !saved.isMealVoucher);
  const mealVoucherCards = cards.filter((saved) => saved.isMealVoucher);
  const [card, setCard] = useState(bankCards[0] ? String(bankCards[0].id) : "new");
  const alert = useRef<HTMLDivElement>(null);
  const slotProblem = result?.slot === true || slotRefused;
  useCheckoutStep(2, checkout.lines);

  // A refusal is announced and focused; a slot that filled up opens the slot picker again.
  useEffect(() => {
    if (!result) return;
    alert.current?.focus();
    if (result.slot) openOrderMode({ slotOnly: true });
  }, [result]);

  const problems = result ? [] : checkout.problems;
  const canPay = checkout.totals !== null && checkout.problems.length === 0;

  return (
    <div className="checkout checkout--payment">
      <OrderModeHost />
      <p className="checkout__back">
        <Link to="/order/">← Retour à ma commande</Link>
      </p>
      <h1 className="checkout__title">Paiement</h1>
      {result && (
        <div ref={alert} tabIndex={-1} className="checkout-alert" role="alert">
          <p>{result.error}</p>
          {result.slot && (
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
            <fieldset className="checkout-cards">
              <legend className="visually-hidden">Carte de paiement</legend>
              {bankCards.map((saved) => (
                <CardRadio
                  key={saved.id}
                  id={`card-${saved.id}`}
                  name="card"
                  value={String(saved.id)}
                  selected={card}
                  onSelect={setCard}
                >
                  {saved.description} — expire fin {saved.expiry}
                </CardRadio>
              ))}
              <CardRadio id="card-new" name="card" value="new" selected={card} onSelect={setCard}>
                Nouvelle carte
              </CardRadio>
            </fieldset>
            {card === "new" && <NewCardFields />}
            <MealVoucherGroup
              cards={mealVoucherCards}
              eligibleCents={checkout.totals?.mealVoucherEligibleCents ?? null}
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
              Paiement sécurisé. Le numéro de votre carte n'est jamais conservé par Comptoir.
            </p>
          </Form>
        </div>
        <aside className="checkout__aside">
          {checkout.totals && <OrderTotals totals={checkout.totals} mode={checkout.mode} />}
          {checkout.isWrap && <p className="checkout-help">Emballage cadeau offert.</p>}
        </aside>
      </div>
    </div>
  );
}
