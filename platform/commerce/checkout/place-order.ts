import { eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { withGiftOptions } from "#platform/commerce/cart/gift-options.ts";
import { isPurchasable } from "#platform/commerce/cart/lines.ts";
import { commerceCart } from "#platform/commerce/cart/schema.ts";
import { type CartView, cartAddresses, loadCartView } from "#platform/commerce/cart/view.ts";
import type { StockTaken } from "#platform/commerce/catalogue/stock.ts";
import { checkoutDelivery } from "#platform/commerce/checkout/delivery.ts";
import { type CheckoutInput, giftOptionsOfForm } from "#platform/commerce/checkout/form.ts";
import {
  type MealVoucherPayment,
  mealVoucherText,
  paymentText,
} from "#platform/commerce/checkout/payment.ts";
import { customerById } from "#platform/commerce/customers/tokens.ts";
import {
  AutomaticDiscountUsedUp,
  DiscountUsedUp,
  normaliseCode,
} from "#platform/commerce/discounts/discounts.ts";
import { maskedGiftCardCode } from "#platform/commerce/gift-cards/codes.ts";
import {
  allocateGiftCards,
  cartGiftCards,
  GiftCardBalanceChanged,
  type GiftCardUse,
  spendGiftCards,
} from "#platform/commerce/gift-cards/gift-cards.ts";
import { issueGroceryInvoice } from "#platform/commerce/orders/invoice.ts";
import {
  createOrderFromCart,
  type OrderDeliveryMethod,
  type OrderRow,
  type OrderSlotBooking,
  orderForCart,
  orderGid,
  orderTotals,
  SERVICE_FEE_TITLE,
} from "#platform/commerce/orders/orders.ts";
import type { OrderAddress } from "#platform/commerce/orders/schema.ts";
import { orderModeText } from "#platform/commerce/orders/slot.ts";
import type { SlotPortOutcome, SlotPortStore } from "#platform/commerce/slot-port.ts";
import { formatSlot } from "#platform/format.ts";
import { type InvoiceRow, invoicePath, invoiceTitle } from "#platform/invoices/index.ts";
import { orderConfirmationEmail, queueEmail } from "#platform/notify/index.ts";
import { orderNumberLabel } from "#platform/order-status.ts";

/**
 * Placing a grocery order from the hosted checkout: the French refusals, the checks of a cart
 * before it may be ordered, and the order made from a held checkout (with its invoice and its
 * confirmation email) once its payment is settled, or at once when gift cards pay it all.
 */

export const CHECKOUT_MESSAGES = {
  unavailable: (title: string) =>
    `« ${title} » n'est plus disponible : retirez-le de votre panier pour continuer.`,
  maxQuantity: (title: string, max: number) =>
    `Quantité maximale atteinte pour ce produit (${max}) : « ${title} ».`,
  discountUsedUp: (code: string) =>
    `Le code promo « ${code} » a atteint son nombre maximal d'utilisations : retirez-le de votre panier pour continuer.`,
  automaticDiscountUsedUp: (title: string) =>
    `La remise « ${title} » vient d'atteindre son nombre maximal d'utilisations : votre commande n'a pas été validée et rien n'a été débité. Vérifiez le nouveau total et validez à nouveau.`,
  slotFull: (slot: string) =>
    `Le créneau du ${slot} est complet : votre commande n'a pas été validée et rien n'a été débité. Choisissez un autre créneau.`,
  slotUnavailable: (slot: string) =>
    `Le créneau du ${slot} n'est plus proposé : votre commande n'a pas été validée et rien n'a été débité. Choisissez un autre créneau.`,
  storeUnavailable:
    "Ce magasin ne propose plus ce mode de commande : votre commande n'a pas été validée et rien n'a été débité. Choisissez un autre mode ou un autre magasin.",
};

/** The French refusal of a slot that cannot be booked. */
export function slotRefusal(outcome: SlotPortOutcome & { ok: false }, slotKey: string): string {
  switch (outcome.reason) {
    case "slot_full":
      return CHECKOUT_MESSAGES.slotFull(formatSlot(slotKey));
    case "slot_unavailable":
      return CHECKOUT_MESSAGES.slotUnavailable(formatSlot(slotKey));
    default:
      return CHECKOUT_MESSAGES.storeUnavailable;
  }
}

/** Thrown inside the hold's transaction when the slot is refused: everything rolls back. */
export class SlotRefused extends Error {
  readonly general: string;
  constructor(general: string) {
    super(general);
    this.general = general;
  }
}

/** Where the shopper goes once the order exists: the storefront's confirmation page. */
export function confirmationUrl(storefrontOrigin: string, order: OrderRow): string {
  return `${storefrontOrigin}/order/confirmation/?order=${encodeURIComponent(orderGid(order))}`;
}

/** A line that can no longer be bought as it is: the reason, in French; null when all is well. */
export function cartProblem(view: CartView): string | null {
  for (const line of view.lines) {
    if (!isPurchasable(line.product, line.variant)) {
      return CHECKOUT_MESSAGES.unavailable(line.product.title);
    }
  }
  const usedUp = view.discountCodes.find(
    (discount) => discount.warning?.code === "DISCOUNT_USAGE_LIMIT_REACHED",
  );
  if (usedUp) return CHECKOUT_MESSAGES.discountUsedUp(normaliseCode(usedUp.code));
  const byProduct = new Map<number, { title: string; max: number; quantity: number }>();
  for (const line of view.lines) {
    const entry = byProduct.get(line.product.id) ?? {
      title: line.product.title,
      max: line.maxQuantity,
      quantity: 0,
    };
    entry.quantity += line.quantity;
    byProduct.set(line.product.id, entry);
  }
  for (const entry of byProduct.values()) {
    if (entry.quantity > entry.max) return CHECKOUT_MESSAGES.maxQuantity(entry.title, entry.max);
  }
  return null;
}

type CartAddress = Awaited<ReturnType<typeof cartAddresses>>[number];

/** The delivery address the storefront put on the cart (the selected one), if complete. */
export async function cartDeliveryAddress(db: Db | Tx, cartId: number) {
  const addresses = await cartAddresses(db, cartId);
  const address = addresses.find((a) => a.selected) ?? addresses[0];
  return address?.address1 && address.zip && address.city ? address : null;
}

/** The buyer's name and phone, with the cart's delivery address for a delivery. */
export function addressOf(input: CheckoutInput, delivery: CartAddress | null): OrderAddress {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    company: delivery?.company ?? null,
    address1: delivery?.address1 ?? null,
    address2: delivery?.address2 ?? null,
    city: delivery?.city ?? null,
    zip: delivery?.zip ?? null,
    province: null,
    countryCode: delivery?.countryCode ?? "FR",
    phone: input.phone,
  };
}

