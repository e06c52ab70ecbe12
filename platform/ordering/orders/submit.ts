import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { countSlotBooking } from "#platform/metrics.ts";
import type { Customer } from "#platform/ordering/customers/customers.ts";
import {
  ownPaymentAccount,
  type PaymentAccount,
  providerCustomerOf,
} from "#platform/ordering/customers/payment-accounts.ts";
import { MESSAGES, OrderingError } from "#platform/ordering/errors.ts";
import {
  type BasketInput,
  type OrderingContext,
  type PricedBasket,
  priceBasket,
} from "#platform/ordering/orders/orders.ts";
import {
  holdOf,
  orderByIdempotencyKey,
  RESTAURATION_PURPOSE,
  type RestaurationHold,
} from "#platform/ordering/orders/payment-handler.ts";
import type { orderingOrder } from "#platform/ordering/schema.ts";
import { bookSlot, slotCapacity } from "#platform/ordering/slots.ts";
import { consumeVoucher } from "#platform/ordering/vouchers.ts";
import {
  chargeMealVoucher,
  latestAttempt,
  openPaymentAttempt,
  type PaymentAttempt,
  PaymentProviderError,
  type Payments,
  releaseAttempt,
  type SettleOutcome,
  settlePaymentAttempt,
  startCheckoutSession,
} from "#platform/payments/index.ts";

export type Order = typeof orderingOrder.$inferSelect;

/**
 * `SubmitOrder`: the slot, the voucher's use and the titres-restaurant charge are held in one
 * transaction with a payment attempt (platform/payments/settlement), then the bank card is charged
 * through the payment provider (the attempt's id as its idempotency key) and the attempt settled,
 * which places the order through the `restauration` payment handler (payment-handler.ts). A saved
 * card is charged off-session; without one, the answer is a hosted payment page to send the
 * shopper to, whose return (or the provider's webhook) settles the same way. A refusal gives back
 * everything held. The same customer and key always answer the first order.
 */

/**
 * How long a hold waits for its hosted payment: the Checkout Session's expiry, which Stripe wants
 * at least 30 minutes after the session's creation; the session is made a moment after the hold
 * (a second boundary passed was enough to have it refused), hence the extra minute.
 */
export const HOLD_MINUTES = 31;

export type SubmitContext = OrderingContext & { payments: Payments };

export type SubmitInput = {
  customer: Customer;
  basket: BasketInput;
  /** A saved bank card; none: the shopper pays on the provider's hosted page. */
  paymentAccountId?: number;
  /** A titres-restaurant card of the customer's, charged first for the food (at most 25 €). */
  mealVoucherPaymentAccountId?: number;
  idempotencyKey: string;
  giftWrap?: boolean;
};

export type Submission =
  | { kind: "placed"; order: Order }
  | { kind: "awaiting_payment"; attemptId: string; paymentUrl: string };

/** The French message of a declined saved card, by the provider's code. */
const DECLINED: Record<string, string> = {
  card_declined: "Votre carte a été refusée. Essayez une autre carte.",
  authentication_required:
    "Votre banque demande d'authentifier ce paiement : choisissez « Payer avec une nouvelle carte » pour le valider en 3-D Secure.",
};

