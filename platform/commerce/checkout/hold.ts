import { eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { findCartByToken } from "#platform/commerce/cart/records.ts";
import { commerceCart } from "#platform/commerce/cart/schema.ts";
import { type CartView, isAlcohol, loadCartView } from "#platform/commerce/cart/view.ts";
import { soldByWeightProducts } from "#platform/commerce/catalogue/sold-by-weight.ts";
import { StockShort, takeStock } from "#platform/commerce/catalogue/stock.ts";
import { checkoutDelivery } from "#platform/commerce/checkout/delivery.ts";
import {
  type CheckoutInput,
  confirmsAdult,
  type FieldErrors,
  MESSAGES,
} from "#platform/commerce/checkout/form.ts";
import { chargeHeldMealVoucher } from "#platform/commerce/checkout/payment.ts";
import {
  addressOf,
  CHECKOUT_MESSAGES,
  cartDeliveryAddress,
  cartProblem,
  createHeldOrder,
  type HeldCheckout,
  SlotRefused,
  slotRefusal,
} from "#platform/commerce/checkout/place-order.ts";
import { AutomaticDiscountUsedUp, DiscountUsedUp } from "#platform/commerce/discounts/discounts.ts";
import {
  allocateGiftCards,
  cartGiftCards,
  GIFT_CARD_MESSAGES,
  GiftCardBalanceChanged,
} from "#platform/commerce/gift-cards/gift-cards.ts";
import {
  type OrderRow,
  orderForCart,
  orderTotals,
  SERVICE_FEE_CENTS,
  SERVICE_FEE_TITLE,
} from "#platform/commerce/orders/orders.ts";
import { cartOrderMode } from "#platform/commerce/orders/slot.ts";
import type { SlotBookings } from "#platform/commerce/slot-port.ts";
import { mealVoucherEligibleCents } from "#platform/meal-vouchers.ts";
import { countOrder, countSlotBooking } from "#platform/metrics.ts";
import {
  type CheckoutLine,
  latestAttempt,
  openPaymentAttempt,
  type PaymentAttempt,
} from "#platform/payments/index.ts";
import { authorisedCents } from "#platform/sold-by-weight.ts";

/**
 * The hosted checkout's hold (issue 48): once the form is valid, one transaction checks the cart
 * as the order will be made (purchasable lines, adult confirmation, slot, delivery minimum, gift
 * cards as the page showed them), takes the counted stock of its lines, books the slot's place,
 * charges the titres-restaurant card, and opens a payment attempt holding all of it for the
 * provider's hosted page, which pays the rest.
 * When gift cards and titres-restaurant pay everything, the order is made at once instead.
 */

/** The payment attempts' purpose of the grocery checkout (its handler: grocery-payment.ts). */
export const GROCERY_PURPOSE = "grocery";

/**
 * How long the slot, the stock and the basket are held for the hosted page: its session's expiry. Stripe takes
 * 30 minutes at least from the session's creation, which comes a moment after the hold: one
 * more minute keeps it within bounds.
 */
export const HOLD_MINUTES = 31;

export type BeginPaymentResult =
  | { kind: "not-found" }
  | { kind: "empty" }
  /** The order of this cart, made now (nothing left for a card) or by an earlier payment. */
  | { kind: "ordered"; order: OrderRow; created: boolean }
  | { kind: "refused"; errors: FieldErrors; general: string | null }
  /** The cart has no mode, slot or store (or no address for a delivery): chosen on the shop. */
  | { kind: "no-order-mode" }
  /** The slot can no longer be booked (passed, full, or taken by a concurrent payment). */
  | { kind: "slot-refused"; general: string }
  /** Held: the shopper pays `attempt` on the hosted page, whose lines are these. */
  | { kind: "pay"; attempt: PaymentAttempt; lines: CheckoutLine[] }
  /** Another payment of this cart is open (a concurrent submission): it must settle first. */
  | { kind: "pending"; attempt: PaymentAttempt };

export type BeginPaymentRequest = {
  token: string;
  key: string;
  input: CheckoutInput;
  now: Date;
  storefrontOrigin: string;
  slots: SlotBookings;
  /** What the page said the applied gift cards pay: refused when they would now pay another. */
  expectedGiftCardCents?: number;
  /** The titres-restaurant card kept on the cart (its processor token), if any. */
  mealVoucher?: { token: string; last4: string } | null;
};

/** Thrown inside the hold's transaction when the order made at once is refused. */
class HoldRefused extends Error {
  readonly general: string;
  constructor(general: string) {
    super(general);
    this.general = general;
  }
}

/** Holds a cart for its payment on the hosted page (see the module's comment). */
export async function beginPayment(
  db: Db,
  request: BeginPaymentRequest,
): Promise<BeginPaymentResult> {
  try {
    const result = await db.transaction((tx) => hold(tx, request));
    if (result.kind === "pay" || (result.kind === "ordered" && result.created)) {
      countSlotBooking("grocery", "booked");
    }
    if (result.kind === "ordered" && result.created) countOrder("grocery");
    if (result.kind === "slot-refused") countSlotBooking("grocery", "refused");
    return result;
  } catch (error) {
    if (error instanceof HoldRefused)
      return { kind: "refused", errors: {}, general: error.general };
    if (error instanceof StockShort) return { kind: "refused", errors: {}, general: error.message };
    if (error instanceof SlotRefused) {
      countSlotBooking("grocery", "refused");
      return { kind: "slot-refused", general: error.general };
    }
    if (error instanceof DiscountUsedUp) {
      return { kind: "refused", errors: {}, general: CHECKOUT_MESSAGES.discountUsedUp(error.code) };
    }
    if (error instanceof GiftCardBalanceChanged) {
      return { kind: "refused", errors: {}, general: GIFT_CARD_MESSAGES.changed(error.masked) };
    }
    if (error instanceof AutomaticDiscountUsedUp) {
      return {
        kind: "refused",
        errors: {},
        general: CHECKOUT_MESSAGES.automaticDiscountUsedUp(error.title),
      };
    }
    throw error;
  }
}

async function hold(tx: Tx, request: BeginPaymentRequest): Promise<BeginPaymentResult> {
  const { input, now, slots } = request;
  const cart = await findCartByToken(tx, request.token, request.key, { forUpdate: true });
  if (!cart) return { kind: "not-found" };
  const existing = await orderForCart(tx, cart.id);
  if (existing) return { kind: "ordered", order: existing, created: false };
  if (cart.completedAt) return { kind: "not-found" };
  const open = await latestAttempt(tx, GROCERY_PURPOSE, cart.token);
  if (open?.status === "open") return { kind: "pending", attempt: open };

  const view = await loadCartView(tx, cart, now);
  if (view.lines.length === 0) return { kind: "empty" };
  const problem = cartProblem(view);
  if (problem) return { kind: "refused", errors: {}, general: problem };
  // Alcohol is sold to adults only: checked again on the cart as it is now (a bottle added in
  // another tab), and the order keeps when.
  const alcohol = view.lines.some((line) => isAlcohol(line.product));
  if (alcohol && !confirmsAdult(input)) {
    return { kind: "refused", errors: { adult: MESSAGES.adult }, general: null };
  }

  const chosen = cartOrderMode(cart.attributes);
  if (!chosen) return { kind: "no-order-mode" };
  const deliveryAddress = chosen.mode === 1 ? await cartDeliveryAddress(tx, cart.id) : null;
  if (chosen.mode === 1 && !deliveryAddress) return { kind: "no-order-mode" };
  const slotRequest = { ...chosen, now };
  const offered = await slots.check(tx, slotRequest);
  if (!offered.ok) return { kind: "slot-refused", general: slotRefusal(offered, chosen.slotKey) };
  const priced = checkoutDelivery(chosen.mode, offered.store, view);
  if (priced.refusal) return { kind: "refused", errors: {}, general: priced.refusal };
  const delivery = priced.method;
  const totals = orderTotals(view, delivery);
  const gift = allocateGiftCards(
    await cartGiftCards(tx, cart.id, { forUpdate: true }),
    totals.totalCents,
    now,
  );
  if (gift.totalCents !== (request.expectedGiftCardCents ?? 0)) {
    const changed = gift.uses.find((use) => use.problem) ?? gift.uses[0];
    throw new GiftCardBalanceChanged(changed?.card ?? null);
  }
  // The counted units are taken now, for the time of the hosted page (given back by `release`):
  // a concurrent checkout that took the last ones refuses this one, and everything rolls back.
  const stock = await takeStock(
    tx,
    view.lines.map((line) => ({
      variantId: line.variant.id,
      quantity: line.quantity,
      title: lineName(line),
    })),
  );
  const leftCents = totals.totalCents - gift.totalCents;
  // Every hold has keys of its own (the titres-restaurant charge's): a later hold of this cart
  // charges again rather than replaying a refunded charge.
  const holdKey = `checkout:${cart.token}:${cart.paymentAttempts}`;
  await tx
    .update(commerceCart)
    .set({ paymentAttempts: cart.paymentAttempts + 1 })
    .where(eq(commerceCart.id, cart.id));

  // Titres-restaurant pay first, for the food only and up to the card's day, in this
  // transaction: a refusal below rolls the charge back with everything else.
  let mealVoucher: HeldCheckout["mealVoucher"] = null;
  if (leftCents > 0 && request.mealVoucher) {
    const eligible = mealVoucherEligibleCents(view.lines, leftCents);
    if (eligible <= 0) {
      return { kind: "refused", errors: {}, general: MESSAGES.mealVoucherNothingEligible };
    }
    const charged = await chargeHeldMealVoucher(
      tx,
      request.mealVoucher,
      {
        amountCents: eligible,
        idempotencyKey: `${holdKey}:titres-restaurant`,
        description: `Commande Comptoir (panier ${cart.token}), titres-restaurant`,
      },
      now,
    );
    if (!charged.ok) return { kind: "refused", errors: {}, general: charged.failure.message };
    mealVoucher = charged.payment;
  }

  // The place is taken now, for the time of the hosted page: a refusal (the last place went to
  // a concurrent payment) rolls everything back.
  const booked = await slots.book(tx, slotRequest);
  if (!booked.ok) throw new SlotRefused(slotRefusal(booked, chosen.slotKey));

  const cardCents = leftCents - (mealVoucher?.amountCents ?? 0);
  const weighed = cardCents > 0 ? await soldByWeightCents(tx, view) : 0;
  const held: HeldCheckout = {
    cartId: cart.id,
    input,
    adultConfirmedAt: alcohol ? now.toISOString() : null,
    slot: {
      mode: chosen.mode,
      key: booked.slot.key,
      start: booked.slot.start.toISOString(),
      end: booked.slot.end.toISOString(),
      store: booked.store,
    },
    address: addressOf(input, deliveryAddress),
    delivery,
    totalCents: totals.totalCents,
    giftCards: gift.uses
      .filter((use) => use.amountUsedCents > 0)
      .map((use) => ({ id: use.card.id, cents: use.amountUsedCents })),
    mealVoucher,
    cardCents,
    authorisedCents: weighed > 0 ? authorisedCents(cardCents, weighed) : null,
    stock,
  };

  if (cardCents <= 0) {
    const placed = await createHeldOrder(tx, held, null, now, request.storefrontOrigin);
    if (!placed.ok) throw new HoldRefused(placed.reason);
    return { kind: "ordered", order: placed.order, created: true };
  }
  const amountCents = held.authorisedCents ?? cardCents;
  const attempt = await openPaymentAttempt(tx, {
    purpose: GROCERY_PURPOSE,
    reference: cart.token,
    amountCents,
    captureMethod: held.authorisedCents ? "manual" : "automatic",
    expiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000),
    data: held as unknown as Record<string, unknown>,
    now,
  });
  return { kind: "pay", attempt, lines: sessionLines(view, held, amountCents) };
}