/** How the confirmation names a cart's discount: an automatic discount by its title. */
function discountLabel(view: CartView): string {
  return view.automaticDiscount ? `Remise automatique : ${view.automaticDiscount.title}` : "Remise";
}

export async function queueConfirmation(
  tx: Tx,
  order: OrderRow,
  view: CartView,
  input: CheckoutInput,
  slot: OrderSlotBooking,
  delivery: OrderDeliveryMethod,
  address: OrderAddress,
  storefrontOrigin: string,
  giftCards: GiftCardUse[],
  mealVoucher: MealVoucherPayment | null,
  invoice: InvoiceRow,
) {
  const totals = orderTotals(view, delivery);
  const spent = giftCards.filter((use) => use.amountUsedCents > 0);
  const otherCents =
    spent.reduce((sum, use) => sum + use.amountUsedCents, 0) + (mealVoucher?.amountCents ?? 0);
  const customer = view.cart.customerId ? await customerById(tx, view.cart.customerId) : undefined;
  const email = orderConfirmationEmail({
    firstName: customer?.firstName ?? input.firstName,
    orderName: orderNumberLabel(order.orderNumber),
    // The products only: the service fee is a fee, shown with the delivery's as the cart does.
    lines: view.lines.map((line) => ({
      title: line.product.title,
      quantity: line.quantity,
      totalCents: line.subtotalCents,
    })),
    discount: { label: discountLabel(view), cents: totals.discountCents },
    fees: [
      { title: SERVICE_FEE_TITLE, cents: totals.serviceFeeCents },
      { title: delivery.title, cents: totals.shippingCents },
    ],
    totalCents: totals.totalCents,
    taxCents: totals.taxCents,
    vat: totals.vat,
    invoice: {
      title: invoiceTitle(invoice),
      url: new URL(invoicePath(invoice), storefrontOrigin).href,
    },
    paidBy:
      otherCents === 0
        ? []
        : [
            ...spent.map((use) => ({
              label: `carte cadeau ${maskedGiftCardCode(use.card.lastCharacters)}`,
              cents: use.amountUsedCents,
            })),
            ...(mealVoucher
              ? [{ label: mealVoucherText(mealVoucher.last4), cents: mealVoucher.amountCents }]
              : []),
            ...(totals.totalCents > otherCents
              ? [{ label: "carte bancaire", cents: totals.totalCents - otherCents }]
              : []),
          ],
    arrival: [
      `${orderModeText(slot.mode)} — créneau du ${formatSlot(slot.key)}`,
      slot.mode === 1
        ? `Livraison à : ${[
            `${address.firstName} ${address.lastName}`,
            address.address1 ?? "",
            ...(address.address2 ? [address.address2] : []),
            `${address.zip} ${address.city}`,
          ].join(", ")}`
        : `Retrait au magasin ${slot.store.name} : ${slot.store.address}`,
    ],
    action: { label: "Voir ma commande", url: confirmationUrl(storefrontOrigin, order) },
  });
  await queueEmail(tx, { kind: "order-confirmation", to: input.email, ...email });
}

