import type { Db, Tx } from "#db/client.ts";
import { withGiftOptions } from "#platform/commerce/cart/gift-options.ts";
import { isPurchasable } from "#platform/commerce/cart/lines.ts";
import { findCartByToken } from "#platform/commerce/cart/records.ts";
import {
  type CartView,
  cartAddresses,
  isAlcohol,
  loadCartView,
} from "#platform/commerce/cart/view.ts";
import { checkoutDelivery } from "#platform/commerce/checkout/delivery.ts";
import {
  type CheckoutInput,
  confirmsAdult,
  type FieldErrors,
  giftOptionsOfForm,
  MESSAGES,
  usesMealVoucher,
} from "#platform/commerce/checkout/form.ts";
import {
  chargeTheCard,
  chargeTheMealVoucher,
  type MealVoucherPayment,
  mealVoucherText,
  PaymentRefused,
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
  GIFT_CARD_MESSAGES,
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
import {
  type CartOrderMode,
  cartOrderMode,
  orderModeText,
} from "#platform/commerce/orders/slot.ts";
import type { SlotBookings, SlotPortOutcome } from "#platform/commerce/slot-port.ts";
import { formatSlot } from "#platform/format.ts";
import { type InvoiceRow, invoicePath, invoiceTitle } from "#platform/invoices/index.ts";
import { mealVoucherEligibleCents } from "#platform/meal-vouchers.ts";
import { countOrder, countSlotBooking } from "#platform/metrics.ts";
import { orderConfirmationEmail, queueEmail } from "#platform/notify/index.ts";
import { orderNumberLabel } from "#platform/order-status.ts";

/** What a checkout submission led to. */
export type PlaceOrderResult =
  | { kind: "not-found" }
  | { kind: "empty" }
  /** The order of this cart, created now or by an earlier (or concurrent) submission. */
  | { kind: "ordered"; order: OrderRow; created: boolean }
  | { kind: "refused"; errors: FieldErrors; general: string | null }
  /** The cart has no mode, slot or store (or no address for a delivery): chosen on the shop. */
  | { kind: "no-order-mode" }
  /** The slot can no longer be booked (passed, full, or taken by a concurrent payment). */
  | { kind: "slot-refused"; general: string };

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

/** Thrown inside the payment's transaction when the slot is refused: everything rolls back. */
class SlotRefused extends Error {
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
function cartProblem(view: CartView): string | null {
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
function addressOf(input: CheckoutInput, delivery: CartAddress | null): OrderAddress {
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

async function queueConfirmation(
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
 * Pays for a cart and turns it into an order, exactly once, with its slot booked. Everything
 * happens in one transaction that first locks the cart row: a concurrent or retried submission
 * waits, then finds the order and answers it instead of charging again. A declined card creates
 * no order and books nothing.
 *
 * The slot (chosen on the storefront, carried by the cart's attributes) is checked before the
 * card is charged, then booked after the charge in the same transaction, through the ordering
 * service's capacity (`SlotBookings`): when a concurrent payment took the last place meanwhile,
 * the booking is refused and the whole transaction rolls back, the charge with it (the processor
 * writes in this transaction, so nothing is charged), and the shopper gets a French message.
 */
export async function placeOrder(
  db: Db,
  request: {
    token: string;
    key: string;
    input: CheckoutInput;
    now: Date;
    storefrontOrigin: string;
    slots: SlotBookings;
    /**
     * What the page said the applied gift cards pay (0 without cards): the order is refused,
     * nothing charged, when they would now pay another amount.
     */
    expectedGiftCardCents?: number;
  },
): Promise<PlaceOrderResult> {
  try {
    const result = await db.transaction((tx) => payAndOrder(tx, request));
    // Counted once committed; a replay of a placed order is not a new one.
    if (result.kind === "ordered" && result.created) {
      countOrder("grocery");
      countSlotBooking("grocery", "booked");
    }
    if (result.kind === "slot-refused") countSlotBooking("grocery", "refused");
    return result;
  } catch (error) {
    if (error instanceof PaymentRefused) return { kind: "refused", ...error.refusal };
    if (error instanceof SlotRefused) {
      countSlotBooking("grocery", "refused");
      return { kind: "slot-refused", general: error.general };
    }
    // A code's last use taken by a concurrent order: this one rolled back, charge included.
    if (error instanceof DiscountUsedUp) {
      return { kind: "refused", errors: {}, general: CHECKOUT_MESSAGES.discountUsedUp(error.code) };
    }
    // A gift card spent meanwhile by a concurrent order: this one rolled back, charge included.
    if (error instanceof GiftCardBalanceChanged) {
      return { kind: "refused", errors: {}, general: GIFT_CARD_MESSAGES.changed(error.masked) };
    }
    // The automatic discount's last use, likewise: the shopper sees the new total and retries.
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

async function payAndOrder(
  tx: Tx,
  request: Parameters<typeof placeOrder>[1],
): Promise<PlaceOrderResult> {
  const { input, now, slots } = request;
  const cart = await findCartByToken(tx, request.token, request.key, { forUpdate: true });
  if (!cart) return { kind: "not-found" };
  const existing = await orderForCart(tx, cart.id);
  if (existing) return { kind: "ordered", order: existing, created: false };
  if (cart.completedAt) return { kind: "not-found" };

  const view = await loadCartView(tx, cart, now);
  if (view.lines.length === 0) return { kind: "empty" };
  const problem = cartProblem(view);
  if (problem) return { kind: "refused", errors: {}, general: problem };
  // Alcohol is sold to adults only: the shopper confirms it before paying, and the order keeps
  // when. Checked again here, on the cart as it is now (a bottle added in another tab).
  const alcohol = view.lines.some((line) => isAlcohol(line.product));
  if (alcohol && !confirmsAdult(input)) {
    return { kind: "refused", errors: { adult: MESSAGES.adult }, general: null };
  }

  const chosen: CartOrderMode | null = cartOrderMode(cart.attributes);
  if (!chosen) return { kind: "no-order-mode" };
  const deliveryAddress = chosen.mode === 1 ? await cartDeliveryAddress(tx, cart.id) : null;
  if (chosen.mode === 1 && !deliveryAddress) return { kind: "no-order-mode" };
  const slotRequest = { ...chosen, now };
  // A passed or full slot is refused before the card is even read.
  const offered = await slots.check(tx, slotRequest);
  if (!offered.ok) return { kind: "slot-refused", general: slotRefusal(offered, chosen.slotKey) };
  // The fee and minimum of the store's delivery zone; below the minimum nothing is charged.
  const priced = checkoutDelivery(chosen.mode, offered.store, view);
  if (priced.refusal) return { kind: "refused", errors: {}, general: priced.refusal };
  const delivery = priced.method;
  const totals = orderTotals(view, delivery);
  // The gift cards pay first, in the order applied; their rows stay locked until the order is
  // written, so a concurrent checkout spending the same card waits and then sees what is left.
  const gift = allocateGiftCards(
    await cartGiftCards(tx, cart.id, { forUpdate: true }),
    totals.totalCents,
    now,
  );
  if (gift.totalCents !== (request.expectedGiftCardCents ?? 0)) {
    const changed = gift.uses.find((use) => use.problem) ?? gift.uses[0];
    throw new GiftCardBalanceChanged(changed?.card ?? null);
  }
  const leftCents = totals.totalCents - gift.totalCents;
  // Titres-restaurant pay first, for the food only and up to the card's day; the bank card the
  // rest. A bank card failing then rolls everything back, the titres-restaurant charge with it.
  const voucher =
    leftCents > 0 && usesMealVoucher(input)
      ? await chargeTheMealVoucher(
          tx,
          cart,
          input,
          mealVoucherEligibleCents(view.lines, leftCents),
          now,
        )
      : null;
  if (voucher && !voucher.ok) return { kind: "refused", ...voucher.refusal };
  const mealVoucher = voucher?.ok ? voucher.payment : null;
  const cardCents = leftCents - (mealVoucher?.amountCents ?? 0);
  if (cardCents > 0 && mealVoucher && input.cardNumber.trim() === "") {
    throw new PaymentRefused({ errors: { cardNumber: MESSAGES.cardForTheRest }, general: null });
  }
  const charged = cardCents > 0 ? await chargeTheCard(tx, cart, input, cardCents, now) : null;
  if (charged && !charged.ok) {
    if (mealVoucher) throw new PaymentRefused(charged.refusal);
    return { kind: "refused", ...charged.refusal };
  }

  // The place is taken by the ordering service's atomic conditional booking; a refusal (the last
  // place went to a concurrent payment) rolls back the charge and everything else.
  const booked = await slots.book(tx, slotRequest);
  if (!booked.ok) throw new SlotRefused(slotRefusal(booked, chosen.slotKey));
  const slot: OrderSlotBooking = {
    mode: chosen.mode,
    key: booked.slot.key,
    start: booked.slot.start,
    end: booked.slot.end,
    store: booked.store,
  };

  const address = addressOf(input, deliveryAddress);
  const order = await createOrderFromCart(tx, {
    view,
    email: input.email.toLowerCase(),
    phone: input.phone,
    shippingAddress: chosen.mode === 1 ? address : null,
    billingAddress: address,
    delivery,
    chargeId: charged?.chargeId ?? null,
    mealVoucher,
    paid: true,
    slot,
    adultConfirmedAt: alcohol ? now : null,
    // The gift options as the form last gave them, over any the cart carried.
    customAttributes: withGiftOptions(view.cart.attributes, giftOptionsOfForm(input)),
    now,
  });
  await spendGiftCards(tx, gift.uses, order.id, now);
  const invoice = await issueGroceryInvoice(
    tx,
    order,
    paymentText(
      charged?.ok ? charged.card : null,
      mealVoucher,
      gift.uses.filter((use) => use.amountUsedCents > 0),
    ),
    now,
  );
  await queueConfirmation(
    tx,
    order,
    view,
    input,
    slot,
    delivery,
    address,
    request.storefrontOrigin,
    gift.uses,
    mealVoucher,
    invoice,
  );
  return { kind: "ordered", order, created: true };
}