/** What the lines sold by weight come to, as charged (after their discounts). */
async function soldByWeightCents(tx: Tx, view: CartView): Promise<number> {
  const weighed = await soldByWeightProducts(
    tx,
    view.lines.map((line) => line.product.id),
  );
  return view.lines
    .filter((line) => weighed.has(line.product.id))
    .reduce((sum, line) => sum + line.totalCents, 0);
}

/**
 * The hosted page's lines: the basket as the shopper knows it when the card pays all of it;
 * otherwise (gift cards or titres-restaurant paid part, an estimate for lines sold by weight, a
 * discount not spread on lines) one line for what is left.
 */
function sessionLines(view: CartView, held: HeldCheckout, amountCents: number): CheckoutLine[] {
  const lines: CheckoutLine[] = view.lines.map((line) =>
    line.totalCents % line.quantity === 0
      ? {
          name: lineName(line),
          unitAmount: line.totalCents / line.quantity,
          quantity: line.quantity,
        }
      : { name: `${line.quantity} × ${lineName(line)}`, unitAmount: line.totalCents, quantity: 1 },
  );
  lines.push({ name: SERVICE_FEE_TITLE, unitAmount: SERVICE_FEE_CENTS, quantity: 1 });
  if (held.delivery.feeCents > 0) {
    lines.push({ name: held.delivery.title, unitAmount: held.delivery.feeCents, quantity: 1 });
  }
  const sum = lines.reduce((total, line) => total + line.unitAmount * line.quantity, 0);
  if (sum === amountCents) return lines;
  const name = held.authorisedCents
    ? "Commande Comptoir (montant estimé, produits à la coupe pesés à la préparation)"
    : "Commande Comptoir (reste à payer par carte)";
  return [{ name, unitAmount: amountCents, quantity: 1 }];
}

function lineName(line: CartView["lines"][number]): string {
  return line.variant.title !== "Default Title"
    ? `${line.product.title} (${line.variant.title})`
    : line.product.title;
}