/**
 * What the hold took and what the page showed, kept on the payment attempt (`data`) while the
 * shopper pays on the provider's page: the order is made from it once paid, after checking
 * that the cart still comes to the same (hold.ts, grocery-payment.ts).
 */
export type HeldCheckout = {
  cartId: number;
  input: CheckoutInput;
  /** When the shopper confirmed being 18 or over (ISO), for a cart with alcohol. */
  adultConfirmedAt: string | null;
  /** The slot place the hold booked (`SlotBookings.book`), with its store. */
  slot: {
    mode: 1 | 2;
    key: string;
    start: string;
    end: string;
    store: SlotPortStore;
  };
  /** The buyer's name and phone, with the delivery address for a delivery. */
  address: OrderAddress;
  delivery: OrderDeliveryMethod;
  totalCents: number;
  /** What each applied gift card pays (by card id). */
  giftCards: { id: number; cents: number }[];
  /** The titres-restaurant charge the hold made, refunded if the hold is released. */
  mealVoucher: MealVoucherPayment | null;
  /** What is left for the bank card. */
  cardCents: number;
  /** A basket with lines sold by weight: what the card authorises (manual capture). */
  authorisedCents: number | null;
  /** The units of counted variants the hold took (absent on holds made before stock counted). */
  stock?: StockTaken[];
};

/** How the bank card paid, from the provider (null: nothing was left for a card). */
export type HeldPayment = {
  paymentIntentId: string;
  card: { brand: string; last4: string } | null;
  authorisedCents: number | null;
};

/** Why a held checkout can no longer be ordered as it was: a short French sentence. */
export type HeldRefusal = { ok: false; reason: string };

export const HELD_MESSAGES = {
  changed: "Votre panier a changé pendant le paiement.",
  ordered: "Ce panier a déjà été commandé.",
  giftCardChanged: (masked: string) =>
    `Le solde de la carte cadeau ${masked} a changé pendant le paiement.`,
  discountUsedUp: (code: string) =>
    `Le code promo « ${code} » a atteint son nombre maximal d'utilisations pendant le paiement.`,
  automaticDiscountUsedUp: (title: string) =>
    `La remise « ${title} » a atteint son nombre maximal d'utilisations pendant le paiement.`,
};

/**
 * Whether the basket's counted lines are still what the hold took: the same units of the same
 * variants (a line changed for one of equal price during the payment is caught here).
 */
function sameStock(view: CartView, taken: readonly StockTaken[]): boolean {
  const ordered = new Map<number, number>();
  for (const line of view.lines) {
    ordered.set(line.variant.id, (ordered.get(line.variant.id) ?? 0) + line.quantity);
  }
  const held = new Map(taken.map((entry) => [entry.variantId, entry.quantity]));
  return (
    taken.every((entry) => ordered.get(entry.variantId) === entry.quantity) &&
    view.lines.every((line) => line.variant.quantityAvailable === null || held.has(line.variant.id))
  );
}

async function lockedCart(tx: Tx, cartId: number) {
  const [cart] = await tx
    .select()
    .from(commerceCart)
    .where(eq(commerceCart.id, cartId))
    .for("update");
  return cart;
}