export async function submitOrder(context: SubmitContext, input: SubmitInput): Promise<Submission> {
  const { db, now } = context;
  const key = `${input.customer.id}:${input.idempotencyKey}`;
  const first = await orderByIdempotencyKey(db, key);
  if (first) return { kind: "placed", order: first };
  const pending = await latestAttempt(db, RESTAURATION_PURPOSE, key);
  if (pending?.status === "open") return resume(context, input, pending);

  if (input.basket.slotKey === undefined) {
    throw new OrderingError("bad_request", MESSAGES.slotRequired, { Field: "DeliverySlotKey" });
  }
  const priced = await priceBasket(context, input.basket);
  if (!priced.slot) {
    countSlotBooking("restauration", "refused");
    throw new OrderingError("slot_unavailable", MESSAGES.slotUnavailable);
  }
  if (priced.mode === 1 && !priced.deliveryLocation) {
    throw new OrderingError("bad_request", MESSAGES.deliveryAddressRequired, {
      Field: "DeliveryLocation",
    });
  }
  const account = await bankCardOf(context, input);
  const mealVoucherAccount = await mealVoucherAccountOf(context, input, priced);
  const slot = priced.slot;
  const description = `Commande Comptoir – ${priced.store.name} – ${slot.key}`;

  const held = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ordering-order:${key}`}))`);
    const replay = await orderByIdempotencyKey(tx, key);
    if (replay) return { order: replay, attempt: null };
    const open = await latestAttempt(tx, RESTAURATION_PURPOSE, key);
    if (open?.status === "open") return { order: null, attempt: open };
    const booked = await bookSlot(tx, {
      storeId: priced.store.id,
      mode: priced.mode,
      start: slot.start,
      capacity: slotCapacity(priced.store, priced.mode),
    });
    if (!booked) {
      countSlotBooking("restauration", "refused");
      throw new OrderingError("slot_full", MESSAGES.slotFull);
    }
    if (priced.voucher && !(await consumeVoucher(tx, priced.voucher.voucher.id))) {
      throw new OrderingError("voucher_invalid", MESSAGES.voucherExhausted, {
        Reason: "exhausted",
      });
    }
    // Each hold charges titres-restaurant under a key of its own: a new try after a refusal
    // (whose charge was given back) charges again; the key's lock above makes holds one at a time.
    const mealVoucher = mealVoucherAccount?.cardToken
      ? await chargeMealVoucher(
          tx,
          {
            token: mealVoucherAccount.cardToken,
            amountCents: priced.mealVoucherEligibleCents,
            idempotencyKey: `ordering:titres-restaurant:${key}:${randomUUID()}`,
            description,
          },
          now,
        )
      : null;
    if (mealVoucher && !mealVoucher.ok) {
      throw new OrderingError("payment_failed", mealVoucher.message, {
        Reason: mealVoucher.code,
        Field: "MealVoucherPaymentAccountId",
      });
    }
    const mealVoucherCents = mealVoucher?.ok ? mealVoucher.amountCents : 0;
    const hold: RestaurationHold = {
      customerId: input.customer.id,
      key,
      storeId: priced.store.id,
      mode: priced.mode,
      slotKey: slot.key,
      slotStart: slot.start.toISOString(),
      deliveryLocation: priced.deliveryLocation,
      lines: priced.lines,
      totals: priced.totals,
      voucherId: priced.voucher?.voucher.id ?? null,
      voucherCode: priced.voucher?.voucher.code ?? null,
      giftWrap: input.giftWrap ?? false,
      paymentAccountId: account?.id ?? null,
      mealVoucher:
        mealVoucher?.ok && mealVoucherAccount
          ? {
              paymentAccountId: mealVoucherAccount.id,
              chargeId: mealVoucher.chargeId,
              amountCents: mealVoucher.amountCents,
            }
          : null,
    };
    const attempt = await openPaymentAttempt(tx, {
      purpose: RESTAURATION_PURPOSE,
      reference: key,
      amountCents: priced.totals.totalCents - mealVoucherCents,
      captureMethod: "automatic",
      expiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000),
      data: { ...hold, description },
      now,
    });
    return { order: null, attempt };
  });
  if (held.order) return { kind: "placed", order: held.order };
  if (!held.attempt) throw new Error("A submission held nothing");
  return resume(context, input, held.attempt);
}

/** Pays an attempt just opened (or left open by a failed call): the saved card, or a page. */
async function resume(
  context: SubmitContext,
  input: SubmitInput,
  attempt: PaymentAttempt,
): Promise<Submission> {
  const { payments } = context;
  const hold = holdOf(attempt);
  const description = String((attempt.data as { description?: unknown }).description ?? "");
  if (attempt.sessionId || hold.paymentAccountId === null) {
    return hostedPayment(context, input.customer, attempt, description);
  }
  const account = await ownPaymentAccount(context.db, input.customer.id, hold.paymentAccountId);
  const customerId = await providerCustomerOf(
    { ...context, provider: payments.provider, publicOrigin: context.links.origin },
    input.customer,
  );
  let paymentIntentId: string;
  try {
    const payment = await payments.provider.createPayment(
      {
        amount: attempt.amountCents,
        currency: attempt.currency,
        customerId,
        paymentMethodId: account.paymentMethodId ?? "",
        captureMethod: "automatic",
        offSession: true,
        confirm: true,
        metadata: { attempt: attempt.id, purpose: attempt.purpose },
        description,
      },
      { idempotencyKey: attempt.id },
    );
    paymentIntentId = payment.id;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.kind === "unavailable") {
      // Perhaps charged: the attempt stays open, a retry with the same key asks again (same
      // idempotency key), and the reconciliation job releases it once its time is up.
      throw new OrderingError("payment_unavailable", MESSAGES.paymentUnavailable);
    }
    const message = DECLINED[error.code ?? ""] ?? DECLINED.card_declined ?? "";
    await releaseAttempt(payments, attempt.id, message);
    throw new OrderingError("payment_failed", message, { Reason: error.code ?? "card_declined" });
  }
  return placedOrThrow(
    context,
    await settlePaymentAttempt(payments, attempt.id, { paymentIntentId }),
  );
}