/**
 * Makes the order of a held checkout, in the caller's transaction: the cart is locked and read
 * again, and must come to what was held (the same total, each gift card paying the same, every
 * product still purchasable, the discounts still available); otherwise nothing is written and
 * the reason comes back. The slot place is the hold's: it is not booked again.
 */
export async function createHeldOrder(
  tx: Tx,
  held: HeldCheckout,
  payment: HeldPayment | null,
  now: Date,
  storefrontOrigin: string,
): Promise<{ ok: true; order: OrderRow } | HeldRefusal> {
  const cart = await lockedCart(tx, held.cartId);
  if (!cart || cart.completedAt || (await orderForCart(tx, cart.id))) {
    return { ok: false, reason: HELD_MESSAGES.ordered };
  }
  const view = await loadCartView(tx, cart, now);
  if (view.lines.length === 0) return { ok: false, reason: HELD_MESSAGES.changed };
  const problem = cartProblem(view);
  if (problem) return { ok: false, reason: problem };
  const priced = checkoutDelivery(held.slot.mode, held.slot.store, view);
  if (priced.refusal) return { ok: false, reason: HELD_MESSAGES.changed };
  const delivery = priced.method;
  const totals = orderTotals(view, delivery);
  if (
    totals.totalCents !== held.totalCents ||
    delivery.feeCents !== held.delivery.feeCents ||
    (held.stock && !sameStock(view, held.stock))
  ) {
    return { ok: false, reason: HELD_MESSAGES.changed };
  }
  const gift = allocateGiftCards(
    await cartGiftCards(tx, cart.id, { forUpdate: true }),
    totals.totalCents,
    now,
  );
  const spent = gift.uses.filter((use) => use.amountUsedCents > 0);
  const sameCards =
    spent.length === held.giftCards.length &&
    spent.every((use, index) => {
      const kept = held.giftCards[index];
      return kept?.id === use.card.id && kept.cents === use.amountUsedCents;
    });
  if (!sameCards) {
    const changed = gift.uses.find((use) => use.problem) ?? gift.uses[0];
    return {
      ok: false,
      reason: changed
        ? HELD_MESSAGES.giftCardChanged(maskedGiftCardCode(changed.card.lastCharacters))
        : HELD_MESSAGES.changed,
    };
  }
  const slot: OrderSlotBooking = {
    mode: held.slot.mode,
    key: held.slot.key,
    start: new Date(held.slot.start),
    end: new Date(held.slot.end),
    store: held.slot.store,
  };
  const { input, address, mealVoucher } = held;
  try {
    // A savepoint: a discount's last use taken meanwhile undoes only this, and the caller
    // refunds the payment.
    const order = await tx.transaction(async (sp) => {
      const created = await createOrderFromCart(sp, {
        view,
        email: input.email.toLowerCase(),
        phone: input.phone,
        shippingAddress: held.slot.mode === 1 ? address : null,
        billingAddress: address,
        delivery,
        chargeId: null,
        paymentIntentId: payment?.paymentIntentId ?? null,
        authorisedCents: payment?.authorisedCents ?? null,
        mealVoucher,
        paid: true,
        slot,
        adultConfirmedAt: held.adultConfirmedAt ? new Date(held.adultConfirmedAt) : null,
        stockTaken: held.stock,
        // The gift options as the form last gave them, over any the cart carried.
        customAttributes: withGiftOptions(view.cart.attributes, giftOptionsOfForm(input)),
        now,
      });
      await spendGiftCards(sp, gift.uses, created.id, now);
      const invoice = await issueGroceryInvoice(
        sp,
        created,
        paymentText(payment?.card ?? null, mealVoucher, spent, payment !== null),
        now,
      );
      await queueConfirmation(
        sp,
        created,
        view,
        input,
        slot,
        delivery,
        address,
        storefrontOrigin,
        gift.uses,
        mealVoucher,
        invoice,
      );
      return created;
    });
    return { ok: true, order };
  } catch (error) {
    if (error instanceof DiscountUsedUp) {
      return { ok: false, reason: HELD_MESSAGES.discountUsedUp(error.code) };
    }
    if (error instanceof AutomaticDiscountUsedUp) {
      return { ok: false, reason: HELD_MESSAGES.automaticDiscountUsedUp(error.title) };
    }
    if (error instanceof GiftCardBalanceChanged) {
      return {
        ok: false,
        reason: error.masked ? HELD_MESSAGES.giftCardChanged(error.masked) : HELD_MESSAGES.changed,
      };
    }
    throw error;
  }
}