async function hostedPayment(
  context: SubmitContext,
  customer: Customer,
  attempt: PaymentAttempt,
  description: string,
): Promise<Submission> {
  const { payments } = context;
  const origin = context.links.origin;
  const customerId = await providerCustomerOf(
    { ...context, provider: payments.provider, publicOrigin: origin },
    customer,
  );
  const started = await startCheckoutSession(payments, attempt, {
    lines: [{ name: description, unitAmount: attempt.amountCents, quantity: 1 }],
    successUrl: `${origin}/order/paiement/retour?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/order/paiement/`,
    customerId,
    locale: "fr",
  });
  if (!started.ok) throw new OrderingError("payment_unavailable", started.message);
  return { kind: "awaiting_payment", attemptId: attempt.id, paymentUrl: started.url };
}

/** The order a settled attempt placed; a refusal in the API's shape otherwise. */
export async function placedOrThrow(
  context: OrderingContext,
  outcome: SettleOutcome,
): Promise<Submission> {
  if (outcome.kind === "placed") {
    const order = await orderByIdempotencyKey(context.db, holdOf(outcome.attempt).key);
    if (!order) throw new Error(`The placed order ${outcome.resultRef} is missing`);
    return { kind: "placed", order };
  }
  if (outcome.kind === "refunded" || outcome.kind === "released") {
    throw new OrderingError("payment_failed", outcome.message ?? DECLINED.card_declined ?? "", {
      Reason: outcome.kind,
    });
  }
  throw new OrderingError("payment_failed", MESSAGES.paymentPending, { Reason: "pending" });
}

/** The bank card of a submission, when one is given: the customer's own, saved on the provider. */
async function bankCardOf(
  context: SubmitContext,
  input: SubmitInput,
): Promise<PaymentAccount | null> {
  if (input.paymentAccountId === undefined) return null;
  const account = await ownPaymentAccount(context.db, input.customer.id, input.paymentAccountId);
  if (account.kind === "meal_voucher") {
    throw new OrderingError("payment_failed", MESSAGES.mealVoucherAsMainCard, {
      Reason: "meal_voucher_as_card",
    });
  }
  if (!account.paymentMethodId) {
    throw new OrderingError("payment_failed", MESSAGES.cardToRegisterAgain, {
      Reason: "card_to_register_again",
    });
  }
  return account;
}

/**
 * The titres-restaurant card of a submission, when one is given: the customer's own, saved as
 * titres-restaurant, and for a basket with food it may pay.
 */
async function mealVoucherAccountOf(
  context: SubmitContext,
  input: SubmitInput,
  priced: PricedBasket,
): Promise<PaymentAccount | null> {
  if (input.mealVoucherPaymentAccountId === undefined) return null;
  const account = await ownPaymentAccount(
    context.db,
    input.customer.id,
    input.mealVoucherPaymentAccountId,
  );
  if (account.kind !== "meal_voucher") {
    throw new OrderingError("payment_failed", MESSAGES.notMealVoucherAccount, {
      Reason: "not_meal_voucher",
      Field: "MealVoucherPaymentAccountId",
    });
  }
  if (priced.mealVoucherEligibleCents <= 0) {
    throw new OrderingError("payment_failed", MESSAGES.mealVoucherNothingEligible, {
      Reason: "meal_voucher_nothing_eligible",
      Field: "MealVoucherPaymentAccountId",
    });
  }
  return account;
}
